import { jsonb, timestamp } from 'drizzle-orm/pg-core';

// Column helpers shared by the tables of several features.

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A text in the three interface languages; the API answers in the request's one. */
export interface LocalizedText {
  en: string;
  zh: string;
  cn: string;
}
export const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull();

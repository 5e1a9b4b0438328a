import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { localized } from './columns';
import { courses } from './courses';

export const NEWS_KINDS = ['news', 'highlight'] as const;

export const news = pgTable(
  'news',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: NEWS_KINDS }).notNull(),
    title: localized('title'),
    body: localized('body'),
    coverUrl: text('cover_url'),
    courseId: bigint('course_id', { mode: 'number' }).references(() => courses.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('news_published_at_idx').on(t.publishedAt)],
);

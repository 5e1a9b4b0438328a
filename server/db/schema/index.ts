// The database schema, one file per feature (ADR 023). drizzle.config.ts reads this index;
// everything imports `../db/schema` as before.
export type { LocalizedText } from './columns';
export * from './users';
export * from './sessions';
export * from './password-reset';
export * from './rate-limits';
export * from './settings';
export * from './notifications';
export * from './mail';
export * from './identity-checks';
export * from './courses';
export * from './attachments';
export * from './viewings';
export * from './on-screen-log';
export * from './news';
export * from './quizzes';
export * from './feedback-forms';
export * from './mock-exams';

-- ADR 046: the search text in lower case, compared with like and a lower-cased pattern (ilike folded
-- the case of every text it checked). Dropping the column drops its trigram index: made again.
ALTER TABLE "courses" drop column "search_text";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(title ->> 'en', '') || chr(31) || coalesce(title ->> 'zh', '') || chr(31) || coalesce(title ->> 'cn', '') || chr(31) || coalesce(description ->> 'en', '') || chr(31) || coalesce(description ->> 'zh', '') || chr(31) || coalesce(description ->> 'cn', ''))) STORED;--> statement-breakpoint
CREATE INDEX "courses_search_text_idx" ON "courses" USING gin ("search_text" gin_trgm_ops);

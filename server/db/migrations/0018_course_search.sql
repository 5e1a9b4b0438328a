-- ADR 040: the catalogue search matches one stored text per course through a trigram index.
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it; PGlite loads it
-- from @electric-sql/pglite/contrib/pg_trgm (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce(title ->> 'en', '') || chr(31) || coalesce(title ->> 'zh', '') || chr(31) || coalesce(title ->> 'cn', '') || chr(31) || coalesce(description ->> 'en', '') || chr(31) || coalesce(description ->> 'zh', '') || chr(31) || coalesce(description ->> 'cn', '')) STORED;--> statement-breakpoint
CREATE INDEX "courses_search_text_idx" ON "courses" USING gin ("search_text" gin_trgm_ops);
CREATE INDEX "courses_title_en_idx" ON "courses" USING btree (("title" ->> 'en'),"id");--> statement-breakpoint
CREATE INDEX "courses_title_zh_idx" ON "courses" USING btree (("title" ->> 'zh'),"id");--> statement-breakpoint
CREATE INDEX "courses_title_cn_idx" ON "courses" USING btree (("title" ->> 'cn'),"id");
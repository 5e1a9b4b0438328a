import { z } from 'zod/mini';
import { pageNumber, perPage } from './courses.schema';
import { pagedResponseSchema } from './paged.schema';

// News and highlights (issue 5), texts in the request's language.

/** GET news?kind=news|highlight: news and highlights, newest first, paged. */
export const newsQuerySchema = z.object({
  kind: z.optional(z.enum(['news', 'highlight'])),
  page: pageNumber,
  per_page: perPage,
});
export type NewsQuery = z.infer<typeof newsQuerySchema>;

export const newsEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['news', 'highlight']),
  title: z.string(),
  body: z.string(),
  cover_url: z.string(),
  published_at: z.string(),
  /** A course the entry is about, if any. */
  course_id: z.nullable(z.string()),
});
export type NewsEntry = z.infer<typeof newsEntrySchema>;

export const newsListResponseSchema = pagedResponseSchema(newsEntrySchema);
export type NewsListResponse = z.infer<typeof newsListResponseSchema>;

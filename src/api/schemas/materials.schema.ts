import { z } from 'zod/mini';
import { attachmentSummarySchema, attachmentTypeSchema, materialLanguageSchema, optionalText, pageNumber, perPage } from './courses.schema';
import { pagedResponseSchema } from './paged.schema';

// The material library (issue 5): every attachment a learner may open, in the request's language.

/** GET materials: the material library (every attachment a learner may open), paged. */
export const materialQuerySchema = z.object({
  q: optionalText(100),
  type: z.optional(attachmentTypeSchema),
  language: z.optional(materialLanguageSchema),
  page: pageNumber,
  per_page: perPage,
});
export type MaterialQuery = z.infer<typeof materialQuerySchema>;

export const materialSchema = z.object({
  ...attachmentSummarySchema.shape,
  course_id: z.nullable(z.string()),
  course_title: z.nullable(z.string()),
  likes: z.int(),
  liked: z.boolean(),
});
export type Material = z.infer<typeof materialSchema>;

export const materialListResponseSchema = pagedResponseSchema(materialSchema);
export type MaterialListResponse = z.infer<typeof materialListResponseSchema>;

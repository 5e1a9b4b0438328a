import { z } from 'zod/mini';

/** Every error the API answers: a 4xx/5xx status and this body (DESIGN §5). */
export const apiErrorSchema = z.object({
  status_code: z.int(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { attachmentStatusPayloadSchema } from './attachments.schema';
import { loginPayloadSchema } from './sign-in.schema';
import { INT4_MAX, int4, text } from './bounds.schema';
import { courseIdParamSchema, courseListQuerySchema } from './courses.schema';
import { onScreenLogPayloadSchema } from './on-screen-time.schema';

const firstMessage = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).error?.issues[0]?.message;

describe('text()', () => {
  it('refuses NUL before any other rule, so the message names it', () => {
    const schema = text({ error: 'validation:name_required' }).check(z.regex(/^\d+$/, { error: 'validation:id_invalid' }));
    expect(firstMessage(schema, '1\u00002')).toBe('validation:text_nul');
    expect(firstMessage(schema, 'x')).toBe('validation:id_invalid');
    expect(firstMessage(schema, 7)).toBe('validation:name_required');
    expect(z.safeParse(schema, '12').success).toBe(true);
  });

  it('is what the request schemas build on', () => {
    expect(firstMessage(loginPayloadSchema, { external_id: 'agent\u000001', password: 'x' })).toBe('validation:text_nul');
    expect(firstMessage(courseListQuerySchema, { q: '\u0000' })).toBe('validation:text_nul');
    expect(firstMessage(courseIdParamSchema, { id: '1\u0000' })).toBe('validation:text_nul');
  });
});

describe('numbers bounded by their columns', () => {
  it('int4 holds up to 2^31 - 1', () => {
    expect(z.safeParse(int4('validation:pages_invalid'), INT4_MAX).success).toBe(true);
    expect(firstMessage(int4('validation:pages_invalid'), INT4_MAX + 1)).toBe('validation:number_too_large');
    expect(firstMessage(int4('validation:pages_invalid'), 1.5)).toBe('validation:pages_invalid');
  });

  it('durations and page counts fit their int4 columns; ids and keys are safe integers', () => {
    expect(firstMessage(onScreenLogPayloadSchema, { duration: INT4_MAX + 1, key: 1 })).toBe('validation:number_too_large');
    expect(firstMessage(attachmentStatusPayloadSchema, { completed_pages: 0, duration: INT4_MAX + 1, key: 1 })).toBe('validation:number_too_large');
    expect(firstMessage(attachmentStatusPayloadSchema, { completed_pages: INT4_MAX + 1, duration: 1, key: 1 })).toBe('validation:number_too_large');
    expect(firstMessage(onScreenLogPayloadSchema, { duration: 1, key: Number.MAX_SAFE_INTEGER + 1 })).toBe('validation:key_invalid');
    expect(z.safeParse(courseIdParamSchema, { id: String(Number.MAX_SAFE_INTEGER) }).success).toBe(true);
    expect(firstMessage(courseIdParamSchema, { id: String(Number.MAX_SAFE_INTEGER + 1) })).toBe('validation:id_invalid');
    expect(firstMessage(courseListQuerySchema, { page: String(INT4_MAX + 1) })).toBe('validation:page_invalid');
  });
});

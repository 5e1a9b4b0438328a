import { z } from 'zod/mini';
import { ATTACHMENT_TYPES, COURSE_KINDS, MATERIAL_LANGUAGES } from '../../config/constants';
import { INT4_MAX, idTextSchema, text } from './bounds.schema';
import { pagedResponseSchema } from './paged.schema';

// Learning content (issue 5). Texts arrive already in the request's language (X-App-Language):
// the server stores en/zh/cn and picks one, so views never choose between translations.

export const courseIdParamSchema = z.object({ id: idTextSchema });
export const courseItemParamSchema = z.object({ id: idTextSchema, itemId: idTextSchema });

export const courseKindSchema = z.enum(COURSE_KINDS);
export const attachmentTypeSchema = z.enum(ATTACHMENT_TYPES);
export const materialLanguageSchema = z.enum(MATERIAL_LANGUAGES);

/** What a learner's enrolment in an e-learning course says. */
export const courseStatusSchema = z.enum(['not_enrolled', 'in_progress', 'completed']);
export type CourseStatus = z.infer<typeof courseStatusSchema>;

/** A course as a catalogue card shows it (SPEC §3 course kinds and display fields). */
export const courseCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: courseKindSchema,
  department: z.string(),
  /** ISO 8601. */
  published_at: z.string(),
  enrolment_count: z.int(),
  clicks: z.int(),
  likes: z.int(),
  liked: z.boolean(),
  cover_url: z.string(),
  cpd_hours: z.number(),
  status: courseStatusSchema,
  /** 0..100, of the learner's items completed, for an enrolment in progress; 100 once completed; 0 without an enrolment (ADR 055). */
  progress: z.int().check(z.minimum(0), z.maximum(100)),
});
export type CourseCard = z.infer<typeof courseCardSchema>;

/** Which list a catalogue page shows; each is also its own path (GET courses/latest …). */
export const COURSE_LISTS = ['all', 'latest', 'ranking', 'recommended', 'mine', 'search'] as const;
export type CourseList = (typeof COURSE_LISTS)[number];

/** `page` of a paged list query (the lists of courses, materials and news). */
export const pageNumber = z._default(
  z.coerce.number().check(z.int(), z.minimum(1, { error: 'validation:page_invalid' }), z.maximum(INT4_MAX, { error: 'validation:page_invalid' })),
  1,
);
/** `per_page` of a paged list query: 12 unless asked, at most 50. */
export const perPage = z._default(
  z.coerce.number().check(z.int(), z.minimum(1, { error: 'validation:page_invalid' }), z.maximum(50, { error: 'validation:page_invalid' })),
  12,
);
/** An optional trimmed filter text of at most `max` characters. */
export const optionalText = (max: number) =>
  z.optional(text().check(z.trim(), z.maxLength(max, { error: 'validation:text_too_long' })));

/** GET courses (all), courses/latest, courses/ranking, courses/recommended, courses/mine, courses/search. */
export const courseListQuerySchema = z.object({
  q: optionalText(100),
  kind: z.optional(courseKindSchema),
  department: optionalText(100),
  /** Only for courses/mine. */
  status: z.optional(z.enum(['in_progress', 'completed'])),
  page: pageNumber,
  per_page: perPage,
});
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

export const courseListResponseSchema = pagedResponseSchema(courseCardSchema);
export type CourseListResponse = z.infer<typeof courseListResponseSchema>;

/** GET courses/departments: the department filter's choices, in the request's language. */
export const departmentListSchema = z.array(z.object({ id: z.string(), name: z.string() }));
export type DepartmentList = z.infer<typeof departmentListSchema>;

/** An attachment as a course item or the material library lists it. */
export const attachmentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: attachmentTypeSchema,
  size: z.int(),
  language: materialLanguageSchema,
  /** Seconds of media (video/audio); 0 for others. */
  media_duration: z.number(),
  /** PDF pages; 0 for others. */
  page_count: z.int(),
  completed: z.boolean(),
});
export type AttachmentSummary = z.infer<typeof attachmentSummarySchema>;

/** An item of a lesson: a reading (text shown on screen for a required time), an attachment, or a SCORM package (opened in a popup, ADR 029). */
export const courseItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['reading', 'attachment', 'scorm']),
  /** reading: the text (plain, paragraphs separated by blank lines); attachment: ''. */
  body: z.string(),
  /** reading and scorm: seconds on screen needed to complete it; attachment: 0. */
  required_seconds: z.int(),
  /** Seconds the learner has spent on it so far. */
  duration: z.int(),
  attachment: z.nullable(attachmentSummarySchema),
  completed: z.boolean(),
});
export type CourseItem = z.infer<typeof courseItemSchema>;

export const lessonSchema = z.object({
  id: z.string(),
  title: z.string(),
  items: z.array(courseItemSchema),
});
export type Lesson = z.infer<typeof lessonSchema>;

/** GET courses/{id}: the card plus what the detail page shows. Opening it counts a click. */
export const courseDetailSchema = z.object({
  ...courseCardSchema.shape,
  description: z.string(),
  lessons: z.array(lessonSchema),
  completed_items: z.int(),
  total_items: z.int(),
  /** ISO 8601 or null. */
  completed_at: z.nullable(z.string()),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

import { z } from 'zod/mini';
import { idTextSchema } from './bounds.schema';

// Learning maps (issue 47, ADR 098): THE data contract of the feature (ADR 007). Every state, date
// and percentage is the server's judgement from its own clock and records; the page shows it as is.

/** SPEC §4 "Learning map items may be expired or completed late", and the rest an item can be. */
export const LEARNING_MAP_ITEM_STATES = ['not_started', 'in_progress', 'completed', 'completed_late', 'expired', 'locked'] as const;
export type LearningMapItemState = (typeof LEARNING_MAP_ITEM_STATES)[number];

/** active: something left to do in time; finished: every item complete; expired: what is left is past due. */
export const LEARNING_MAP_STATUSES = ['active', 'finished', 'expired'] as const;
export type LearningMapStatus = (typeof LEARNING_MAP_STATUSES)[number];

export const LEARNING_MAP_ITEM_KINDS = ['course', 'offline_course'] as const;
export type LearningMapItemKind = (typeof LEARNING_MAP_ITEM_KINDS)[number];

export const learningMapItemSchema = z.object({
  id: z.string(),
  position: z.number(),
  /** course: an e-learning course (/course/:id); offline_course: a classroom course (/offline/:id). */
  kind: z.enum(LEARNING_MAP_ITEM_KINDS),
  course_id: z.string(),
  title: z.string(),
  requires_previous: z.boolean(),
  /** The Hong Kong day it is due (its own or the map's), YYYY-MM-DD; null: no due date. */
  due_on: z.nullable(z.string()),
  /** When the server recorded the course complete (ISO); null while it is not. */
  completed_at: z.nullable(z.string()),
  state: z.enum(LEARNING_MAP_ITEM_STATES),
});
export type LearningMapItem = z.infer<typeof learningMapItemSchema>;

export const learningMapSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The whole map's due day, when it has one. */
  due_on: z.nullable(z.string()),
  status: z.enum(LEARNING_MAP_STATUSES),
  /** Whole percent of items complete (on time or late): 100 once the last one is. */
  progress: z.number(),
  items_total: z.number(),
  items_done: z.number(),
  assigned_at: z.string(),
  /** When the last item was completed (finished maps). */
  finished_at: z.nullable(z.string()),
});
export type LearningMapSummary = z.infer<typeof learningMapSummarySchema>;

/** GET /api/learning-map: the maps still to follow, and the history (finished or expired). */
export const learningMapListSchema = z.object({ maps: z.array(learningMapSummarySchema), history: z.array(learningMapSummarySchema) });
export type LearningMapList = z.infer<typeof learningMapListSchema>;

export const learningMapDetailSchema = z.extend(learningMapSummarySchema, { items: z.array(learningMapItemSchema) });
export type LearningMapDetail = z.infer<typeof learningMapDetailSchema>;

export const learningMapIdParamSchema = z.object({ id: idTextSchema });

/** A manager assigns a map to at most this many downlines at once (the message of validation:assign_too_many, as management). */
export const MAX_LEARNING_MAP_ASSIGN = 10;

export const learningMapAssignPayloadSchema = z.object({
  user_ids: z.array(idTextSchema, { error: 'validation:assign_none' }).check(
    z.minLength(1, { error: 'validation:assign_none' }),
    z.maxLength(MAX_LEARNING_MAP_ASSIGN, { error: 'validation:assign_too_many' }),
  ),
});
export type LearningMapAssignPayload = z.infer<typeof learningMapAssignPayloadSchema>;

/** Who now holds the map: newly assigned, and those who had it already (not assigned twice). */
export const learningMapAssignResultSchema = z.object({ assigned: z.array(z.string()), already: z.array(z.string()) });
export type LearningMapAssignResult = z.infer<typeof learningMapAssignResultSchema>;

/** A map a manager may assign (GET /api/learning-map/catalogue), with the downlines holding it. */
export const learningMapOfferSchema = z.object({ id: z.string(), title: z.string(), items_total: z.number(), due_on: z.nullable(z.string()), holders: z.array(z.string()) });
export type LearningMapOffer = z.infer<typeof learningMapOfferSchema>;
export const learningMapCatalogueSchema = z.object({ maps: z.array(learningMapOfferSchema), downlines: z.array(z.object({ id: z.string(), name: z.string(), agent_code: z.string() })) });
export type LearningMapCatalogue = z.infer<typeof learningMapCatalogueSchema>;

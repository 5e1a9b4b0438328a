import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CourseRecommendationResult } from '../../api/schemas/course-recommendation.schema';
import type { FindUsersResponse, PublicUser } from '../../api/schemas/users.schema';
import { COURSE_RECOMMENDATION_MAX, COURSE_RECOMMENDATION_PER_PAGE, COURSE_RECOMMENDATION_SEARCH_DELAY_MS } from '../../config/course-recommendation';
import { failureMessage } from '../shared/submission-error';

// Issue 48, ADR 103: the "Recommend" dialog of a course page. The learner searches colleagues by
// name (users/find, paged: "More" asks for the next page) once typing pauses, picks up to 10 (never
// themselves), sends, and sees how many got it; a refusal shows the server's words and the picks
// stay for another try. Effects are named placeholders (src/routes/course-recommendation).

/** The longest name users/find takes (users.schema.ts): longer typing is cut, never refused. */
export const SEARCH_TEXT_MAX = 100;

export interface CourseRecommendationInput {
  courseId: string;
  /** The signed-in learner: found by the search like anyone, but never pickable. */
  selfId: string;
  /** At most this many colleagues (default COURSE_RECOMMENDATION_MAX; tests use fewer). */
  max?: number;
}

export interface SearchInput {
  name: string;
  page: number;
  perPage: number;
}
export interface SendInput {
  courseId: string;
  userIds: string[];
}

export interface CourseRecommendationContext {
  courseId: string;
  selfId: string;
  max: number;
  /** The search text as typed (trimmed, cut at SEARCH_TEXT_MAX). */
  query: string;
  /** The colleagues found so far for `query`, page after page (self included, as the server answers). */
  results: PublicUser[];
  /** The last page read and the server's total for the query. */
  page: number;
  total: number;
  picked: PublicUser[];
  /** A failed search or send: the server's translated words, or null for the view's own text. */
  searchError: string | null;
  sendError: string | null;
  /** The last send failed (with or without words from the server). */
  sendFailed: boolean;
  result: CourseRecommendationResult | null;
}

export type CourseRecommendationEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'query.change'; text: string }
  | { type: 'more' }
  | { type: 'retry' }
  | { type: 'pick'; id: string }
  | { type: 'unpick'; id: string }
  | { type: 'send' };

const cut = (text: string) => text.trim().slice(0, SEARCH_TEXT_MAX);

/** Whether `id` may be picked now: found by the search, not oneself, not picked yet, room left. */
export function pickable(c: Pick<CourseRecommendationContext, 'results' | 'picked' | 'selfId' | 'max'>, id: string): boolean {
  return id !== c.selfId && c.results.some((u) => u.id === id) && !c.picked.some((u) => u.id === id) && c.picked.length < c.max;
}

const fresh = (input: CourseRecommendationInput): CourseRecommendationContext => ({
  courseId: input.courseId,
  selfId: input.selfId,
  max: input.max ?? COURSE_RECOMMENDATION_MAX,
  query: '',
  results: [],
  page: 0,
  total: 0,
  picked: [],
  searchError: null,
  sendError: null,
  sendFailed: false,
  result: null,
});

export const courseRecommendationMachine = setup({
  types: {
    context: {} as CourseRecommendationContext,
    events: {} as CourseRecommendationEvent,
    input: {} as CourseRecommendationInput,
  },
  actors: {
    search: fromPromise<FindUsersResponse, SearchInput>(async () => {
      throw new Error('search must be provided (src/routes/course-recommendation/course-recommendation.actor.ts)');
    }),
    send: fromPromise<CourseRecommendationResult, SendInput>(async () => {
      throw new Error('send must be provided (src/routes/course-recommendation/course-recommendation.actor.ts)');
    }),
  },
  delays: {
    /** Typing pauses this long before the search asks the server. */
    searchDelay: COURSE_RECOMMENDATION_SEARCH_DELAY_MS,
  },
  guards: {
    queryBlank: ({ event }) => {
      assertEvent(event, 'query.change');
      return cut(event.text) === '';
    },
    canPick: ({ context, event }) => {
      assertEvent(event, 'pick');
      return pickable(context, event.id);
    },
    isPicked: ({ context, event }) => {
      assertEvent(event, 'unpick');
      return context.picked.some((u) => u.id === event.id);
    },
    hasPicked: ({ context }) => context.picked.length > 0,
    hasMore: ({ context }) => context.results.length < context.total,
    hasResults: ({ context }) => context.results.length > 0,
  },
  actions: {
    reset: assign(({ context }) => fresh(context)),
    keepSendError: assign({ sendFailed: true, sendError: ({ event }) => failureMessage((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'courseRecommendation',
  initial: 'closed',
  context: ({ input }) => fresh(input),
  states: {
    closed: {
      on: { open: { target: 'composing', actions: 'reset' } },
    },
    composing: {
      initial: 'idle',
      on: {
        'query.change': [
          { guard: 'queryBlank', target: '.idle', actions: assign({ query: '', results: [], page: 0, total: 0, searchError: null }) },
          // Re-entered on every keystroke, so the delay starts again.
          { target: '.debouncing', reenter: true, actions: assign({ query: ({ event }) => cut(event.text), searchError: null }) },
        ],
        pick: {
          guard: 'canPick',
          actions: assign({ picked: ({ context, event }) => [...context.picked, context.results.find((u) => u.id === event.id)!], sendFailed: false, sendError: null }),
        },
        unpick: {
          guard: 'isPicked',
          actions: assign({ picked: ({ context, event }) => context.picked.filter((u) => u.id !== event.id), sendFailed: false, sendError: null }),
        },
        send: { guard: 'hasPicked', target: 'sending' },
        close: 'closed',
      },
      states: {
        idle: {},
        debouncing: {
          after: { searchDelay: 'searching' },
        },
        searching: {
          tags: ['searching'],
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ name: context.query, page: 1, perPage: COURSE_RECOMMENDATION_PER_PAGE }),
            onDone: { target: 'ready', actions: assign({ results: ({ event }) => event.output.data, page: 1, total: ({ event }) => event.output.total }) },
            onError: { target: 'failed', actions: assign({ results: [], page: 0, total: 0, searchError: ({ event }) => failureMessage(event.error) }) },
          },
        },
        ready: {
          on: { more: { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          tags: ['searching'],
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ name: context.query, page: context.page + 1, perPage: COURSE_RECOMMENDATION_PER_PAGE }),
            onDone: {
              target: 'ready',
              actions: assign({
                // A colleague already listed (the list moved between pages) is listed once.
                results: ({ context, event }) => [...context.results, ...event.output.data.filter((u) => !context.results.some((r) => r.id === u.id))],
                page: ({ event }) => event.output.page,
                total: ({ event }) => event.output.total,
              }),
            },
            onError: { target: 'moreFailed', actions: assign({ searchError: ({ event }) => failureMessage(event.error) }) },
          },
        },
        failed: {
          on: { retry: 'searching' },
        },
        moreFailed: {
          on: { retry: 'loadingMore', more: 'loadingMore' },
        },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ courseId: context.courseId, userIds: context.picked.map((u) => u.id) }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output, sendFailed: false, sendError: null }) },
        // Back to the picks and the results shown (a search under way was stopped by the send).
        onError: [
          { guard: 'hasResults', target: 'composing.ready', actions: 'keepSendError' },
          { target: 'composing.idle', actions: 'keepSendError' },
        ],
      },
    },
    done: {
      on: { close: 'closed' },
    },
  },
});

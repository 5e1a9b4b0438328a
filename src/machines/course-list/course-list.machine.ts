import { assign, fromPromise, setup } from 'xstate';
import type { CourseList, CourseListQuery } from '../../api/schemas/courses.schema';
import { failureMessage } from '../shared/submission-error';

/** One page of any paged list of the contract (courses, materials, news). */
export interface ListPage<I> {
  data: I[];
  page: number;
  per_page: number;
  total: number;
}

/** Query values as a URL carries them; `undefined` means "no filter". */
export type ListQuery = Record<string, string | number | undefined>;

export interface CourseListContext {
  /** The query of the page shown or being loaded. */
  query: ListQuery;
  /** The last page answered; kept while the next one loads so the list does not flash away. The
   * items are whatever the route's `loadPage` answers (cards, materials, news). */
  result: ListPage<unknown> | null;
  /** The server's message after a failed load; null with `failed` means a generic failure. */
  error: string | null;
}

export type CourseListEvent = { type: 'query.change'; query: ListQuery } | { type: 'retry' };

/** Queries are compared by value: a re-render that rebuilds the same query must not reload. */
export function sameQuery(a: ListQuery, b: ListQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

// Re-entering `loading` from itself restarts the call (drawn on every state for the diagram).
const newQuery = { guard: 'queryChanged', target: 'loading', reenter: true, actions: 'takeQuery' } as const;

/**
 * A paged list page (catalogue lists, material library, news): loading → loaded | empty | failed.
 * A new query while loading re-enters `loading`, which stops the previous `loadPage` call (its
 * signal aborts): its answer, however late, is never taken — the latest request wins. `loadPage`
 * is provided by the route; it rejects with a SubmissionError carrying the server's message.
 */
export const courseListMachine = setup({
  types: {
    context: {} as CourseListContext,
    events: {} as CourseListEvent,
    input: {} as { query: ListQuery },
  },
  actors: {
    loadPage: fromPromise<ListPage<unknown>, ListQuery>(async () => {
      throw new Error('loadPage must be provided (src/routes/courses/course-list.actor.ts)');
    }),
  },
  guards: {
    isEmpty: (_, output: ListPage<unknown>) => output.data.length === 0,
    queryChanged: ({ context, event }) => event.type === 'query.change' && !sameQuery(context.query, event.query),
  },
  actions: {
    takeQuery: assign({ query: ({ context, event }) => (event.type === 'query.change' ? event.query : context.query) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'courseList',
  initial: 'loading',
  context: ({ input }) => ({ query: input.query, result: null, error: null }),
  states: {
    loading: {
      tags: ['busy'],
      on: { 'query.change': newQuery },
      entry: 'clearError',
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => context.query,
        onDone: [
          { guard: { type: 'isEmpty', params: ({ event }) => event.output }, target: 'empty', actions: assign({ result: ({ event }) => event.output }) },
          { target: 'loaded', actions: assign({ result: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    loaded: { on: { 'query.change': newQuery } },
    empty: { on: { 'query.change': newQuery } },
    failed: {
      on: { 'query.change': newQuery, retry: 'loading' },
    },
  },
});

/** The catalogue's query: which list, its filters and the page. */
export type CatalogueQuery = { list: CourseList } & Partial<Omit<CourseListQuery, 'page' | 'per_page'>> & { page: number; per_page: number };

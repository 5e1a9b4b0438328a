import { assign, fromPromise, setup } from 'xstate';
import type { PagedResponse } from '../../api/schemas/paged.schema';
import { failureMessage } from '../shared/submission-error';

/** Query values as a URL carries them; `undefined` means "no filter". */
export type ListQuery = Record<string, string | number | undefined>;

export interface PagedListContext<Item, Query extends ListQuery = ListQuery> {
  /** The query of the page shown or being loaded. */
  query: Query;
  /** The last page answered (what `pagedResponseSchema(itemSchema)` parses); kept while the next
   * one loads so the list does not flash away. */
  result: PagedResponse<Item> | null;
  /** The server's message after a failed load; null with `failed` means a generic failure. */
  error: string | null;
}

export type PagedListEvent<Query extends ListQuery = ListQuery> = { type: 'query.change'; query: Query } | { type: 'retry' };

/** Queries are compared by value: a re-render that rebuilds the same query must not reload. */
export function sameQuery(a: ListQuery, b: ListQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * A paged list page (catalogue lists, material library, news, identity checks), typed by its
 * items and its query: loading → loaded | empty | failed.
 * A new query while loading re-enters `loading`, which stops the previous `loadPage` call (its
 * signal aborts): its answer, however late, is never taken — the latest request wins. `loadPage`
 * is a placeholder: the route provides the real call with `machine.provide({ actors: { loadPage } })`
 * in its `<feature>.actor.ts`; it resolves with one page (`PagedResponse<Item>`) or rejects with a
 * SubmissionError carrying the server's message (anything else is a generic failure).
 *
 * Each list makes its typed instance (its id names it in the inspector):
 * `createPagedListMachine<CourseCard, CatalogueQuery>('catalogue')`.
 */
export function createPagedListMachine<Item, Query extends ListQuery = ListQuery>(id = 'pagedList') {
  // Re-entering `loading` from itself restarts the call (drawn on every state for the diagram).
  // A fresh object per machine, so no two machine definitions share a transition config.
  const newQuery = { guard: 'queryChanged', target: 'loading', reenter: true, actions: 'takeQuery' } as const;
  return setup({
    types: {
      context: {} as PagedListContext<Item, Query>,
      events: {} as PagedListEvent<Query>,
      input: {} as { query: Query },
    },
    actors: {
      // Typed loosely here (TypeScript cannot resolve xstate's invoke types over a generic actor);
      // the item and query types are carried by the context and the events.
      loadPage: fromPromise<any, any>(async () => { // eslint-disable-line @typescript-eslint/no-explicit-any
        throw new Error(`loadPage must be provided for ${id} (src/routes/<feature>/<feature>.actor.ts)`);
      }),
    },
    guards: {
      isEmpty: (_, output: PagedResponse<unknown>) => output.data.length === 0,
      queryChanged: ({ context, event }) => event.type === 'query.change' && !sameQuery(context.query, event.query),
    },
    actions: {
      takeQuery: assign({ query: ({ context, event }) => (event.type === 'query.change' ? event.query : context.query) }),
      clearError: assign({ error: null }),
      // The done event of `loadPage` carries the page (its type is generic here, so named once).
      keepPage: assign({ result: ({ event }) => (event as unknown as { output: PagedResponse<Item> }).output }),
    },
  }).createMachine({
    id,
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
          input: ({ context }: { context: PagedListContext<Item, Query> }) => context.query,
          onDone: [
            { guard: { type: 'isEmpty', params: ({ event }) => event.output as PagedResponse<unknown> }, target: 'empty', actions: 'keepPage' },
            { target: 'loaded', actions: 'keepPage' },
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
}

export type PagedListMachine<Item, Query extends ListQuery = ListQuery> = ReturnType<typeof createPagedListMachine<Item, Query>>;

/** The chart itself, items untyped: what the machine's tests, its diagram and the mutation check run. */
export const pagedListMachine = createPagedListMachine<unknown>();

import { assign, fromPromise, setup } from 'xstate';
import type { LearningMapAssignResult, LearningMapCatalogue, LearningMapDetail, LearningMapList } from '../../api/schemas/learning-map.schema';
import { failureMessage } from '../shared/submission-error';

/** What the page reads once: the list (with a manager's catalogue) or one map. */
export type LearningMapPage = { kind: 'list'; list: LearningMapList; catalogue: LearningMapCatalogue | null } | { kind: 'map'; map: LearningMapDetail };

export interface LearningMapInput {
  /** null: the list page (/learning-map); else the map page (/learning-map/:id). */
  mapId: string | null;
  /** A manager's list page also offers the assign form (the server still judges every downline). */
  manager: boolean;
}

export interface LearningMapContext extends LearningMapInput {
  page: LearningMapPage | null;
  error: string | null;
  /** The last assignment's answer, or the server's words when it was refused. */
  assigned: LearningMapAssignResult | null;
  assignError: string | null;
  /** The choice sent last (the map and the downlines). */
  choice: { mapId: string; userIds: string[] } | null;
}

export type LearningMapEvent = { type: 'retry' } | { type: 'assign.submit'; mapId: string; userIds: string[] } | { type: 'assign.edit' };

/** A choice the form can send: a map of the catalogue and at least one of its downlines. */
export function assignable(catalogue: LearningMapCatalogue | null, mapId: string, userIds: string[]): boolean {
  if (!catalogue || userIds.length === 0) return false;
  const downlines = new Set(catalogue.downlines.map((d) => d.id));
  return catalogue.maps.some((m) => m.id === mapId) && userIds.every((id) => downlines.has(id));
}

const catalogueOf = (page: LearningMapPage | null) => (page?.kind === 'list' ? page.catalogue : null);

/** A choice of the form, taken when the catalogue allows it (a map of it, its downlines only). */
const submit = {
  guard: { type: 'canAssign', params: ({ event }: { event: LearningMapEvent }) => (event.type === 'assign.submit' ? { mapId: event.mapId, userIds: event.userIds } : { mapId: '', userIds: [] }) },
  target: 'assigning',
  actions: assign<LearningMapContext, LearningMapEvent, undefined, LearningMapEvent, never>({
    assigned: null,
    assignError: null,
    choice: ({ event }) => (event.type === 'assign.submit' ? { mapId: event.mapId, userIds: event.userIds } : null),
  }),
} as const;

/**
 * The learning-map page (issue 47, ADR 098): loading → ready | failed (retry). The list page of a
 * manager offers the assign form: ready.idle → assigning → assigned | assignFailed, from either of
 * which an edit goes back to idle and another choice is sent. The server judges every item state,
 * progress and downline; the machine only asks. `load` and `assign` are provided by
 * src/routes/learning-map/learning-map.actor.ts.
 */
export const learningMapMachine = setup({
  types: {
    input: {} as LearningMapInput,
    context: {} as LearningMapContext,
    events: {} as LearningMapEvent,
  },
  actors: {
    load: fromPromise<LearningMapPage, LearningMapInput>(async () => {
      throw new Error('load must be provided (src/routes/learning-map/learning-map.actor.ts)');
    }),
    assign: fromPromise<LearningMapAssignResult, { mapId: string; userIds: string[] }>(async () => {
      throw new Error('assign must be provided (src/routes/learning-map/learning-map.actor.ts)');
    }),
  },
  guards: {
    canAssign: ({ context }, { mapId, userIds }: { mapId: string; userIds: string[] }) => context.manager && assignable(catalogueOf(context.page), mapId, userIds),
  },
}).createMachine({
  id: 'learningMap',
  initial: 'loading',
  context: ({ input }) => ({ mapId: input.mapId, manager: input.manager, page: null, error: null, assigned: null, assignError: null, choice: null }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ mapId: context.mapId, manager: context.manager }),
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'assign.submit': submit } },
        // While one is under way, another choice waits for its answer (not taken).
        assigning: {
          tags: ['busy'],
          invoke: {
            id: 'assign',
            src: 'assign',
            input: ({ context }) => context.choice!,
            onDone: {
              target: 'assigned',
              actions: assign({
                assigned: ({ event }) => event.output,
                // The catalogue now lists the new holders, as the server would answer it again.
                page: ({ context, event }) => withHolders(context.page, context.choice!.mapId, event.output.assigned),
              }),
            },
            onError: { target: 'assignFailed', actions: assign({ assignError: ({ event }) => failureMessage(event.error) }) },
          },
        },
        assigned: { on: { 'assign.submit': submit, 'assign.edit': { target: 'idle', actions: assign({ assigned: null }) } } },
        assignFailed: { on: { 'assign.submit': submit, 'assign.edit': { target: 'idle', actions: assign({ assignError: null }) } } },
      },
    },
  },
});

function withHolders(page: LearningMapPage | null, mapId: string, ids: string[]): LearningMapPage | null {
  if (page?.kind !== 'list' || !page.catalogue) return page;
  const maps = page.catalogue.maps.map((m) => (m.id === mapId ? { ...m, holders: [...new Set([...m.holders, ...ids])] } : m));
  return { ...page, catalogue: { ...page.catalogue, maps } };
}

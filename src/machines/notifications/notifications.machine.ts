import { assign, fromPromise, setup } from 'xstate';
import type { Notification, NotificationListResponse, NotificationsReadResponse } from '../../api/schemas/notifications.schema';
import { sameQuery } from '../paged-list/paged-list.machine';
import { failureMessage } from '../shared/submission-error';

/** The page's query as its address carries it (the language too: the texts come in it). */
export interface NotificationsQuery {
  [key: string]: string | number | undefined;
  filter?: 'unread';
  page: number;
  per_page: number;
  lang: string;
}

export interface NotificationsContext {
  query: NotificationsQuery;
  /** The last page answered, kept while the next one loads (the list does not flash away). */
  result: NotificationListResponse | null;
  /** The server's message after a failed load. */
  error: string | null;
  /** The notification being marked read, or 'all'; null when none. */
  marking: string | null;
  /** The last "mark read" failed; the list stays as it was. */
  markFailed: boolean;
  /** The server's message for it (null: a generic failure, no answer). */
  markError: string | null;
  /** A new query came while a mark was in flight: load it once the mark is answered. */
  reloadDue: boolean;
}

export type NotificationsEvent =
  | { type: 'query.change'; query: NotificationsQuery }
  | { type: 'retry' }
  | { type: 'notification.read'; id: string }
  | { type: 'notifications.read_all' };

const unread = (result: NotificationListResponse | null) => result?.data.filter((n) => !n.read) ?? [];

/**
 * The notification page (SPEC §2: the page behind the red dot): one page of the learner's
 * notifications, newest first, and marking them read, one or all. The server decides what is read
 * and answers the unread count, which `reportUnread` hands to the red dot. A marked notification
 * stays where it is on the page (shown read) rather than vanishing under the pointer; the next load
 * answers afresh. A new query while a mark is in flight waits for it: the mark is not lost.
 * `loadPage`, `markRead`, `markAllRead` and `reportUnread` are provided by
 * src/routes/notifications/notifications.actor.ts.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as { query: NotificationsQuery },
  },
  actors: {
    loadPage: fromPromise<NotificationListResponse, NotificationsQuery>(async () => {
      throw new Error('loadPage must be provided (src/routes/notifications/notifications.actor.ts)');
    }),
    markRead: fromPromise<NotificationsReadResponse, string>(async () => {
      throw new Error('markRead must be provided (src/routes/notifications/notifications.actor.ts)');
    }),
    markAllRead: fromPromise<NotificationsReadResponse>(async () => {
      throw new Error('markAllRead must be provided (src/routes/notifications/notifications.actor.ts)');
    }),
  },
  actions: {
    /** The unread count the server answered, for the red dot (SPEC §2). */
    reportUnread: (_, _count: number) => {},
    takeQuery: assign({ query: ({ context, event }) => (event.type === 'query.change' ? event.query : context.query) }),
    /** The notification(s) marked, shown read where they are. */
    showRead: assign({
      result: ({ context }) => {
        const { result, marking } = context;
        if (!result) return result;
        return { ...result, data: result.data.map((n): Notification => (marking === 'all' || n.id === marking ? { ...n, read: true } : n)) };
      },
    }),
  },
  guards: {
    queryChanged: ({ context, event }) => event.type === 'query.change' && !sameQuery(context.query, event.query),
    /** The learner has none (for the filter). An empty page past the last one is not that: the
     * page goes to the last page instead (issue 43: ?page=2 of 7 said "no notifications"). */
    isEmpty: (_, output: NotificationListResponse) => output.data.length === 0 && output.total === 0,
    /** Only an unread notification on the page can be marked read. */
    isUnreadOnPage: ({ context, event }) => event.type === 'notification.read' && unread(context.result).some((n) => n.id === event.id),
    anyUnreadOnPage: ({ context }) => unread(context.result).length > 0,
    reloadDue: ({ context }) => context.reloadDue,
  },
}).createMachine({
  id: 'notifications',
  initial: 'loading',
  context: ({ input }) => ({ query: input.query, result: null, error: null, marking: null, markFailed: false, markError: null, reloadDue: false }),
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null, markFailed: false, markError: null, reloadDue: false }),
      on: { 'query.change': { guard: 'queryChanged', target: 'loading', reenter: true, actions: 'takeQuery' } },
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
    loaded: {
      initial: 'idle',
      on: { 'query.change': { guard: 'queryChanged', target: 'loading', actions: 'takeQuery' } },
      states: {
        idle: {
          on: {
            'notification.read': { guard: 'isUnreadOnPage', target: 'markingOne', actions: assign({ marking: ({ event }) => event.id, markFailed: false, markError: null }) },
            'notifications.read_all': { guard: 'anyUnreadOnPage', target: 'markingAll', actions: assign({ marking: 'all', markFailed: false, markError: null }) },
          },
        },
        markingOne: {
          tags: ['marking'],
          // The page's query waits until the server has answered the mark (see above).
          on: { 'query.change': { guard: 'queryChanged', actions: ['takeQuery', assign({ reloadDue: true })] } },
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => context.marking ?? '',
            onDone: [
              { guard: 'reloadDue', target: '#notifications.loading', actions: ['showRead', { type: 'reportUnread', params: ({ event }) => event.output.unread_notifications_count }, assign({ marking: null })] },
              { target: 'idle', actions: ['showRead', { type: 'reportUnread', params: ({ event }) => event.output.unread_notifications_count }, assign({ marking: null })] },
            ],
            onError: [
              { guard: 'reloadDue', target: '#notifications.loading', actions: assign({ marking: null }) },
              { target: 'idle', actions: assign({ marking: null, markFailed: true, markError: ({ event }) => failureMessage(event.error) }) },
            ],
          },
        },
        markingAll: {
          tags: ['marking'],
          on: { 'query.change': { guard: 'queryChanged', actions: ['takeQuery', assign({ reloadDue: true })] } },
          invoke: {
            id: 'markAllRead',
            src: 'markAllRead',
            onDone: [
              { guard: 'reloadDue', target: '#notifications.loading', actions: ['showRead', { type: 'reportUnread', params: ({ event }) => event.output.unread_notifications_count }, assign({ marking: null })] },
              { target: 'idle', actions: ['showRead', { type: 'reportUnread', params: ({ event }) => event.output.unread_notifications_count }, assign({ marking: null })] },
            ],
            onError: [
              { guard: 'reloadDue', target: '#notifications.loading', actions: assign({ marking: null }) },
              { target: 'idle', actions: assign({ marking: null, markFailed: true, markError: ({ event }) => failureMessage(event.error) }) },
            ],
          },
        },
      },
    },
    empty: { on: { 'query.change': { guard: 'queryChanged', target: 'loading', actions: 'takeQuery' } } },
    failed: {
      on: {
        'query.change': { guard: 'queryChanged', target: 'loading', actions: 'takeQuery' },
        retry: 'loading',
      },
    },
  },
});

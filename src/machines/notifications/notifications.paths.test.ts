import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Notification, NotificationListResponse } from '../../api/schemas/notifications.schema';
import { SubmissionError } from '../shared/submission-error';
import { modelPaths, replayRuns, stateName, type Oracle } from '../testing/model-coverage';
import { notificationsMachine, type NotificationsQuery } from './notifications.machine';
import { selectNotificationsView } from './notifications.selectors';

const note = (id: string, read: boolean): Notification => ({ id, kind: 'system_notice', sender: null, title: `Notice ${id}`, body: 'Body', created_at: '2026-11-01T00:00:00.000Z', read, about: null });
const page = (data: Notification[]): NotificationListResponse => ({ data, page: 1, per_page: 10, total: data.length });

const all: NotificationsQuery = { page: 1, per_page: 10, lang: 'en' };
const unreadOnly: NotificationsQuery = { filter: 'unread', page: 1, per_page: 10, lang: 'en' };
const input = { query: all };
const actorIds = ['loadPage', 'markRead', 'markAllRead'];
const events = [
  { type: 'query.change', query: unreadOnly },
  { type: 'query.change', query: { ...all } },
  { type: 'retry' },
  { type: 'notification.read', id: '1' },
  { type: 'notification.read', id: '2' },
  { type: 'notification.read', id: '9' },
  { type: 'notifications.read_all' },
  { type: 'xstate.done.actor.loadPage', output: page([note('1', false), note('2', true)]) },
  { type: 'xstate.done.actor.loadPage', output: page([note('2', true)]) },
  { type: 'xstate.done.actor.loadPage', output: page([]) },
  { type: 'xstate.error.actor.loadPage', error: new SubmissionError('The server is busy.') },
  { type: 'xstate.error.actor.loadPage', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.markRead', output: { unread_notifications_count: 2 } },
  { type: 'xstate.error.actor.markRead', error: new SubmissionError('Not found.') },
  { type: 'xstate.done.actor.markAllRead', output: { unread_notifications_count: 0 } },
  { type: 'xstate.error.actor.markAllRead', error: new TypeError('Failed to fetch') },
];

const paths = modelPaths(notificationsMachine, events, { input, simplePaths: false });

type Snap = AnyMachineSnapshot & { context: { query: NotificationsQuery; result: NotificationListResponse | null; reloadDue: boolean } };
const unreadIds = (s: AnyMachineSnapshot) => ((s as Snap).context.result?.data ?? []).filter((n: Notification) => !n.read).map((n: Notification) => n.id);
const newQuery = (e: EventObject & { query?: unknown }, s: AnyMachineSnapshot) => JSON.stringify(e.query) !== JSON.stringify((s as Snap).context.query);

// The oracle, from the page's rules (not read off the machine): a new query loads, except while a
// mark is with the server, which finishes first; only an unread notification shown can be marked;
// "mark all" needs one unread on the page; a mark's answer, or its failure, returns to the page.
const afterMark = (_: unknown, s: AnyMachineSnapshot) => ((s as Snap).context.reloadDue ? 'loading' : 'loaded.idle');
const oracle: Oracle = {
  table: {
    loading: {
      'query.change': (e, s) => (newQuery(e, s) ? 'loading' : null),
      'xstate.done.actor.loadPage': (e) => ((e.output as NotificationListResponse).data.length === 0 ? 'empty' : 'loaded.idle'),
      'xstate.error.actor.loadPage': 'failed',
    },
    'loaded.idle': {
      'query.change': (e, s) => (newQuery(e, s) ? 'loading' : null),
      'notification.read': (e, s) => (unreadIds(s).includes(e.id as string) ? 'loaded.markingOne' : null),
      'notifications.read_all': (_, s) => (unreadIds(s).length > 0 ? 'loaded.markingAll' : null),
    },
    'loaded.markingOne': {
      'query.change': (e, s) => (newQuery(e, s) ? 'loaded.markingOne' : null),
      'xstate.done.actor.markRead': afterMark,
      'xstate.error.actor.markRead': afterMark,
    },
    'loaded.markingAll': {
      'query.change': (e, s) => (newQuery(e, s) ? 'loaded.markingAll' : null),
      'xstate.done.actor.markAllRead': afterMark,
      'xstate.error.actor.markAllRead': afterMark,
    },
    empty: { 'query.change': (e, s) => (newQuery(e, s) ? 'loading' : null) },
    failed: { 'query.change': (e, s) => (newQuery(e, s) ? 'loading' : null), retry: 'loading' },
  },
  offers: (s) => {
    const view = selectNotificationsView(s as Parameters<typeof selectNotificationsView>[0]);
    return {
      retry: view.status === 'failed',
      'notifications.read_all': view.canMarkAll,
    };
  },
};

describe('notifications machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(notificationsMachine, [{ input, paths }], {
      actorIds,
      events,
      oracle,
      check: (live, step, calls) => {
        const view = selectNotificationsView(live as Parameters<typeof selectNotificationsView>[0]);
        const name = stateName(live.value);
        expect(live.hasTag('busy')).toBe(name === 'loading');
        expect(live.hasTag('marking')).toBe(name.startsWith('loaded.marking'));
        // Whatever shows, or loads, is the latest query asked for, once no mark holds it back.
        if (name === 'loading' || name === 'loaded.idle' || name === 'empty') expect(calls('loadPage').at(-1)).toEqual(live.context.query);
        // A mark asks the server about the notification the learner chose.
        if (step.event.type === 'notification.read' && name === 'loaded.markingOne') expect(calls('markRead').at(-1)).toBe((step.event as { id?: string }).id);
        // A notification the server marked is shown read where it was.
        if (step.event.type === 'xstate.done.actor.markAllRead') expect(view.items.every((n) => n.read)).toBe(true);
        // Nothing is offered while a mark is with the server.
        if (name.startsWith('loaded.marking')) expect(view.items.some((n) => n.canMarkRead) || view.canMarkAll).toBe(false);
        expect(view.failure === null).toBe(name !== 'failed');
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
      },
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});

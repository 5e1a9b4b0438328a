import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Notification, NotificationListResponse, NotificationsReadResponse } from '../../api/schemas/notifications.schema';
import { SubmissionError } from '../shared/submission-error';
import { waitFor } from '../testing/wait-for';
import { notificationsMachine, type NotificationsQuery } from './notifications.machine';
import { selectNotificationsView } from './notifications.selectors';

const note = (id: string, read: boolean): Notification => ({ id, kind: 'recommendation', sender: 'Administrator', title: `Notice ${id}`, body: 'Body', created_at: '2026-11-01T00:00:00.000Z', read, about: null });
const query: NotificationsQuery = { page: 1, per_page: 10, lang: 'en' };

/** The machine over a fake server: two unread and one read notification, and the red dot's counts. */
function start({ failMark = false } = {}) {
  const server = [note('1', false), note('2', false), note('3', true)];
  const reported: number[] = [];
  const loads: NotificationsQuery[] = [];
  const count = () => server.filter((n) => !n.read).length;
  const actor = createActor(
    notificationsMachine.provide({
      actors: {
        loadPage: fromPromise<NotificationListResponse, NotificationsQuery>(async ({ input }) => {
          loads.push(input);
          const data = server.filter((n) => input.filter !== 'unread' || !n.read).map((n) => ({ ...n }));
          return { data, page: 1, per_page: 10, total: data.length };
        }),
        markRead: fromPromise<NotificationsReadResponse, string>(async ({ input }) => {
          if (failMark) throw new SubmissionError('That notification was not found.');
          server.find((n) => n.id === input)!.read = true;
          return { unread_notifications_count: count() };
        }),
        markAllRead: fromPromise<NotificationsReadResponse>(async () => {
          if (failMark) throw new TypeError('Failed to fetch');
          for (const n of server) n.read = true;
          return { unread_notifications_count: 0 };
        }),
      },
      actions: { reportUnread: (_, n: number) => void reported.push(n) },
    }),
    { input: { query } },
  ).start();
  return { actor, reported, loads };
}

const view = (actor: ReturnType<typeof start>['actor']) => selectNotificationsView(actor.getSnapshot());

describe('notifications machine', () => {
  it('marks one read: shown read where it was, the red dot told the server’s count', async () => {
    const { actor, reported } = start();
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }));
    expect(view(actor).items.map((n) => n.canMarkRead)).toEqual([true, true, false]);
    actor.send({ type: 'notification.read', id: '1' });
    expect(view(actor).items[0].marking).toBe(true);
    expect(view(actor).canMarkAll).toBe(false);
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }));
    expect(view(actor).items.map((n) => n.read)).toEqual([true, false, true]);
    expect(reported).toEqual([1]);
  });

  it('marks all read, then offers nothing more to mark', async () => {
    const { actor, reported } = start();
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }));
    actor.send({ type: 'notifications.read_all' });
    expect(view(actor).markingAll).toBe(true);
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }));
    expect(view(actor).items.every((n) => n.read && !n.canMarkRead)).toBe(true);
    expect(view(actor).canMarkAll).toBe(false);
    expect(reported).toEqual([0]);
  });

  it('a failed mark leaves the notification unread, says why, and can be tried again', async () => {
    const { actor, reported } = start({ failMark: true });
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }));
    actor.send({ type: 'notification.read', id: '2' });
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }));
    expect(view(actor).markFailure).toEqual({ kind: 'server', message: 'That notification was not found.' });
    expect(view(actor).items[1]).toMatchObject({ read: false, canMarkRead: true });
    actor.send({ type: 'notifications.read_all' });
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }));
    expect(view(actor).markFailure).toEqual({ kind: 'generic' });
    expect(reported).toEqual([]);
  });

  it('a new filter chosen while a mark is with the server loads after the answer, not instead of it', async () => {
    const { actor, reported, loads } = start();
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }));
    actor.send({ type: 'notification.read', id: '1' });
    actor.send({ type: 'query.change', query: { ...query, filter: 'unread' } });
    expect(actor.getSnapshot().matches({ loaded: 'markingOne' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }));
    expect(reported).toEqual([1]);
    expect(loads.at(-1)).toEqual({ ...query, filter: 'unread' });
    expect(view(actor).items.map((n) => n.id)).toEqual(['2']);
  });
});

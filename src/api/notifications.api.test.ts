import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

const pathOf = (r: Request) => new URL(r.url).pathname;
const paramsOf = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);

const notice = {
  id: '7',
  kind: 'recommendation',
  sender: 'Administrator',
  title: 'Recommended course: Financial Needs Analysis',
  body: 'Administrator recommends the course "Financial Needs Analysis" to you.',
  created_at: '2026-01-14T09:00:00.000Z',
  read: false,
  about: { type: 'course', id: '12' },
} as const;

describe('notifications calls', () => {
  it('lists notifications with their filter and page, with the bearer token', async () => {
    const net = stubFetch(() => json({ data: [notice], page: 2, per_page: 12, total: 13 }));
    await expect(listNotifications({ filter: 'unread', page: 2 })).resolves.toEqual({ data: [notice], page: 2, per_page: 12, total: 13 });
    expect(net.last().method).toBe('GET');
    expect(pathOf(net.last())).toBe('/api/notifications');
    expect(paramsOf(net.last())).toEqual({ filter: 'unread', page: '2' });
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses a list that breaks the contract', async () => {
    stubFetch(() => json({ data: [{ ...notice, kind: 'gossip' }], page: 1, per_page: 12, total: 1 }));
    await expect(listNotifications()).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });

  it('marks one read by its id and answers the server’s unread count', async () => {
    const net = stubFetch(() => json({ unread_notifications_count: 2 }));
    await expect(markNotificationRead('7')).resolves.toEqual({ unread_notifications_count: 2 });
    expect(net.last().method).toBe('POST');
    expect(pathOf(net.last())).toBe('/api/notifications/7/read');
  });

  it('marks all read', async () => {
    const net = stubFetch(() => json({ unread_notifications_count: 0 }));
    await expect(markAllNotificationsRead()).resolves.toEqual({ unread_notifications_count: 0 });
    expect(net.last().method).toBe('POST');
    expect(pathOf(net.last())).toBe('/api/notifications/read');
  });

  it('refuses a count that breaks the contract', async () => {
    stubFetch(() => json({ unread_notifications_count: -1 }));
    await expect(markAllNotificationsRead()).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});

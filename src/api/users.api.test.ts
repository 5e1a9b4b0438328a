import { afterEach, describe, expect, it, vi } from 'vitest';
import { changePassword, findUsers, getCurrentUser, getUser } from './users.api';
import { InvalidResponseError } from './http';
import { agent01, json, stubFetch } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());


describe('user calls', () => {
  it('getCurrentUser parses users/current', async () => {
    const net = stubFetch(() => json(agent01));
    await expect(getCurrentUser()).resolves.toEqual(agent01);
    expect(net.last().url).toBe(`${location.origin}/api/users/current`);
  });

  it('rejects a current user that breaks the contract, naming the field', async () => {
    stubFetch(() => json({ ...agent01, unread_notifications_count: 'three' }));
    const error = (await getCurrentUser().catch((e: unknown) => e)) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.status).toBe(200);
    expect(error.details).toContain('unread_notifications_count');
  });

  it('rejects an answer that is not JSON at all', async () => {
    stubFetch(() => new Response('<!doctype html><html></html>', { status: 200 }));
    await expect(getCurrentUser()).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('getUser encodes the id into the path', async () => {
    const user = { id: '2', external_id: 'agent02', name: 'Wong Siu Ming', icon_url: '/x.svg' };
    const net = stubFetch(() => json(user));
    await expect(getUser('2')).resolves.toEqual(user);
    await getUser('a/b').catch(() => undefined);
    expect(net.requests[0].url).toBe(`${location.origin}/api/users/2`);
    expect(net.requests[1].url).toBe(`${location.origin}/api/users/a%2Fb`);
  });

  it('findUsers sends name, page and per_page and parses the page', async () => {
    const page = { data: [], page: 2, per_page: 5, total: 0 };
    const net = stubFetch(() => json(page));
    await expect(findUsers({ name: 'chan tai', page: 2, per_page: 5 })).resolves.toEqual(page);
    const url = new URL(net.last().url);
    expect(url.pathname).toBe('/api/users/find');
    expect(Object.fromEntries(url.searchParams)).toEqual({ name: 'chan tai', page: '2', per_page: '5' });
    await findUsers({ name: 'x' });
    expect(Object.fromEntries(new URL(net.last().url).searchParams)).toEqual({ name: 'x' });
  });

  it('changePassword puts the payload and expects 204', async () => {
    const payload = { old_password: 'Learner2026', new_password: 'Fresh2026a', confirm_password: 'Fresh2026a' };
    const net = stubFetch(() => new Response(null, { status: 204 }));
    await expect(changePassword(payload)).resolves.toBeUndefined();
    expect(net.last().method).toBe('PUT');
    expect(net.last().url).toBe(`${location.origin}/api/users/current/password`);
    expect(JSON.parse(net.lastBody() ?? '')).toEqual(payload);
  });

  it('changePassword rejects with the translated server message on a wrong old password', async () => {
    stubFetch(() => json({ status_code: 400, message: 'The current password is incorrect.' }, 400));
    await expect(
      changePassword({ old_password: 'x', new_password: 'Fresh2026a', confirm_password: 'Fresh2026a' }),
    ).rejects.toMatchObject({ status: 400, message: 'The current password is incorrect.' });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch, tokenFor } from './test-helpers';
import { clearToken, setToken } from '../platform/storage/token-storage';

// ADR 094: a write in one tab makes the first reads another tab holds stale. Each tab is its own
// instance of page-data.ts (the module loaded twice), each with its own BroadcastChannel of the
// same name, as two tabs of the origin have.

type PageData = typeof import('./page-data');

/** A fresh instance of page-data.ts (and of what it imports), as another tab has. */
async function openTab(): Promise<PageData> {
  vi.resetModules();
  const tab = await import('./page-data');
  tabs.push(tab);
  return tab;
}

const tabs: PageData[] = [];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const held = (tab: PageData, path: string) => tab.takeArrivedFirstRead(path, undefined);

beforeEach(() => {
  setToken(tokenFor('1'));
  stubFetch((r) => json({ path: new URL(r.url).pathname }));
});
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.closeWritesChannel();
  vi.unstubAllGlobals();
  clearToken();
});

describe('a write in another tab', () => {
  it('drops the answers this tab holds for what it wrote, once it settled, and keeps the others', async () => {
    const writer = await openTab();
    const reader = await openTab();
    await Promise.all([reader.sendFirstRead('courses/2'), reader.sendFirstRead('courses'), reader.sendFirstRead('users/current')]);

    let arrive!: () => void;
    writer.trackWrite(new Promise<void>((resolve) => (arrive = resolve)), ['courses']);
    await settle();
    expect(held(reader, 'courses/2'), 'kept while the write is on its way').toEqual({ value: { path: '/api/courses/2' } });

    arrive();
    await vi.waitFor(() => expect(held(reader, 'courses')).toBeNull());
    expect(held(reader, 'users/current'), 'not what was written').toEqual({ value: { path: '/api/users/current' } });
  });

  it('drops every answer when it does not say what it wrote, also when it failed', async () => {
    const writer = await openTab();
    const reader = await openTab();
    await Promise.all([reader.sendFirstRead('courses/2'), reader.sendFirstRead('users/current')]);
    await writer.trackWrite(Promise.reject(new Error('offline'))).catch(() => undefined);
    await vi.waitFor(() => expect(held(reader, 'users/current')).toBeNull());
    expect(held(reader, 'courses/2')).toBeNull();
  });

  it('a path that only begins like the written one is another resource; a message of another kind drops nothing', async () => {
    const writer = await openTab();
    const reader = await openTab();
    await Promise.all([reader.sendFirstRead('courses_archive'), reader.sendFirstRead('courses/7')]);
    const stranger = new BroadcastChannel(writer.WRITES_CHANNEL_NAME);
    stranger.postMessage({ type: 'hello', resources: ['courses_archive'] });
    stranger.postMessage({ type: 'written', resources: 'courses_archive' });
    stranger.close();
    await writer.trackWrite(Promise.resolve(), ['courses']);
    await vi.waitFor(() => expect(held(reader, 'courses/7')).toBeNull());
    expect(held(reader, 'courses_archive')).toEqual({ value: { path: '/api/courses_archive' } });
  });

  it("the writing tab drops its own answers at once (not through the channel)", async () => {
    const writer = await openTab();
    await writer.sendFirstRead('users/current');
    void writer.trackWrite(new Promise(() => undefined), ['courses']);
    expect(held(writer, 'users/current')).toBeNull();
  });
});

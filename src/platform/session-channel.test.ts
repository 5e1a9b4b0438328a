import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSessionChannel, OPEN_TAB_LOCK_NAME, parseSessionMessage, type SessionChannel, type SessionMessage } from './session-channel';

const opened: SessionChannel[] = [];
afterEach(() => {
  opened.splice(0).forEach((c) => c.close());
  vi.unstubAllGlobals();
});

/** The browser's lock manager as the Web Locks API describes it, shared modes only: every
 * request is granted at once and listed in `query` until the promise its callback returned settles. */
function fakeLocks() {
  const held: { name: string; mode: string }[] = [];
  return {
    request: (name: string, options: { mode: string }, callback: () => Promise<void>) => {
      const entry = { name, mode: options.mode };
      held.push(entry);
      return Promise.resolve(callback()).finally(() => held.splice(held.indexOf(entry), 1));
    },
    query: async () => ({ held: [...held] }),
  };
}

describe('session channel (ADR 016)', () => {
  it('passes on only well-formed messages: any page of the origin can post on it', () => {
    expect(parseSessionMessage({ type: 'session.ask' })).toEqual({ type: 'session.ask' });
    expect(parseSessionMessage({ type: 'session.loggedOut', extra: 1 })).toEqual({ type: 'session.loggedOut' });
    expect(parseSessionMessage({ type: 'session.share', token: null, clientId: 'c' })).toEqual({ type: 'session.share', token: null, clientId: 'c' });
    expect(parseSessionMessage({ type: 'session.token', token: 't', clientId: 'c' })).toEqual({ type: 'session.token', token: 't', clientId: 'c' });
    for (const bad of [null, 'session.ask', {}, { type: 'other' }, { type: 'session.token', token: null, clientId: 'c' }, { type: 'session.share', token: 't' }, { type: 'session.token', token: 5, clientId: 'c' }]) {
      expect(parseSessionMessage(bad)).toBeNull();
    }
  });

  it("carries one tab's messages to the other tabs on the same name, not back to itself", async () => {
    const name = `test-${crypto.randomUUID()}`;
    const [a, b] = [openSessionChannel(name)!, openSessionChannel(name)!];
    opened.push(a, b);
    const atA: SessionMessage[] = [];
    a.subscribe((m) => atA.push(m));
    const atB = new Promise<SessionMessage>((resolve) => b.subscribe(resolve));
    a.post({ type: 'session.token', token: 't', clientId: 'c' });
    expect(await atB).toEqual({ type: 'session.token', token: 't', clientId: 'c' });
    expect(atA).toEqual([]);
  });

  // ADR 044: a new tab waited 300 ms for an answer before its first page, even when it was the only tab.
  it('tells a tab whether another tab of the app is open in this browser', async () => {
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    const first = openSessionChannel(`test-${crypto.randomUUID()}`)!;
    opened.push(first);
    expect(await first.otherTabOpen!()).toBe(false);
    const second = openSessionChannel(`test-${crypto.randomUUID()}`)!;
    opened.push(second);
    expect(await second.otherTabOpen!()).toBe(true);
    expect(await first.otherTabOpen!()).toBe(true);
    second.close();
    await vi.waitFor(async () => expect((await locks.query()).held.filter((l) => l.name === OPEN_TAB_LOCK_NAME)).toHaveLength(1));
    expect(await first.otherTabOpen!()).toBe(false);
  });

  it('assumes another tab may be open where the browser cannot say', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const channel = openSessionChannel(`test-${crypto.randomUUID()}`)!;
    opened.push(channel);
    expect(await channel.otherTabOpen!()).toBe(true);
  });
});

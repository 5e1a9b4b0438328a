import { afterEach, describe, expect, it } from 'vitest';
import { openSessionChannel, parseSessionMessage, type SessionChannel, type SessionMessage } from './session-channel';

const opened: SessionChannel[] = [];
afterEach(() => opened.splice(0).forEach((c) => c.close()));

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
});

// The tabs of one browser share one session (ADR 016). The token itself stays in each tab's
// session storage (SPEC §3); this BroadcastChannel only carries it from an open tab to a new one,
// and carries refreshes and logouts between open tabs. It reaches same-origin pages of this
// browser profile only: never another browser or device.

/** What the tabs say to each other. */
export type SessionMessage =
  /** A tab that opened without a token asks the open ones for theirs. */
  | { type: 'session.ask' }
  /** An open tab's answer to `session.ask` (token null: it is not signed in). */
  | { type: 'session.share'; token: string | null; clientId: string }
  /** A tab stored a new token (sign-in, refresh, second factor passed). */
  | { type: 'session.token'; token: string; clientId: string }
  /** A tab ended the session (logout, timeout, device expired): the others end too. */
  | { type: 'session.loggedOut' };

export interface SessionChannel {
  post: (message: SessionMessage) => void;
  /** Called with every well-formed message from another tab; returns the unsubscribe. */
  subscribe: (listener: (message: SessionMessage) => void) => () => void;
  close: () => void;
  /** Marks this tab as signed in (or no longer) for `signedInTabOpen` of the browser's other tabs. */
  holdSignedIn?: (held: boolean) => void;
  /** Whether a tab of this browser is signed in now: false means no answer with a token will come. */
  signedInTabOpen?: () => Promise<boolean>;
  /** Whether another tab of the app is open in this browser: false means no answer at all will come. */
  otherTabOpen?: () => Promise<boolean>;
}

export const SESSION_CHANNEL_NAME = 'agent-academy-session';

/** A shared Web Lock each signed-in tab holds while it is signed in. The browser drops it when the
 * tab closes or crashes, so a new tab can tell without waiting whether any tab could answer it. */
export const SIGNED_IN_LOCK_NAME = 'agent-academy-signed-in';

/** A shared Web Lock every tab of the app holds from the moment it opens its channel until it
 * closes: a new tab that finds no holder but itself knows at once that nobody will answer it. */
export const OPEN_TAB_LOCK_NAME = 'agent-academy-open-tab';

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** Any page of the origin can post on the channel: only well-formed messages are passed on. */
export function parseSessionMessage(data: unknown): SessionMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case 'session.ask':
    case 'session.loggedOut':
      return { type: m.type };
    case 'session.share':
      return isText(m.clientId) && (m.token === null || isText(m.token)) ? { type: m.type, token: m.token, clientId: m.clientId } : null;
    case 'session.token':
      return isText(m.clientId) && isText(m.token) ? { type: m.type, token: m.token, clientId: m.clientId } : null;
    default:
      return null;
  }
}

/** The browser's BroadcastChannel, or null where there is none (the tab then works alone). */
export function openSessionChannel(name: string = SESSION_CHANNEL_NAME): SessionChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(name);
  const listeners = new Set<(message: SessionMessage) => void>();
  channel.onmessage = (event: MessageEvent) => {
    const message = parseSessionMessage(event.data);
    if (message) for (const listener of [...listeners]) listener(message);
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  let releaseSignedIn: (() => void) | null = null;
  let releaseOpenTab = () => {};
  // Resolves once this tab holds its open-tab mark (at once without the Locks API).
  const openTabHeld = new Promise<void>((held) => {
    if (!locks) return held();
    const released = new Promise<void>((resolve) => (releaseOpenTab = resolve));
    void locks
      .request(OPEN_TAB_LOCK_NAME, { mode: 'shared' }, () => {
        held();
        return released;
      })
      .catch(() => held());
  });
  return {
    post: (message) => channel.postMessage(message),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: () => {
      listeners.clear();
      channel.close();
      releaseSignedIn?.();
      releaseOpenTab();
    },
    holdSignedIn: (held) => {
      if (!locks) return;
      if (held && !releaseSignedIn) {
        const released = new Promise<void>((resolve) => (releaseSignedIn = resolve));
        void locks.request(SIGNED_IN_LOCK_NAME, { mode: 'shared' }, () => released).catch(() => {});
      } else if (!held && releaseSignedIn) {
        releaseSignedIn();
        releaseSignedIn = null;
      }
    },
    signedInTabOpen: async () => {
      // Without the Locks API we cannot tell: assume a tab may answer.
      if (!locks?.query) return true;
      const { held = [] } = await locks.query().catch(() => ({ held: [{ name: SIGNED_IN_LOCK_NAME }] }));
      return held.some((lock) => lock.name === SIGNED_IN_LOCK_NAME);
    },
    otherTabOpen: async () => {
      if (!locks?.query) return true;
      await openTabHeld;
      // Each tab's shared hold is listed apart: this tab's own is one of them.
      const { held = [] } = await locks.query().catch(() => ({ held: [{ name: OPEN_TAB_LOCK_NAME }, { name: OPEN_TAB_LOCK_NAME }] }));
      return held.filter((lock) => lock.name === OPEN_TAB_LOCK_NAME).length > 1;
    },
  };
}

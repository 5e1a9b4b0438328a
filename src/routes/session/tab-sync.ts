import { getClientId, getToken, onTokenChange, readClaims, setClientId, setToken } from '../../platform/storage/token-storage';
import type { SessionChannel } from '../../platform/session-channel';

// ADR 016: the tabs of one browser share one session. The wiring between the browser's channel
// (src/platform/session-channel.ts), this tab's token storage and this tab's session.

/** How long a new tab waits for the client id of an open tab when no tab is signed in. The wait
 * runs beside the app configuration's request. */
export const ASK_OPEN_TABS_MS = 300;
/** How long a new tab waits for the token when a tab of this browser is signed in. An open tab
 * busy loading a page (or in the background) was seen to take more than a second to answer. */
export const ASK_SIGNED_IN_TAB_MS = 5_000;

/** A token worth taking: readable, for a user, and not expired. */
function usable(token: string | null, nowMs: number): string | null {
  const claims = readClaims(token);
  return claims?.exp !== undefined && claims.exp * 1000 > nowMs ? token : null;
}

const issuedAt = (token: string | null) => {
  const claims = readClaims(token);
  return claims?.iat ?? claims?.nbf ?? 0;
};

/**
 * A tab opened without a token (a new tab or window of this browser) asks the open tabs for
 * theirs, and takes the first signed-in answer: its token and its client id. Without one it takes
 * the client id of the first tab that answered, so a sign-in here is still the same browser.
 * Resolves with whether a token was taken, at the latest after `waitMs`, and at once when no other
 * tab of the app is open (it waited 300 ms before the first page could render, ADR 044).
 */
export function joinOpenTabs(
  channel: SessionChannel | null,
  { waitMs = ASK_OPEN_TABS_MS, signedInWaitMs = ASK_SIGNED_IN_TAB_MS, now = Date.now } = {},
): Promise<boolean> {
  if (!channel || getToken()) return Promise.resolve(false);
  // A browser that cannot tell (no Web Locks): ask at once, and wait the short time.
  if (!channel.signedInTabOpen && !channel.otherTabOpen) return askOpenTabs(channel, waitMs, now);
  const signedIn = channel.signedInTabOpen?.() ?? Promise.resolve(false);
  const anyOther = channel.otherTabOpen?.() ?? Promise.resolve(true);
  return Promise.all([signedIn, anyOther]).then(([signedInOpen, otherOpen]) =>
    // A signed-in tab is open: worth waiting longer for its answer than for a client id alone. No
    // other tab at all (the usual first visit): nobody will answer, so the page does not wait.
    signedInOpen ? askOpenTabs(channel, signedInWaitMs, now) : otherOpen ? askOpenTabs(channel, waitMs, now) : false,
  );
}

function askOpenTabs(channel: SessionChannel, wait: number, now: () => number): Promise<boolean> {
  return new Promise((resolve) => {
    let clientIdOfFirstAnswer: string | null = null;
    const finish = (tookToken: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      if (!tookToken && clientIdOfFirstAnswer) setClientId(clientIdOfFirstAnswer);
      resolve(tookToken);
    };
    const unsubscribe = channel.subscribe((message) => {
      if (message.type !== 'session.share') return;
      const token = usable(message.token, now());
      if (token) {
        setClientId(message.clientId);
        setToken(token);
        finish(true);
      } else {
        clientIdOfFirstAnswer ??= message.clientId;
      }
    });
    const timer = setTimeout(() => finish(false), wait);
    channel.post({ type: 'session.ask' });
  });
}

/** What the tab sync needs of this tab's session. */
export interface TabSession {
  isSignedIn: () => boolean;
  signedIn: () => void;
  endedElsewhere: () => void;
}

/**
 * Keeps this tab in step with the others: answers new tabs, tells the others of every token it
 * stores (sign-in, refresh) and takes theirs when newer, so a tab left idle keeps working while
 * another is used. A logout elsewhere ends this tab's session. Returns the stop function.
 */
export function syncWithOpenTabs(channel: SessionChannel | null, session: TabSession, now: () => number = Date.now): () => void {
  if (!channel) return () => {};
  let taking = false;
  channel.holdSignedIn?.(usable(getToken(), now()) !== null);
  const stopListening = onTokenChange((token) => {
    channel.holdSignedIn?.(token !== null);
    // A removed token (401, logout) is not news for the others: logout says so itself.
    if (taking || token === null) return;
    channel.post({ type: 'session.token', token, clientId: getClientId() });
  });
  const unsubscribe = channel.subscribe((message) => {
    switch (message.type) {
      case 'session.ask':
        channel.post({ type: 'session.share', token: usable(getToken(), now()), clientId: getClientId() });
        return;
      case 'session.token': {
        const own = usable(getToken(), now());
        const theirs = usable(message.token, now());
        if (!theirs || theirs === own) return;
        const signedIn = session.isSignedIn();
        // Signed in: only a newer token of the same user (a refresh, or a sign-in again) replaces
        // this tab's; a different user's sign-in in a tab that never joined leaves this one alone.
        if (signedIn && own && (readClaims(theirs)?.sub !== readClaims(own)?.sub || issuedAt(theirs) <= issuedAt(own))) return;
        taking = true;
        try {
          setClientId(message.clientId);
          setToken(theirs);
        } finally {
          taking = false;
        }
        if (!signedIn) session.signedIn();
        return;
      }
      case 'session.loggedOut':
        session.endedElsewhere();
        return;
      case 'session.share':
        return;
    }
  });
  return () => {
    stopListening();
    unsubscribe();
    channel.holdSignedIn?.(false);
  };
}

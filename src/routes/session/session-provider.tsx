import { createContext, lazy, Suspense, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { selectTimeoutDialog, type TimeoutDialogView } from '../../machines/idle-timeout/idle-timeout.selectors';
import { selectIdleTimeout } from '../../machines/session/session.selectors';
import type { Session } from './session.actor';

// The box's code (Radix Dialog) is fetched when a session starts, long before a box can open, so
// the sign-in page does without it (ADR 008).
const SessionTimeoutDialog = lazy(() =>
  import('../../ui/dialogs/session-timeout-dialog').then((m) => ({ default: m.SessionTimeoutDialog })),
);

const SessionContext = createContext<Session | null>(null);

const sameDialog = (a: TimeoutDialogView, b: TimeoutDialogView) => a.open === b.open && a.secondsLeft === b.secondsLeft && a.busy === b.busy;

/** The timeout box of SPEC §2, above every page (it outlives route changes). */
function SessionTimeoutDialogHost({ session }: { session: Session }) {
  // The idle timeout is a child actor: its ticks do not change the session's own snapshot.
  const idleTimeout = useSelector(session.actor, selectIdleTimeout);
  const view = useSelector(idleTimeout, selectTimeoutDialog, sameDialog);
  if (!idleTimeout) return null;
  return (
    <Suspense fallback={null}>
      <SessionTimeoutDialog
        {...view}
        onContinue={() => session.actor.send({ type: 'dialog.continue' })}
        onLeave={() => session.actor.send({ type: 'dialog.leave' })}
      />
    </Suspense>
  );
}

/** Makes the app's one session available to routes, and shows its timeout box. */
export function SessionProvider({ session, children }: { session: Session; children?: ReactNode }) {
  return (
    <SessionContext.Provider value={session}>
      {children}
      <SessionTimeoutDialogHost session={session} />
    </SessionContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs <SessionProvider> above it');
  return session;
}

/** For views that can also be shown without a session (layout previews and their tests). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

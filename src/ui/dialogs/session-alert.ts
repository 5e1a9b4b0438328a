import type { SessionAlert } from '../../machines/session/session.machine';

type Translate = (key: string) => string;

/** The text of the alert that ends a session (SPEC §8). */
export function sessionAlertText(alert: SessionAlert | null, t: Translate): string {
  if (alert?.kind === 'server') return alert.message;
  return t(alert?.kind === 'token_expired' ? 'session:token_expired' : 'common:session_expired');
}

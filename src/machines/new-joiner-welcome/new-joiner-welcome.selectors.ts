import type { SnapshotFrom } from 'xstate';
import type { NewJoinerWelcomeItem } from '../../api/schemas/new-joiner-welcome.schema';
import type { newJoinerWelcomeMachine } from './new-joiner-welcome.machine';

export interface NewJoinerWelcomeViewModel {
  status: 'loading' | 'ready' | 'failed';
  items: NewJoinerWelcomeItem[];
  /** The view offers "Try again" exactly when the machine takes a retry. */
  canRetry: boolean;
}

export function selectNewJoinerWelcomeView(snapshot: SnapshotFrom<typeof newJoinerWelcomeMachine>): NewJoinerWelcomeViewModel {
  const status = snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading';
  return { status, items: snapshot.context.items, canRetry: snapshot.can({ type: 'retry' }) };
}

import type { SnapshotFrom } from 'xstate';
import type { ScormScore } from '../../api/schemas/scorm.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import type { scormMachine } from './scorm.machine';

export type ScormSnapshot = SnapshotFrom<typeof scormMachine>;

/** What the launcher shows: one of these, by the machine's state. */
export type ScormStatus = 'idle' | 'opening' | 'blocked' | 'loading' | 'loadFailed' | 'running' | 'finishing' | 'closed';
/** While running: the SCO's data is saved (confirmed), being saved, not saved (offline, retried), or refused. */
export type ScormSync = 'saved' | 'saving' | 'offline' | 'refused';

export interface ScormViewModel {
  status: ScormStatus;
  sync: ScormSync;
  /** The server's verdict: the item counts as completed (ADR 029). */
  counted: boolean;
  /** The package's score as the server holds it (after a load). */
  score: ScormScore | null;
  /** A place to resume from is stored: the button says "Continue". */
  resumable: boolean;
  failure: FailureView;
  /** The view offers Open (idle, closed) and Try again (blocked, failed load). */
  canOpen: boolean;
  canRetry: boolean;
}

const STATUSES: ScormStatus[] = ['opening', 'blocked', 'loading', 'loadFailed', 'running', 'finishing', 'closed'];

export function selectScormView(snapshot: ScormSnapshot): ScormViewModel {
  const status = STATUSES.find((s) => snapshot.matches(s)) ?? 'idle';
  const c = snapshot.context;
  const sync: ScormSync = snapshot.matches({ running: 'offline' })
    ? 'offline'
    : snapshot.matches({ running: 'refused' })
      ? 'refused'
      : c.pending !== null || snapshot.matches({ running: 'committing' })
        ? 'saving'
        : 'saved';
  return {
    status,
    sync,
    counted: c.counted,
    score: c.runtime?.score ?? null,
    resumable: c.runtime !== null ? c.runtime.entry === 'resume' || c.last !== null : false,
    failure: failureView(status === 'loadFailed' || sync === 'refused' || (status === 'closed' && c.error !== null), c.error),
    canOpen: status === 'idle' || status === 'closed',
    canRetry: status === 'blocked' || status === 'loadFailed',
  };
}

import type { SnapshotFrom } from 'xstate';
import type { ReplayMachine, ReplayStep } from '../../api/schemas/evidence-replay.schema';
import { failureView, type FailureView } from '../shared/submission-error';
import { diagramStates, pathAndAncestors, type DiagramState } from './evidence-replay.diagram';
import type { evidenceReplayMachine } from './evidence-replay.machine';

export type EvidenceReplaySnapshot = SnapshotFrom<typeof evidenceReplayMachine>;

/** A state node as the diagram draws it: 'current' is the step's target state, 'active' its ancestors, 'from' where it came from. */
export interface DiagramStateView extends DiagramState {
  mark: 'current' | 'active' | 'from' | null;
}

export interface EvidenceReplayViewModel {
  status: 'loading' | 'stepping' | 'empty' | 'failed';
  failure: FailureView;
  canRetry: boolean;
  canPrevious: boolean;
  canNext: boolean;
  canFirst: boolean;
  canLast: boolean;
  /** What was asked (known before the answer); the course title comes with the answer. */
  scope: { kind: 'day' | 'course' | 'offline'; day: string | null; title: string | null };
  learner: { id: string; name: string; agentCode: string } | null;
  /** The step on screen (0-based) of total. */
  index: number;
  total: number;
  step: ReplayStep | null;
  steps: ReplayStep[];
  diagram: { machine: ReplayMachine; states: DiagramStateView[] } | null;
}

function diagramOf(step: ReplayStep): EvidenceReplayViewModel['diagram'] {
  const active = new Set(pathAndAncestors(step.to_state));
  return {
    machine: step.machine,
    states: diagramStates(step.machine).map((s) => ({
      ...s,
      mark: s.path === step.to_state ? 'current' : active.has(s.path) ? 'active' : s.path === step.from_state ? 'from' : null,
    })),
  };
}

export function selectEvidenceReplayView(snapshot: EvidenceReplaySnapshot): EvidenceReplayViewModel {
  const { ask, replay, index, error } = snapshot.context;
  const status = snapshot.matches('stepping') ? 'stepping' : snapshot.matches('empty') ? 'empty' : snapshot.matches('failed') ? 'failed' : 'loading';
  const shown = status === 'stepping' || status === 'empty' ? replay : null;
  const step = status === 'stepping' ? (shown?.steps[index] ?? null) : null;
  return {
    status,
    failure: failureView(status === 'failed', error),
    canRetry: snapshot.can({ type: 'retry' }),
    canPrevious: snapshot.can({ type: 'previous' }),
    canNext: snapshot.can({ type: 'next' }),
    canFirst: snapshot.can({ type: 'first' }),
    canLast: snapshot.can({ type: 'last' }),
    scope: { kind: 'day' in ask ? 'day' : 'courseId' in ask ? 'course' : 'offline', day: 'day' in ask ? ask.day : null, title: shown?.scope.title ?? null },
    learner: shown ? { id: shown.user.id, name: shown.user.name, agentCode: shown.user.agent_code } : null,
    index: step ? index : 0,
    total: shown?.steps.length ?? 0,
    step,
    steps: shown?.steps ?? [],
    diagram: step ? diagramOf(step) : null,
  };
}

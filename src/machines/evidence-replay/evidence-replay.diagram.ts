import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { ReplayMachine } from '../../api/schemas/evidence-replay.schema';
import { continualAuthMachine } from '../continual-auth/continual-auth.machine';
import { lessonMachine } from '../lesson/lesson.machine';
import { offlineEnrolmentMachine } from '../offline-enrolment/offline-enrolment.machine';
import { onScreenTimeMachine } from '../on-screen-time/on-screen-time.machine';
import { quizAttemptMachine } from '../quiz-attempt/quiz-attempt.machine';

// Issue 46, ADR 097: the diagram the auditor's replay lights up is read from the real machine
// definitions (machine.root and its state nodes), so a state the server names that the machine no
// longer has is caught by a test (evidence-replay.diagram.test.ts), not drawn from a copy. A small
// reader of its own: src/machines/testing/diagram.ts belongs to the model-based tests.

export const REPLAY_MACHINE_DEFINITIONS: Record<ReplayMachine, AnyStateMachine> = {
  lesson: lessonMachine,
  'on-screen-time': onScreenTimeMachine,
  'continual-auth': continualAuthMachine,
  'quiz-attempt': quizAttemptMachine,
  'offline-enrolment': offlineEnrolmentMachine,
};

/** One state node of a machine, in document order (a parent before its children). */
export interface DiagramState {
  /** Dot path under the root, as REPLAY_TRANSITIONS and the server name it ('prompting.checking'). */
  path: string;
  key: string;
  /** 0 for a child of the root. */
  depth: number;
  /** 'parallel' regions run at once; 'final' ends the machine or its parent. */
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The events it answers, as the machine names them (done/error of its invoked actors included). */
  events: string[];
}

function walk(node: AnyStateNode, out: DiagramState[]): void {
  for (const child of Object.values(node.states) as AnyStateNode[]) {
    const events = [...child.transitions.keys()].filter((e) => e !== '');
    out.push({ path: child.path.join('.'), key: child.key, depth: child.path.length - 1, type: child.type, events });
    walk(child, out);
  }
}

/** Every state node of the machine under its root. */
export function diagramStates(machine: ReplayMachine): DiagramState[] {
  const out: DiagramState[] = [];
  walk(REPLAY_MACHINE_DEFINITIONS[machine].root, out);
  return out;
}

/** The state path and each of its ancestors ('a.b.c' → a, a.b, a.b.c): the ones the diagram lights. */
export function pathAndAncestors(path: string): string[] {
  const parts = path.split('.');
  return parts.map((_, i) => parts.slice(0, i + 1).join('.'));
}

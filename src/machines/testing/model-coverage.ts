// Support for the model-based `*.paths.test.ts` files (DESIGN §4). `createTestModel` refuses
// machines that invoke actors, so the tests traverse the real machine with xstate/graph, replay
// every path into a live actor whose invoked promises the test settles by hand, and check that
// every state node and every transition of the definition was exercised.
import {
  createActor,
  fromPromise,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type TransitionDefinition,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, type AdjacencyMap, type StatePath } from 'xstate/graph';

type AnyTransition = TransitionDefinition<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function walk(node: AnyStateNode, visit: (n: AnyStateNode) => void): void {
  visit(node);
  for (const child of Object.values(node.states) as AnyStateNode[]) walk(child, visit);
}

/** Every state node id of the definition (the root included). */
export function allStateIds(machine: AnyStateMachine): Set<string> {
  const ids = new Set<string>();
  walk(machine.root, (n) => ids.add(n.id));
  return ids;
}

function transitionKey(t: AnyTransition): string {
  const source = t.source as AnyStateNode;
  const siblings = source.transitions.get(t.eventType) ?? [];
  const target = t.target ? t.target.map((n: AnyStateNode) => n.id).join(',') : '(self)';
  return `${source.id} --${t.eventType}[${siblings.indexOf(t)}]--> ${target}`;
}

/** Every transition of the definition, computed from the machine itself (not from a list we keep). */
export function allTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  walk(machine.root, (n) => {
    for (const defs of n.transitions.values()) for (const t of defs) keys.add(transitionKey(t as AnyTransition));
  });
  return keys;
}

/** The transitions the machine takes for `event` in `snapshot` (guards evaluated). */
export function transitionsTaken(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  return machine.getTransitionData(snapshot, event).map((t) => transitionKey(t as AnyTransition));
}

export type ModelPath = StatePath<AnyMachineSnapshot, EventObject>;

/**
 * One path per edge of the reachable graph: the shortest path to the edge's source, then the
 * edge. Simple paths cannot re-enter a visited state, so edges back to earlier states (e.g.
 * failed → editing) are only covered this way. Simple paths are added for longer journeys
 * (unless `simplePaths` is false).
 */
export function modelPaths(
  machine: AnyStateMachine,
  events: EventObject[],
  { input, simplePaths = true }: { input?: unknown; simplePaths?: boolean } = {},
): ModelPath[] {
  // Only events the state accepts: an ignored event is a self-loop the live actor never sees.
  const options = { events: (s: AnyMachineSnapshot) => events.filter((e) => s.can(e)), input };
  const shortest = getShortestPaths(machine, options) as ModelPath[];
  const serialize = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context });
  const toState = new Map(shortest.map((p) => [serialize(p.state), p]));
  const adjacency = getAdjacencyMap(machine, options) as AdjacencyMap<AnyMachineSnapshot, EventObject>;
  const edges: ModelPath[] = [];
  for (const { state, transitions } of Object.values(adjacency)) {
    const prefix = toState.get(serialize(state));
    if (!prefix) continue;
    const outgoing = Object.values(transitions) as Array<{ event: EventObject; state: AnyMachineSnapshot }>;
    for (const { event, state: next } of outgoing) {
      edges.push({ state: next, steps: [...prefix.steps, { event, state: next }], weight: prefix.weight + 1 });
    }
  }
  // Simple paths grow exponentially with the graph: machines whose context carries timestamps
  // turn them off and rely on the edge paths (every transition still covered).
  return [...shortest, ...edges, ...(simplePaths ? (getSimplePaths(machine, options) as ModelPath[]) : [])];
}

/** Human-readable description of a path for test names. */
export function describePath(path: ModelPath): string {
  const events = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
  return `${JSON.stringify(path.state.value)} via ${events || '(start)'}`;
}

interface Pending {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Promise actors the test settles by hand: a `xstate.done.actor.<id>` step resolves the pending
 * call with the event's output, a `xstate.error.actor.<id>` step rejects it with the event's error.
 */
export function controllableActors(ids: string[]) {
  const pending = new Map<string, Pending[]>();
  const actors = Object.fromEntries(
    ids.map((id) => [
      id,
      fromPromise<unknown, unknown>(
        ({ input }) => new Promise((resolve, reject) => pending.set(id, [...(pending.get(id) ?? []), { input, resolve, reject }])),
      ),
    ]),
  );
  return {
    actors,
    /** Inputs of every call so far, per actor id. */
    calls: (id: string) => (pending.get(id) ?? []).map((p) => p.input),
    settle(event: EventObject & { output?: unknown; error?: unknown }): boolean {
      const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (!match) return false;
      const calls = pending.get(match[2]) ?? [];
      const last = calls[calls.length - 1];
      if (!last) throw new Error(`no pending call of ${match[2]} to settle`);
      if (match[1] === 'done') last.resolve(event.output);
      else last.reject(event.error);
      return true;
    },
  };
}

const flush = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * Replays a path into a live actor of `machine` with controllable actors, and after every step
 * compares the live snapshot with the model's. Returns the transitions taken.
 */
export async function replay(
  machine: AnyStateMachine,
  path: ModelPath,
  actorIds: string[],
  check?: (live: AnyMachineSnapshot, model: AnyMachineSnapshot, calls: (id: string) => unknown[]) => void,
  input?: unknown,
): Promise<string[]> {
  const control = controllableActors(actorIds);
  const actor = createActor(machine.provide({ actors: control.actors }), { input });
  actor.start();
  const taken: string[] = [];
  try {
    for (const step of path.steps) {
      taken.push(...transitionsTaken(machine, actor.getSnapshot(), step.event));
      if (!control.settle(step.event)) actor.send(step.event);
      await flush();
      const live = actor.getSnapshot() as AnyMachineSnapshot;
      if (JSON.stringify(live.value) !== JSON.stringify(step.state.value) || JSON.stringify(live.context) !== JSON.stringify(step.state.context)) {
        throw new Error(
          `after ${step.event.type}: live ${JSON.stringify({ value: live.value, context: live.context })} ≠ model ${JSON.stringify({ value: step.state.value, context: step.state.context })}`,
        );
      }
      check?.(live, step.state, control.calls);
    }
  } finally {
    actor.stop();
  }
  return taken;
}

/** Paths generated from one input of the machine (machines whose start depends on their input
 * need several runs to reach every state). */
export interface ModelRun {
  input?: unknown;
  paths: ModelPath[];
}

/**
 * Replays every path of every run and reports the state nodes and transitions of the definition
 * that no path reached. Both lists must be empty for a machine to count as fully tested.
 */
export async function uncoveredByRuns(
  machine: AnyStateMachine,
  runs: ModelRun[],
  actorIds: string[],
): Promise<{ states: string[]; transitions: string[] }> {
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const { input, paths } of runs) {
    const initial = createActor(machine.provide({ actors: controllableActors(actorIds).actors }), { input });
    for (const node of initial.getSnapshot()._nodes as AnyStateNode[]) reached.add(node.id);
    for (const path of paths) {
      const steps = await replay(
        machine,
        path,
        actorIds,
        (live) => {
          for (const node of live._nodes as AnyStateNode[]) reached.add(node.id);
        },
        input,
      );
      for (const t of steps) taken.add(t);
    }
  }
  return {
    states: [...allStateIds(machine)].filter((id) => !reached.has(id)),
    transitions: [...allTransitions(machine)].filter((t) => !taken.has(t)),
  };
}

/** `uncoveredByRuns` for a machine that needs no input. */
export function uncovered(machine: AnyStateMachine, paths: ModelPath[], actorIds: string[]): Promise<{ states: string[]; transitions: string[] }> {
  return uncoveredByRuns(machine, [{ paths }], actorIds);
}

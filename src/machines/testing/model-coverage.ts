// Support for the model-based `*.paths.test.ts` files (DESIGN §4). `createTestModel` refuses
// machines that invoke actors, so the tests traverse the real machine with xstate/graph, replay
// every path into a live actor whose invoked promises the test settles by hand, and check that
// every state node and every transition of the definition was exercised.
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type InspectionEvent,
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
  // Simple paths grow exponentially with the graph: machines whose context carries timestamps
  // turn them off and rely on the edge paths (every transition still covered).
  return [...shortest, ...edgesFrom(adjacency, toState, serialize), ...(simplePaths ? (getSimplePaths(machine, options) as ModelPath[]) : [])];
}

/**
 * The shortest path to every reachable state, then one path per edge of the graph: the shortest
 * path to the edge's source, then the edge. `serializeState` says which states are the same (what
 * the rules read); `events` the events to try in a state (its outcomes may depend on the context).
 */
export function edgePaths(
  machine: AnyStateMachine,
  { input, serializeState, events }: { input?: unknown; serializeState: (s: AnyMachineSnapshot) => string; events: (s: AnyMachineSnapshot) => EventObject[] },
): ModelPath[] {
  const options = { input, serializeState, events };
  const shortest = getShortestPaths(machine, options as never) as unknown as ModelPath[];
  const toState = new Map(shortest.map((p) => [serializeState(p.state), p]));
  const adjacency = getAdjacencyMap(machine, options as never) as unknown as AdjacencyMap<AnyMachineSnapshot, EventObject>;
  return [...shortest, ...edgesFrom(adjacency, toState, serializeState)];
}

/** Each edge of the graph as the shortest path to its source, then the edge. */
function edgesFrom(adjacency: AdjacencyMap<AnyMachineSnapshot, EventObject>, toState: Map<string, ModelPath>, serialize: (s: AnyMachineSnapshot) => string): ModelPath[] {
  const edges: ModelPath[] = [];
  for (const { state, transitions } of Object.values(adjacency)) {
    const prefix = toState.get(serialize(state));
    if (!prefix) continue;
    for (const { event, state: next } of Object.values(transitions) as Array<{ event: EventObject; state: AnyMachineSnapshot }>) {
      edges.push({ state: next, steps: [...prefix.steps, { event, state: next }], weight: prefix.weight + 1 });
    }
  }
  return edges;
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

// setImmediate, not setTimeout(0): no 1 ms clamp per step (thousands of steps per machine).
const flush = () => new Promise<void>((r) => setImmediate(r));

/**
 * An oracle written from the SPEC, not read off the machine (ADR 022): per state (as the spec
 * names it), every event type the state accepts and the state it leads to. An event type missing
 * from a state's row must be refused; a function answers when the outcome depends on the event
 * or the context (null: refused).
 */
/** An event as the oracle sees it (a done/error event carries `output` / `error`). */
export type OracleEvent = EventObject & { output?: unknown; error?: unknown; [key: string]: unknown };

/** One row of a spec table: per event type, the state it leads to (a function when the outcome
 * depends on the event or the context; null: refused). */
export type OracleRow<S extends AnyMachineSnapshot = AnyMachineSnapshot> = Record<string, string | ((event: OracleEvent, snapshot: S) => string | null)>;

export interface Oracle<S extends AnyMachineSnapshot = AnyMachineSnapshot> {
  /** The state as the spec names it (default: the dotted path of the active leaf, `signIn.failed`). */
  state?: (snapshot: S) => string;
  table?: Record<string, OracleRow<S>>;
  /**
   * A parallel machine: one table per region, its state named by the region's `state`. An event is
   * accepted when some region's row leads somewhere with it; after the step each region is where its
   * row says (a region whose row does not list the event, or answers null, stays where it was).
   * Events every state accepts are listed in every row of the region that reacts to them.
   */
  regions?: Record<string, { state: (snapshot: S) => string; table: Record<string, OracleRow<S>> }>;
  /** What the view offers (buttons enabled, cancellable, …): per event type, whether the user can
   * send it. Compared at every step with what the machine accepts. */
  offers?: (snapshot: S) => Record<string, boolean>;
  /** Where the spec says the machine starts for its input, as `state` names it (per region, for a
   * parallel one): a page given its first answer starts loaded (ADR 094). Checked before each path. */
  start?: (input: unknown) => string | readonly string[];
}

/** The dotted path of the active leaf state(s) (`signIn.failed`; regions joined by ` | `). */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => (typeof v === 'string' ? `${k}.${v}` : Object.keys(v as object).length === 0 ? k : `${k}.${stateName(v)}`))
    .join(' | ');
}

type Region = { name: string; state: (s: AnyMachineSnapshot) => string; table: Record<string, OracleRow> };

function regionsOf(oracle: Oracle): Region[] {
  if (oracle.regions) return Object.entries(oracle.regions).map(([name, r]) => ({ name, ...(r as unknown as Omit<Region, 'name'>) }));
  return [{ name: '', state: (oracle.state ?? ((s: AnyMachineSnapshot) => stateName(s.value))) as Region['state'], table: (oracle.table ?? {}) as Record<string, OracleRow> }];
}

const label = (r: Region, state: string) => (r.name ? `${r.name} ${state}` : state);

/** Where each region (or the machine) is, as the spec names it. */
export function oracleState(oracle: Oracle, snapshot: AnyMachineSnapshot): string[] {
  return regionsOf(oracle).map((r) => r.state(snapshot));
}

/**
 * One step of the oracle, before it is taken: checks `before` against the spec table for every
 * candidate event (accepted exactly when the table says so) and what the view offers against what
 * the machine accepts; returns where the spec says `event` leads (per region), or null (refused).
 * Used by `replayPath` at every step, and by tests that drive a machine by hand (the lesson).
 */
export function oracleBefore(oracle: Oracle, before: AnyMachineSnapshot, candidates: EventObject[], event: EventObject): string[] | null {
  const regions = regionsOf(oracle);
  const here = regions.map((r) => r.state(before));
  const rows = regions.map((r, i) => {
    const row = r.table[here[i]];
    if (!row) throw new Error(`the spec table has no row for ${r.name ? `region ${r.name}, ` : ''}state ${here[i]}`);
    return row;
  });
  const name = regions.map((r, i) => label(r, here[i])).join(' | ');
  const expect = (e: EventObject): string[] | null => {
    const targets = rows.map((row) => {
      const entry = row[e.type];
      if (entry === undefined) return null;
      return typeof entry === 'function' ? entry(e as OracleEvent, before) : entry;
    });
    return targets.every((t) => t === null) ? null : targets.map((t, i) => t ?? here[i]);
  };
  for (const e of candidates) {
    const accepted = before.can(e);
    const expected = expect(e);
    if (accepted !== (expected !== null)) {
      throw new Error(`in ${name} the machine ${accepted ? 'accepts' : 'refuses'} ${JSON.stringify(e)}; the spec table says ${expected === null ? 'refused' : `→ ${expected.join(' | ')}`}`);
    }
  }
  for (const [type, offered] of Object.entries(oracle.offers?.(before) ?? {})) {
    const accepted = candidates.filter((e) => e.type === type).some((e) => before.can(e));
    if (accepted !== offered) throw new Error(`in ${name} the view ${offered ? 'offers' : 'does not offer'} ${type} but the machine ${accepted ? 'accepts' : 'refuses'} it`);
  }
  return expect(event);
}

/** One step of the oracle, after it is taken: the machine (each region) is where the spec said.
 * A refused event (null) is an error on a generated path (the machine took it); a test that drives
 * the machine by hand passes `before`, and a refused event must then change nothing. */
export function oracleAfter(oracle: Oracle, expected: string[] | null, event: EventObject, live: AnyMachineSnapshot, before?: AnyMachineSnapshot): void {
  if (expected === null && !before) throw new Error(`the machine took ${JSON.stringify(event)}; the spec table says it is refused here`);
  const regions = regionsOf(oracle);
  const want = expected ?? oracleState(oracle, before!);
  regions.forEach((r, i) => {
    const name = r.state(live);
    if (name !== want[i]) {
      throw new Error(`after ${event.type}: ${r.name ? `region ${r.name} is` : 'the machine is'} in ${name}; the spec table says ${expected === null ? `refused (stays in ${want[i]})` : want[i]}`);
    }
  });
}

export interface ReplayOptions {
  /** Invoked promise actors the replay settles by hand (xstate.done/error.actor.<id> steps). */
  actorIds: string[];
  input?: unknown;
  /** The independent oracle, and the events it is asked about at every step (default: none). */
  oracle?: Oracle;
  events?: EventObject[];
  /** Delayed transitions: an `xstate.after.…` step moves a simulated clock by this many ms instead
   * of being sent (and just short of it, nothing may happen). */
  delays?: Record<string, (snapshot: AnyMachineSnapshot) => number>;
  /** Compare the live actor with the model's snapshot (value and context) after every step. */
  compareWithModel?: boolean;
  /** Called before each path (a check that keeps state per path resets it here). */
  onPathStart?: () => void;
  check?: (live: AnyMachineSnapshot, step: { event: EventObject & Record<string, unknown>; before: AnyMachineSnapshot; model: AnyMachineSnapshot }, calls: (id: string) => unknown[]) => void;
}

interface Microstep {
  source: AnyStateNode;
  eventType: string;
  target?: AnyStateNode[];
}

/**
 * Replays a path into a live actor of `machine` (controllable actors, simulated clock), keeping
 * the transitions of every microstep and the state nodes reached; at every step it checks the
 * oracle (accepted events, the next state, what the view offers), the model, then `check`.
 */
export async function replayPath(machine: AnyStateMachine, path: ModelPath, options: ReplayOptions): Promise<{ taken: string[]; reached: Set<string> }> {
  options.onPathStart?.();
  const control = controllableActors(options.actorIds);
  const clock = new SimulatedClock();
  const taken: string[] = [];
  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.microstep') {
      taken.push(...(e as unknown as { _transitions: Microstep[] })._transitions.map((t) => transitionKey(t as unknown as AnyTransition)));
    }
  };
  const actor = createActor(machine.provide({ actors: control.actors }), { input: options.input, clock, inspect });
  actor.start();
  const reached = new Set<string>((actor.getSnapshot()._nodes as AnyStateNode[]).map((n) => n.id));
  if (options.oracle?.start) {
    const want = [options.oracle.start(options.input)].flat();
    const here = oracleState(options.oracle, actor.getSnapshot());
    if (here.join(' | ') !== want.join(' | ')) throw new Error(`the machine starts in ${here.join(' | ')}; the spec says ${want.join(' | ')}`);
  }
  const serialize = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context });
  try {
    for (const step of path.steps) {
      const event = step.event as EventObject & Record<string, unknown>;
      const before = actor.getSnapshot() as AnyMachineSnapshot;
      const expected = options.oracle && event.type !== 'xstate.init' ? oracleBefore(options.oracle, before, options.events ?? [], event) : undefined;
      const delay = options.delays?.[event.type];
      if (delay) {
        const ms = delay(before);
        clock.increment(ms - 1);
        if (JSON.stringify(actor.getSnapshot().value) !== JSON.stringify(before.value)) throw new Error(`${event.type} came before its ${ms} ms`);
        clock.increment(1);
      } else if (!control.settle(event)) actor.send(event);
      await flush();
      const live = actor.getSnapshot() as AnyMachineSnapshot;
      if (options.oracle && expected !== undefined) oracleAfter(options.oracle, expected, event, live);
      if ((options.compareWithModel ?? true) && serialize(live) !== serialize(step.state)) {
        throw new Error(`after ${event.type}: live ${serialize(live)} ≠ model ${serialize(step.state)}`);
      }
      for (const node of live._nodes as AnyStateNode[]) reached.add(node.id);
      options.check?.(live, { event, before, model: step.state }, control.calls);
    }
  } finally {
    actor.stop();
  }
  // A state passed through inside one macrostep (a final state whose onDone leaves at once) is reached
  // too, and so is the source of a transition taken (an initial state left at once by `always`).
  for (const t of taken) {
    reached.add(t.split(' --')[0]);
    for (const id of t.split('--> ')[1].split(',')) if (id !== '(self)') reached.add(id);
  }
  return { taken, reached };
}

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
  const { taken } = await replayPath(machine, path, { actorIds, input, check: check && ((live, step, calls) => check(live, step.model, calls)) });
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
  actorIds: string[] | Omit<ReplayOptions, 'input'>,
): Promise<{ states: string[]; transitions: string[] }> {
  return (await replayRuns(machine, runs, Array.isArray(actorIds) ? { actorIds } : actorIds)).uncovered;
}

/**
 * Replays every path of every run (one test per machine: a failing path is named in the error)
 * and reports the number of paths and the state nodes and transitions of the definition that no
 * path reached. Both lists must be empty for a machine to count as fully tested.
 */
export async function replayRuns(
  machine: AnyStateMachine,
  runs: ModelRun[],
  options: Omit<ReplayOptions, 'input'>,
): Promise<{ paths: number; uncovered: { states: string[]; transitions: string[] } }> {
  const reached = new Set<string>();
  const taken = new Set<string>();
  let count = 0;
  for (const { input, paths } of runs) {
    for (const path of paths) {
      count += 1;
      let result;
      try {
        result = await replayPath(machine, path, { ...options, input });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`path ${describePath(path)}${input === undefined ? '' : ` (input ${JSON.stringify(input)})`}: ${message}`, { cause: error });
      }
      result.reached.forEach((id) => reached.add(id));
      result.taken.forEach((t) => taken.add(t));
    }
  }
  return {
    paths: count,
    uncovered: {
      states: [...allStateIds(machine)].filter((id) => !reached.has(id)),
      transitions: [...allTransitions(machine)].filter((t) => !taken.has(t)),
    },
  };
}

/** `uncoveredByRuns` for a machine that needs no input. */
export function uncovered(machine: AnyStateMachine, paths: ModelPath[], actorIds: string[]): Promise<{ states: string[]; transitions: string[] }> {
  return uncoveredByRuns(machine, [{ paths }], actorIds);
}

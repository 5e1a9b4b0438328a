import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StateMachine, and, not, or, setup, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { accountMergeMachine } from './account-merge/account-merge.machine';
import { attachmentLikeMachine } from './attachment-like/attachment-like.machine';
import { attachmentViewerMachine } from './attachment-viewer/attachment-viewer.machine';
import { changePasswordMachine } from './change-password/change-password.machine';
import { continualAuthMachine } from './continual-auth/continual-auth.machine';
import { courseDetailMachine } from './course-detail/course-detail.machine';
import { examCertificateMachine } from './exam-certificate/exam-certificate.machine';
import { feedbackFormsMachine } from './feedback-forms/feedback-forms.machine';
import { managementMachine } from './management/management.machine';
import { mockExamsMachine } from './mock-exams/mock-exams.machine';
import { mockPracticeMachine } from './mock-practice/mock-practice.machine';
import { notificationsMachine } from './notifications/notifications.machine';
import { profileMachine } from './profile/profile.machine';
import { offlineEnrolmentMachine } from './offline-enrolment/offline-enrolment.machine';
import { offlineTrainerMachine } from './offline-trainer/offline-trainer.machine';
import { pagedListMachine } from './paged-list/paged-list.machine';
import { createFormSubmissionMachine } from './form-submission/form-submission.machine';
import { forgotPasswordMachine } from './forgot-password/forgot-password.machine';
import { idleTimeoutMachine } from './idle-timeout/idle-timeout.machine';
import { lessonAttachmentMachine } from './lesson/lesson-attachment.machine';
import { lessonMachine } from './lesson/lesson.machine';
import { quizAttemptMachine } from './quiz-attempt/quiz-attempt.machine';
import { quizMachine } from './quiz/quiz.machine';
import { scormMachine } from './scorm/scorm.machine';
import { onScreenTimeMachine } from './on-screen-time/on-screen-time.machine';
import { recruitAccountsMachine } from './recruit-accounts/recruit-accounts.machine';
import { resetPasswordMachine } from './reset-password/reset-password.machine';
import { sessionMachine } from './session/session.machine';
import { signInMachine } from './sign-in/sign-in.machine';
import { twoFactorMachine } from './two-factor/two-factor.machine';
import { videoPlayerMachine } from './video-player/video-player.machine';
import { vocabMachine } from './vocab/vocab.machine';
import { cpdClaimMachine } from './cpd-claim/cpd-claim.machine';
import { cpdLedgerMachine } from './cpd-ledger/cpd-ledger.machine';
import { learningMapMachine } from './learning-map/learning-map.machine';
import { readingNoteMachine } from './reading-note/reading-note.machine';
import { newJoinerWelcomeMachine } from './new-joiner-welcome/new-joiner-welcome.machine';
import { courseRecommendationMachine } from './course-recommendation/course-recommendation.machine';
import { homeSummaryMachine } from './home-summary/home-summary.machine';
import { cpdStatementMachine } from './cpd-statement/cpd-statement.machine';
import { cpdReportMachine } from './cpd-report/cpd-report.machine';
import { evidenceReplayMachine } from './evidence-replay/evidence-replay.machine';
import { cpdTeamMachine } from './cpd-team/cpd-team.machine';
import { cpdClaimDecisionMachine } from './cpd-claim-decision/cpd-claim-decision.machine';
import { diagramDocument, diagramIds, toMermaid } from './testing/diagram';
import { machineTransitions } from './testing/machine-transitions';

// DESIGN §3: every machine has its diagram in docs/machines/, generated from the definition, and
// indexed in docs/machines/README.md with what it governs (ADR 084).
interface Entry {
  name: string;
  machine: AnyStateMachine;
  /** What the machine governs, in one sentence (the README's index says it). */
  governs: string;
  source?: string;
}

const machines: Entry[] = [
  {
    name: 'form-submission',
    machine: createFormSubmissionMachine('formSubmission'),
    governs: 'The one flow of every form that sends one payload and waits for one answer (editing, submitting, succeeded or failed); sign-in, change-password, forgot-password, reset-password and recruit-accounts are made from it.',
  },
  { name: 'sign-in', machine: signInMachine, governs: 'The login form: a sign-in either succeeds or hands the credentials to the two-factor code step.' },
  { name: 'change-password', machine: changePasswordMachine, governs: 'Changing the password, also the forced change at a first sign-in.' },
  { name: 'forgot-password', machine: forgotPasswordMachine, governs: 'Asking for the email with a password-reset link.' },
  { name: 'session', machine: sessionMachine, governs: 'The session: signed in with the idle timeout running, the alert before its end, logging out, and signed out (also when another tab ended it).' },
  { name: 'idle-timeout', machine: idleTimeoutMachine, governs: 'The idle timeout: silent renewal of the token on activity or on a busy page, the countdown box, Continue or Leave.' },
  { name: 'continual-auth', machine: continualAuthMachine, governs: 'Continual authentication: when the learner is asked to prove who they are, and what a passed, failed or cancelled check does.' },
  { name: 'two-factor', machine: twoFactorMachine, governs: 'Two-factor authentication: the code step of a sign-in, its activation and its deactivation.' },
  { name: 'reset-password', machine: resetPasswordMachine, governs: "Setting a new password with the emailed link's token." },
  { name: 'paged-list', machine: pagedListMachine, governs: 'Every paged list (catalogue lists, material library, news, identity checks): loading, loaded, empty or failed, the latest query winning.' },
  { name: 'course-detail', machine: courseDetailMachine, governs: 'A course page: loading it, liking it (at once, put back if refused) and enrolling in it.' },
  { name: 'feedback-forms', machine: feedbackFormsMachine, governs: "A course's evaluation and feedback form, submitted once." },
  { name: 'attachment-viewer', machine: attachmentViewerMachine, governs: 'Opening one attachment: downloaded and decrypted (a changed file refused), streamed, or an office document by its signed URL.' },
  { name: 'attachment-like', machine: attachmentLikeMachine, governs: 'The like of an attachment: shown at once, put back when the server refuses it.' },
  { name: 'on-screen-time', machine: onScreenTimeMachine, governs: "The on-screen timer of a course: it counts only while the item is on screen and keeps its records until the server has them." },
  { name: 'video-player', machine: videoPlayerMachine, governs: 'A video: where it resumes, and whether it was watched to its end without seeking ahead.' },
  { name: 'lesson', machine: lessonMachine, governs: "The lesson page: the course's on-screen timer across its items, a viewing per item, the item's content and its finish." },
  {
    name: 'lesson-attachment',
    machine: lessonAttachmentMachine,
    source: 'src/machines/lesson/lesson-attachment.machine.ts',
    governs: 'One attachment on screen (a lesson\'s or the material library\'s) and when it is complete: an image shown, a document opened, a PDF at its last page, audio at its end, a video watched.',
  },
  {
    name: 'quiz-attempt',
    machine: quizAttemptMachine,
    governs: 'One attempt at a quiz or an examination: starting it (an exam may need an identity check), answering with each answer saved, submitting or running out of time, and how a finished attempt becomes passed or failed.',
  },
  { name: 'quiz', machine: quizMachine, governs: "The quiz page around its attempt: an identity prompt stops the answering and the server's clock, its close starts them again." },
  { name: 'mock-practice', machine: mockPracticeMachine, governs: 'Practice mode of a mock paper: each answer saved, then the correct answer and its explanation shown.' },
  { name: 'mock-exams', machine: mockExamsMachine, governs: 'The mock exam page: papers, progress, records and stats, and a paper opened in practice or exam mode.' },
  { name: 'notifications', machine: notificationsMachine, governs: "The notifications page: a page of the learner's notifications, marked read one at a time or all at once." },
  { name: 'profile', machine: profileMachine, governs: "The profile page: the learning history of a period, the picture, and the certificates page by page." },
  { name: 'scorm', machine: scormMachine, governs: 'The SCORM launcher of a course item: the package in a popup, each commit counted as saved only once the server confirmed it.' },
  { name: 'recruit-accounts', machine: recruitAccountsMachine, governs: 'A manager creating a pre-recruit or recruit account.' },
  { name: 'account-merge', machine: accountMergeMachine, governs: "Merging a recruit's account into an agent's: the request, the emailed link's preview, completing, and undoing within the window." },
  { name: 'management', machine: managementMachine, governs: "The manager's page: the downlines' pending, confirmed and rejected classroom enrolments, assigning up to 10 downlines to a course, and the user report." },
  { name: 'offline-enrolment', machine: offlineEnrolmentMachine, governs: "A learner and one classroom course: enrolling (or the waiting list), the manager's answer, cancelling, and checking in and out of its sessions." },
  { name: 'exam-certificate', machine: examCertificateMachine, governs: 'The certificate page of a passed examination, or why there is none.' },
  { name: 'offline-trainer', machine: offlineTrainerMachine, governs: "The trainer's screen: the attendance codes that change every minute on the server's clock, and new codes on request." },
  { name: 'vocab', machine: vocabMachine, governs: "The vocabulary page: the browser's copy of the glossary kept as new as the server's, and bookmark changes kept until the server has them." },
  { name: 'cpd-ledger', machine: cpdLedgerMachine, governs: "The CPD ledger page: a period's hours against the target, each counted activity, and the evidence behind a row." },
  { name: 'learning-map', machine: learningMapMachine, governs: "The learning-map pages: the learner's maps and history, one map's items as the server judged them, and a manager's assign form." },
  { name: 'cpd-statement', machine: cpdStatementMachine, governs: 'The public /verify page: the code printed on a CPD statement or certificate checked with the server, genuine or not.' },
  { name: 'cpd-team', machine: cpdTeamMachine, governs: 'The upline’s team compliance page: each downline against the CPD target, filtered and sorted by the server, and its CSV.' },
  { name: 'cpd-report', machine: cpdReportMachine, governs: 'The compliance officer’s CPD report page: every licensee’s status or a declaration list, paged, and the whole list as a streamed CSV.' },
  { name: 'evidence-replay', machine: evidenceReplayMachine, governs: 'The auditor’s replay of a learner’s evidence: the server’s recorded transitions of a day or a course, loaded once and stepped through one by one (previous, next, first, last).' },
  { name: 'cpd-claim-decision', machine: cpdClaimDecisionMachine, governs: 'The upline’s claims to decide on the team page: each pending claim of the team approved, or rejected with a reason, once; decided elsewhere said and the list read again.' },
  { name: 'home-summary', machine: homeSummaryMachine, governs: "The home page's summary of the learner: the item to continue where they left off and what is due in the next 14 days, or that there is none." },
  { name: 'cpd-claim', machine: cpdClaimMachine, governs: 'A claim for an outside CPD activity: the form with its evidence file, a refusal that keeps what was typed, a claim shown and corrected once rejected.' },
  { name: 'reading-note', machine: readingNoteMachine, governs: 'The notes panel beside a lesson item or a PDF page: the item’s notes, a new note or an edit that keeps what was typed when refused, a delete.' },
  { name: 'new-joiner-welcome', machine: newJoinerWelcomeMachine, governs: 'The new joiner’s welcome: its links to the compulsory courses, the learning map and the home page, the dismissal recorded once before leaving, a failed record retried or gone past.' },
  { name: 'course-recommendation', machine: courseRecommendationMachine, governs: 'The “Recommend” dialog of a course page: colleagues found by name once typing pauses, page by page, up to 10 picked (never oneself), sent once, a refusal that keeps the picks.' },
];

/** Machines whose diagram is not beside a view's stories, and why. */
const withoutView: Record<string, string> = {
  'form-submission': 'a factory: each form made from it has its own diagram beside its view (sign-in, change-password, …)',
};

const sourceOf = (e: Entry) => e.source ?? `src/machines/${e.name}/${e.name}.machine.ts`;
const docUrl = (name: string) => new URL(`../../docs/machines/${name}.md`, import.meta.url);
const readmeUrl = new URL('../../docs/machines/README.md', import.meta.url);

// ---------------------------------------------------------------------------------------------
// The test's own reading of a machine: its config as written (`machine.config`), with targets
// resolved by XState's documented rules. It shares nothing with the generator, which reads the
// state nodes XState builds; XState's JSON (`machine.toJSON()`, which has no eventless
// transitions) checks this reading in turn.
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

interface ConfigState {
  path: string[];
  key: string;
  config: Json;
  parent: ConfigState | null;
  children: ConfigState[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
}

interface ConfigTransition {
  source: ConfigState;
  /** How the diagram names its event: `always`, `after 5000ms`, `done: loadQuiz`, `done`, `retry`. */
  event: string;
  targets: ConfigState[];
  targetless: boolean;
  guard?: string;
}

function guardName(guard: unknown, where: string): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (isObject(guard) && typeof guard.type === 'string') return guard.type;
  const combined = guard as { name?: string; guards?: unknown[] };
  if (typeof guard === 'function' && Array.isArray(combined.guards) && ['not', 'and', 'or'].includes(combined.name ?? '')) {
    const inner = combined.guards.map((g) => {
      const text = guardName(g, where)!;
      return /\s/.test(text) ? `(${text})` : text;
    });
    return combined.name === 'not' ? `!${inner[0]}` : inner.join(combined.name === 'and' ? ' && ' : ' || ');
  }
  throw new Error(`${where}: an inline guard has no name in the diagram; name it in setup({ guards })`);
}

function readConfig(machine: AnyStateMachine) {
  const rootId = String(machine.config.id);
  const states: ConfigState[] = [];
  const build = (config: Json, path: string[], parent: ConfigState | null): ConfigState => {
    const childConfigs = isObject(config.states) ? config.states : {};
    const type = (config.type as ConfigState['type'] | undefined) ?? (Object.keys(childConfigs).length ? 'compound' : 'atomic');
    const state: ConfigState = { path, key: path.at(-1) ?? rootId, config, parent, children: [], type };
    states.push(state);
    state.children = Object.entries(childConfigs).map(([key, child]) => build(child as Json, [...path, key], state));
    return state;
  };
  const root = build(machine.config as Json, [], null);
  const byPath = (path: string[], from: string) => {
    const found = states.find((s) => s.path.join('.') === path.join('.'));
    if (!found) throw new Error(`${rootId}: no state ${path.join('.')} (target of ${from})`);
    return found;
  };
  const resolve = (source: ConfigState, target: string): ConfigState => {
    if (target.startsWith('#')) {
      const id = target.slice(1);
      const found = states.find((s) => s.config.id === id && s !== root) ?? states.find((s) => [rootId, ...s.path].join('.') === id);
      if (!found) throw new Error(`${rootId}: no state with id ${target}`);
      return found;
    }
    if (target.startsWith('.')) return byPath([...source.path, ...target.slice(1).split('.')], target);
    if (!source.parent) throw new Error(`${rootId}: "${target}" from the root`);
    return byPath([...source.parent.path, ...target.split('.')], target);
  };
  const transitions: ConfigTransition[] = [];
  for (const source of states) {
    const c = source.config;
    const add = (event: string, value: unknown) => {
      for (const raw of list(value)) {
        const t: Json = typeof raw === 'string' ? { target: raw } : (raw as Json);
        const where = `${[rootId, ...source.path].join('.')} on ${event}`;
        const targets = list(t.target).map((x) => resolve(source, x as string));
        transitions.push({ source, event, targets: targets.length ? targets : [source], targetless: !targets.length, guard: guardName(t.guard, where) });
      }
    };
    for (const [event, value] of Object.entries(isObject(c.on) ? c.on : {})) add(event, value);
    if (c.always !== undefined) add('always', c.always);
    for (const [delay, value] of Object.entries(isObject(c.after) ? c.after : {})) add(`after ${/^\d+$/.test(delay) ? `${delay}ms` : delay}`, value);
    if (c.onDone !== undefined) add('done', c.onDone);
    for (const invoke of list(c.invoke) as Json[]) {
      const name = String(invoke.id ?? invoke.src);
      if (invoke.onDone !== undefined) add(`done: ${name}`, invoke.onDone);
      if (invoke.onError !== undefined) add(`error: ${name}`, invoke.onError);
      if (invoke.onSnapshot !== undefined) add(`snapshot: ${name}`, invoke.onSnapshot);
    }
  }
  // Mermaid's ids are global: a state is named by its key, by its path where the key is used twice.
  const uses = new Map<string, number>();
  for (const s of states) uses.set(s.key, (uses.get(s.key) ?? 0) + 1);
  const ids = new Map(states.map((s) => [s, uses.get(s.key) === 1 ? s.key : [rootId, ...s.path].join('_')]));
  const id = (s: ConfigState) => ids.get(s)!;
  const edges = transitions.flatMap((t) => t.targets.map((target) => `${id(t.source)} --> ${id(target)}: ${t.event}${t.guard === undefined ? '' : ` [${t.guard}]`}`));
  return { rootId, root, states, transitions, id, edges };
}

// The diagram as Mermaid reads it: which block each state is declared in, the regions of a block,
// the initial and final marks, the descriptions, and the transitions (drawn at the top level).
function readMermaid(markdown: string) {
  const source = /```mermaid\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
  const lines = source.split('\n').filter((l) => l.trim() !== '');
  expect(lines[0]).toBe('stateDiagram-v2');
  const parent = new Map<string, string | null>();
  const region = new Map<string, number>();
  const regions = new Map<string | null, number>([[null, 1]]);
  const initial = new Map<string | null, string>();
  const finals = new Map<string, string | null>();
  const descriptions = new Map<string, string>();
  const edges: string[] = [];
  const stack: Array<string | null> = [null];
  const declare = (id: string) => {
    const block = stack.at(-1)!;
    if (parent.has(id)) expect(parent.get(id), `${id} is declared in two blocks`).toBe(block);
    parent.set(id, block);
    region.set(id, regions.get(block)! - 1);
  };
  for (const line of lines.slice(1)) {
    const text = line.trim();
    const block = stack.at(-1)!;
    const composite = /^state (\S+) \{$/.exec(text);
    const entry = /^\[\*\] --> (\S+)$/.exec(text);
    const final = /^(\S+) --> \[\*\]$/.exec(text);
    const edge = /^(\S+) --> (\S+): (.+)$/.exec(text);
    const described = /^(\S+): (.+)$/.exec(text);
    if (composite) {
      declare(composite[1]);
      stack.push(composite[1]);
      regions.set(composite[1], 1);
    } else if (text === '}') stack.pop();
    else if (text === '--') regions.set(block, regions.get(block)! + 1);
    else if (entry) initial.set(block, entry[1]);
    else if (final) finals.set(final[1], block);
    else if (edge) {
      expect(block, `a transition inside a block is drawn where Mermaid first meets its states: ${text}`).toBeNull();
      expect(text, 'Mermaid ends a statement at ";"').not.toContain(';');
      edges.push(text);
    } else if (described) {
      declare(described[1]);
      descriptions.set(described[1], described[2]);
    } else if (/^\S+$/.test(text)) declare(text);
    else throw new Error(`unread line in the diagram: ${text}`);
  }
  expect(stack, 'every block is closed').toEqual([null]);
  return { parent, region, regions, initial, finals, descriptions, edges };
}

const sorted = (xs: string[]) => [...xs].sort();

describe('machine diagrams in docs/machines', () => {
  it.each(machines.map((e) => [e.name, e] as const))('docs/machines/%s.md is generated from its machine', (name, entry) => {
    const expected = diagramDocument(name, entry.machine, sourceOf(entry), entry.governs);
    if (process.env.UPDATE_DIAGRAMS) writeFileSync(docUrl(name), expected);
    expect(existsSync(docUrl(name)), 'run npm run diagrams').toBe(true);
    expect(readFileSync(docUrl(name), 'utf8'), 'run npm run diagrams').toBe(expected);
  });

  // The committed diagram against the test's own reading of the machine's config: every state in
  // its parent, every initial, parallel region and final state, and every transition (source,
  // event, target, guard), no more and no fewer.
  it.each(machines.map((e) => [e.name, e] as const))('docs/machines/%s.md draws every state and transition of the machine', (name, { machine }) => {
    const config = readConfig(machine);
    const drawn = readMermaid(readFileSync(docUrl(name), 'utf8'));
    const { id } = config;

    expect(sorted([...drawn.parent.keys()]), 'the states drawn').toEqual(sorted(config.states.map(id)));
    expect(drawn.initial.get(null), 'the machine is entered').toBe(config.rootId);
    for (const s of config.states) {
      expect(drawn.parent.get(id(s)), `${id(s)} is drawn inside its parent`).toBe(s.parent ? id(s.parent) : null);
      if (id(s) !== s.key) expect(drawn.descriptions.get(id(s)) ?? '', `${id(s)} is labelled ${s.key}`).toMatch(new RegExp(`^${s.key}\\b`));
      if (s.type === 'compound') {
        const first = s.children.find((c) => c.key === s.config.initial);
        expect(first, `${id(s)} has an initial state`).toBeDefined();
        expect(drawn.initial.get(id(s)), `${id(s)} enters ${first?.key} first`).toBe(id(first!));
      }
      if (s.type === 'parallel') {
        expect(drawn.initial.has(id(s)), `${id(s)} enters all its regions at once`).toBe(false);
        expect(drawn.regions.get(id(s)), `${id(s)} has a region per child`).toBe(s.children.length);
        expect(new Set(s.children.map((c) => drawn.region.get(id(c)))).size, `each child of ${id(s)} in a region of its own`).toBe(s.children.length);
        expect(drawn.descriptions.get(id(s)) ?? '', `${id(s)} is marked parallel`).toContain('(parallel)');
      }
    }
    const finals = config.states.filter((s) => s.type === 'final');
    expect(sorted([...drawn.finals.keys()]), 'the final states').toEqual(sorted(finals.map(id)));
    for (const s of finals) expect(drawn.finals.get(id(s)), `${id(s)} ends its parent`).toBe(id(s.parent!));

    expect(sorted(drawn.edges), 'every transition, no more and no fewer').toEqual(sorted(config.edges));
  });

  // machineTransitions (the generator's reading, also used outside the generator) against the
  // test's reading: the same (source, event, target, guard) lines, each targetless one as such.
  it.each(machines.map((e) => [e.name, e] as const))('machineTransitions(%s) lists every transition of the config', (_name, { machine }) => {
    const config = readConfig(machine);
    const ids = diagramIds(machine);
    const read = machineTransitions(machine);
    const lines = read.flatMap((t) =>
      (t.targets.length ? t.targets : [t.source]).map((target) => `${ids.get(t.source)} --> ${ids.get(target)}: ${t.event}${t.guard === undefined ? '' : ` [${t.guard}]`}`),
    );
    expect(sorted(lines)).toEqual(sorted(config.edges));
    expect(read.filter((t) => !t.targets.length).length, 'the targetless ones').toBe(config.transitions.filter((t) => t.targetless).length);
    expect(read.filter((t) => t.kind === 'always').length, 'the eventless ones').toBe(config.transitions.filter((t) => t.event === 'always').length);
  });

  // The test's reading agrees with XState's own JSON of the machine wherever that JSON has the
  // transition (it has none of the eventless ones).
  it.each(machines.map((e) => [e.name, e] as const))("the reading of %s agrees with XState's JSON", (_name, { machine }) => {
    const config = readConfig(machine);
    const json = JSON.parse(JSON.stringify(machine.toJSON())) as Json;
    const fromJson: string[] = [];
    const walk = (node: Json) => {
      for (const t of (node.transitions ?? []) as Json[]) {
        fromJson.push(`${String(t.source)} -> ${list(t.target).join(',') || '(none)'}`);
      }
      for (const child of Object.values((node.states ?? {}) as Record<string, Json>)) walk(child);
    };
    walk(json);
    const idOf = (s: ConfigState) => `#${String(s.config.id ?? [config.rootId, ...s.path].join('.'))}`;
    const fromConfig = config.transitions
      .filter((t) => t.event !== 'always')
      .map((t) => `${idOf(t.source)} -> ${t.targetless ? '(none)' : t.targets.map(idOf).join(',')}`);
    expect(sorted(fromConfig)).toEqual(sorted(fromJson));
  });

  // Issue 46: checked against XState's own state nodes, every eventless transition of these
  // machines is on their page.
  it.each([
    ['offline-enrolment', offlineEnrolmentMachine],
    ['quiz-attempt', quizAttemptMachine],
  ] as const)("every eventless transition of %s (XState's state nodes) is on its page", (name, machine) => {
    const page = readFileSync(docUrl(name), 'utf8');
    const { states, id } = readConfig(machine);
    const stateOf = (node: AnyStateNode) => states.find((s) => s.path.join('.') === node.path.join('.'))!;
    const nodes = (node: AnyStateNode): AnyStateNode[] => [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(nodes)];
    const eventless = nodes(machine.root).flatMap((node) =>
      (node.always ?? []).flatMap((t) =>
        (t.target ?? [node]).map((target: AnyStateNode) => `${id(stateOf(node))} --> ${id(stateOf(target))}: always${t.guard === undefined ? '' : ` [${guardName(t.guard, name)}]`}`),
      ),
    );
    expect(eventless.length).toBeGreaterThan(0);
    for (const line of eventless) expect(page).toContain(`  ${line}\n`);
  });

  it('names a delayed transition by its delay, an eventless one "always", guards by name', () => {
    expect(toMermaid(continualAuthMachine)).toContain('scheduled --> prompting: after randomDelay [currentRegistered]');
    expect(toMermaid(continualAuthMachine)).not.toMatch(/after \w+\.\w+/);
    expect(toMermaid(quizAttemptMachine)).toContain('finished --> passed: always [passed]');
    expect(toMermaid(sessionMachine)).toContain('signedIn --> loggingOut: done: idleTimeout [userLeft]');
    const isA = () => true;
    const delayed = setup({ delays: { warningDelay: 1000 }, guards: { isA, isB: isA } }).createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: { after: { warningDelay: 'b', 500: { target: 'c', guard: and(['isA', not('isB')]) } } },
        b: { always: { target: 'c', guard: or(['isA', and(['isA', 'isB'])]) } },
        c: { type: 'final' },
      },
    });
    const diagram = toMermaid(delayed);
    expect(diagram).toContain('a --> b: after warningDelay');
    expect(diagram).toContain('a --> c: after 500ms [isA && !isB]');
    expect(diagram).toContain('b --> c: always [isA || (isA && isB)]');
    expect(diagram).toContain('c --> [*]');
  });
});

describe('docs/machines/README.md', () => {
  const index = () =>
    [
      '# State diagrams',
      '',
      'One page per machine of `src/machines/`, each generated from the machine\'s definition by `npm run diagrams`',
      '(`src/machines/diagrams.test.ts` fails when a page differs from its machine, and checks each page against its',
      "own reading of the machine's config: ADR 084). Storybook shows each diagram beside its view's stories.",
      '',
      '| Machine | What it governs | Diagram |',
      '| --- | --- | --- |',
      ...machines.map((e) => `| \`${e.name}\` | ${e.governs} | [${e.name}.md](${e.name}.md) |`),
      '',
      '## How to read a diagram',
      '',
      '- The outer box is the machine (named by its id); a transition drawn from it is taken in any of its states.',
      '- `[*] -->` enters a compound state at its initial state; `--> [*]` marks a final state; the dashed regions',
      '  of a state marked `(parallel)` are all active at once.',
      '- An edge is labelled with its event and, in brackets, its guard by name (`[!a]` is "not a"):',
      '  `always` is an eventless transition (taken as soon as its guard holds), `after <delay>` a delayed one,',
      '  `done: <actor>` / `error: <actor>` / `snapshot: <actor>` the answer of an invoked actor, `done` the end of a',
      '  compound state. Guards of one event are tried top to bottom; the unguarded one is the fallback.',
      '- A loop on a state is a transition without a target: the event is handled (actions only) without leaving it.',
      '- A state name used twice in a machine is drawn with its path (`quizAttempt_submitting_offline`), labelled',
      '  with its name.',
      '- Each state lists what it invokes and its tags.',
      '',
    ].join('\n');

  it('indexes every diagram with what its machine governs', () => {
    if (process.env.UPDATE_DIAGRAMS) writeFileSync(readmeUrl, index());
    expect(readFileSync(readmeUrl, 'utf8'), 'run npm run diagrams').toBe(index());
    const pages = readdirSync(new URL('../../docs/machines/', import.meta.url)).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(sorted(pages), 'a page per machine, no stale page').toEqual(sorted(machines.map((e) => `${e.name}.md`)));
  });
});

// A machine added to src/machines without an entry in the list above would have no page, no line
// in the index and no story: every machine a `*.machine.ts` exports must be an entry's machine (or
// a copy of one made by `.provide()`, which keeps its config), every machine factory an entry's source.
describe('every machine of src/machines is listed', () => {
  const modules = import.meta.glob<Record<string, unknown>>('./*/*.machine.ts', { eager: true });
  it.each(Object.entries(modules))('%s', (file, exports) => {
    const listed = new Set(machines.map((e) => e.machine.config));
    const found = Object.entries(exports).filter(([, value]) => value instanceof StateMachine) as Array<[string, AnyStateMachine]>;
    const factories = Object.entries(exports).filter(([key, value]) => typeof value === 'function' && /^create\w*Machine$/.test(key));
    expect(found.length + factories.length, `${file} exports a machine`).toBeGreaterThan(0);
    for (const [key, machine] of found) expect(listed.has(machine.config), `${key} of ${file} has an entry (name, what it governs) in diagrams.test.ts`).toBe(true);
    for (const [key] of factories) expect(machines.map(sourceOf), `${key} of ${file} has an entry`).toContain(`src/machines/${file.slice(2)}`);
  });
});

describe('Storybook', () => {
  it("shows every machine's diagram beside its view's stories", () => {
    const ui = new URL('../ui/', import.meta.url);
    const stories = (readdirSync(ui, { recursive: true }) as string[]).filter((f) => f.endsWith('.stories.tsx'));
    const shownIn = (files: string[]) => files.flatMap((f) => [...readFileSync(new URL(f, ui), 'utf8').matchAll(/machineDiagramStory\('([a-z-]+)'\)/g)].map((m) => m[1]));
    const besideViews = shownIn(stories.filter((f) => !f.startsWith('docs')));
    const inDocs = shownIn(stories.filter((f) => f.startsWith('docs')));
    for (const { name } of machines) {
      if (withoutView[name]) expect(inDocs, `${name} (${withoutView[name]}) shows in Docs/Machine diagrams`).toContain(name);
      else expect(besideViews, `a story machineDiagramStory('${name}') beside the stories of ${name}'s view`).toContain(name);
    }
    expect([...besideViews, ...inDocs].filter((n) => !machines.some((e) => e.name === n)), 'every story names a machine').toEqual([]);
  });
});

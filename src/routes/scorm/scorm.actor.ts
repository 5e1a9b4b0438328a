import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { ApiRequestError } from '../../api/api-error';
import { currentLanguage } from '../../api/http';
import { commitScormRuntime, commitScormRuntimeNow, getScormRuntime } from '../../api/scorm.api';
import { scorm12Status, type ScormCommitPayload, type ScormCommitResult, type ScormCompletion, type ScormRuntime, type ScormScore, type ScormSuccess } from '../../api/schemas/scorm.schema';
import { POPUP_POLL_MS, scormMachine, type ScormData, type ScormProblem } from '../../machines/scorm/scorm.machine';
import { loadScormLibrary } from '../../platform/scorm-runtime';
import { createScormJournal, type ScormJournal } from '../../platform/storage/scorm-journal';

// The ONE place that wires the SCORM launcher to real I/O (DESIGN §2, ADR 019, ADR 029): the
// popup, scorm-again's API object in this window (loaded lazily: not on the first page), and the
// runtime API. The SCO reaches the API through window.opener (same origin), so its calls run here
// and a commit goes on after the popup is gone.

/** What a failed call means to the launcher (the machine imports nothing from the API layer). */
export function problemOf(error: unknown): ScormProblem {
  if (error instanceof ApiRequestError) return error.status === 0 ? { kind: 'offline' } : { kind: 'refused', message: error.message || null };
  if (error instanceof TypeError) return { kind: 'offline' };
  return { kind: 'refused', message: null };
}
const rethrow = (error: unknown): never => {
  throw problemOf(error);
};

/** The parts of a scorm-again API object the launcher reads (1.2 and 2004 name them differently). */
interface RuntimeApi {
  on(event: string, callback: () => void): void;
  /** SCORM's error of the last call ("101": general exception), read by the SCO after a "false". */
  lastErrorCode: string;
  loadFromJSON(json: Record<string, unknown>, element?: string): void;
  renderCMIToJSONString(): string;
  cmi: Record<string, unknown>;
}

const numberOr = (value: unknown): number | null => (value === '' || value === undefined || value === null || !Number.isFinite(Number(value)) ? null : Number(value));

function scoreOf(score: { raw?: unknown; min?: unknown; max?: unknown } | undefined): ScormScore | null {
  const raw = numberOr(score?.raw);
  return raw === null ? null : { raw, min: numberOr(score?.min), max: numberOr(score?.max) };
}

const COMPLETION_2004: Record<string, ScormCompletion> = { completed: 'completed', incomplete: 'incomplete', 'not attempted': 'not_attempted' };
const SUCCESS_2004: Record<string, ScormSuccess> = { passed: 'passed', failed: 'failed' };

/** The SCO's data now, as one commit carries it. */
export function dataOf(api: RuntimeApi, version: ScormRuntime['version']): ScormData {
  const cmi = api.cmi as Record<string, never>;
  const json = api.renderCMIToJSONString();
  if (version === '1.2') {
    const core = cmi.core as { lesson_status: string; lesson_location: string; score: never };
    return { version, ...scorm12Status(core.lesson_status), score: scoreOf(core.score), location: core.lesson_location ?? '', suspend_data: (cmi.suspend_data as string) ?? '', cmi: json };
  }
  return {
    version,
    completion: COMPLETION_2004[cmi.completion_status as string] ?? 'unknown',
    success: SUCCESS_2004[cmi.success_status as string] ?? 'unknown',
    score: scoreOf(cmi.score),
    location: (cmi.location as string) ?? '',
    suspend_data: (cmi.suspend_data as string) ?? '',
    cmi: json,
  };
}

/** What the API starts with: the stored data model, the entry the server decided, no old session time. */
export function resumeData(runtime: ScormRuntime): Record<string, unknown> {
  let stored: Record<string, unknown>;
  try {
    const parsed = JSON.parse(runtime.cmi) as { cmi?: Record<string, unknown> };
    stored = parsed.cmi ?? {};
  } catch {
    stored = {};
  }
  if (runtime.version === '1.2') {
    const core = { ...((stored.core as Record<string, unknown>) ?? {}) };
    delete core.session_time;
    delete core.exit;
    return { ...stored, core: { ...core, entry: runtime.entry, lesson_location: runtime.location }, suspend_data: runtime.suspend_data };
  }
  const rest = { ...stored };
  delete rest.session_time;
  delete rest.exit;
  return { ...rest, entry: runtime.entry, location: runtime.location, suspend_data: runtime.suspend_data };
}

export interface ScormWiring {
  /** The window that holds the API and opens the popup (tests pass a fake). */
  target?: Window;
  /** The unconfirmed commit per item (session storage). */
  journal?: ScormJournal;
  /** Sends a commit and answers the pair the server holds before returning (tests pass a fake). */
  commitNow?: (itemId: string, payload: ScormCommitPayload) => ScormCommitResult | null;
}

/** The SCO's calls that store its data: they answer "true" only once the server holds it. */
const STORING_CALLS = { '1.2': ['LMSCommit', 'LMSFinish'], '2004': ['Commit', 'Terminate'] } as const;

/**
 * Issue 13, ADR 029: a commit reports success to the SCO only after the server confirmed it. Each
 * storing call runs as scorm-again has it (its listeners number the commit in the launcher, which
 * also sends it in the background and keeps it in the journal), then the numbered commit is sent
 * with a synchronous request; "true" only when the server holds that (launch, seq) or a newer
 * one of the same launch. Otherwise "false" with error 101, and the background send goes on.
 */
export function confirmStoringCalls(
  api: RuntimeApi,
  version: ScormRuntime['version'],
  { takeNumbered, commitNow }: { takeNumbered: () => ScormCommitPayload | null; commitNow: (commit: ScormCommitPayload) => ScormCommitResult | null },
): void {
  const methods = api as unknown as Record<string, (parameter?: string) => string>;
  for (const name of STORING_CALLS[version]) {
    const original = methods[name].bind(api);
    methods[name] = (parameter?: string) => {
      takeNumbered();
      const answer = original(parameter);
      const commit = takeNumbered();
      // A call scorm-again refused (not initialised, already finished) numbered nothing: its answer stands.
      if (String(answer) !== 'true' || !commit) return answer;
      const held = commitNow(commit);
      if (held && held.launch === commit.launch && held.seq >= commit.seq) return 'true';
      api.lastErrorCode = '101';
      return 'false';
    };
  }
}

/**
 * Sends the journal's commit of an earlier launch (a window closed before the server confirmed
 * it) before a new launch starts (ADR 029). Offline: the launch waits (the load fails, retry);
 * a refusal (a launch the server no longer takes, data too large) drops the entry.
 */
export async function replayJournal(itemId: string, journal: ScormJournal): Promise<void> {
  const kept = journal.read(itemId);
  if (!kept) return;
  try {
    journal.confirm(itemId, await commitScormRuntime(itemId, kept));
  } catch (error) {
    const problem = problemOf(error);
    if (problem.kind === 'offline') throw problem;
    journal.confirm(itemId, kept);
  }
}

/** The launcher of one item with the real popup, API object and requests. */
export function scormLauncherLogic(itemId: string, { target = window, journal = createScormJournal(), commitNow = commitScormRuntimeNow }: ScormWiring = {}) {
  let popup: Window | null = null;
  // The commit the SCO's call in progress numbered (commitNumbered), taken by confirmStoringCalls.
  let numbered: ScormCommitPayload | null = null;
  const takeNumbered = () => {
    const taken = numbered;
    numbered = null;
    return taken;
  };
  const host = target as unknown as Record<string, unknown>;
  return scormMachine.provide({
    actions: {
      // In the click (a browser allows a popup only there): a blank same-origin window first; the
      // package is loaded into it once the API is installed (connectApi).
      openPopup: ({ context, self }) => {
        popup = target.open('about:blank', `scorm-${context.itemId}`, 'popup,width=1024,height=768');
        self.send(popup ? { type: 'popup.opened' } : { type: 'popup.blocked' });
      },
      closePopup: () => {
        popup?.close();
        popup = null;
      },
      commitNumbered: ({ context }) => {
        numbered = context.pending;
      },
    },
    actors: {
      loadRuntime: fromPromise<ScormRuntime, string>(async ({ input, signal }) => {
        await replayJournal(input, journal);
        const [runtime] = await Promise.all([getScormRuntime(input, { signal }), loadScormLibrary()]).catch(rethrow);
        return runtime;
      }),
      connectApi: fromCallback<EventObject, ScormRuntime>(({ input, sendBack }) => {
        let stopped = false;
        let timer: ReturnType<typeof setInterval> | undefined;
        const key = input.version === '1.2' ? 'API' : 'API_1484_11';
        let api: RuntimeApi | null = null;
        void loadScormLibrary().then((lib) => {
          if (stopped) return;
          const settings = { autocommit: false, lmsCommitUrl: false, logLevel: 5 } as const;
          api = (input.version === '1.2' ? new lib.Scorm12API(settings) : new lib.Scorm2004API(settings)) as unknown as RuntimeApi;
          api.loadFromJSON(resumeData(input), '');
          const current = api;
          current.on(input.version === '1.2' ? 'LMSCommit' : 'Commit', () => sendBack({ type: 'sco.commit', data: dataOf(current, input.version) }));
          current.on(input.version === '1.2' ? 'LMSFinish' : 'Terminate', () => sendBack({ type: 'sco.finish', data: dataOf(current, input.version) }));
          confirmStoringCalls(current, input.version, { takeNumbered, commitNow: (commit) => commitNow(itemId, commit) });
          host[key] = current;
          // The package's own texts in the app's language (the demo SCO reads ?lang=en|cn|zh).
          if (popup && !popup.closed) popup.location.replace(`${input.launch_url}?lang=${encodeURIComponent(currentLanguage())}`);
          timer = setInterval(() => {
            if (!popup || popup.closed) sendBack({ type: 'popup.closed' });
          }, POPUP_POLL_MS);
        });
        return () => {
          stopped = true;
          clearInterval(timer);
          if (api && host[key] === api) delete host[key];
        };
      }),
      sendCommit: fromPromise(async ({ input }) => {
        journal.write(itemId, input);
        const held = await commitScormRuntime(itemId, input).catch(rethrow);
        journal.confirm(itemId, held);
        return held;
      }),
    },
  });
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiRequestError } from '../../api/api-error';
import { json, stubFetch } from '../../api/test-helpers';
import { createScormJournal } from '../../platform/storage/scorm-journal';
import { sampleRuntime } from '../../machines/scorm/scorm.fixtures';
import { loadScormLibrary } from '../../platform/scorm-runtime';
import type { ScormCommitPayload, ScormCommitResult } from '../../api/schemas/scorm.schema';
import { dataOf, problemOf, replayJournal, resumeData, scormLauncherLogic } from './scorm.actor';

// The launcher's wiring with the real scorm-again (ADR 029): what a commit carries, what a
// relaunch starts from, and what a failed call means.

type Api12 = {
  LMSInitialize(p: string): string;
  LMSSetValue(k: string, v: string): string;
  LMSGetValue(k: string): string;
  LMSCommit(p: string): string;
  LMSFinish(p: string): string;
  LMSGetLastError(): string;
  lastErrorCode: string;
  on(e: string, cb: () => void): void;
  loadFromJSON(json: Record<string, unknown>, element?: string): void;
  renderCMIToJSONString(): string;
  cmi: Record<string, unknown>;
};
const settings = { autocommit: false, lmsCommitUrl: false, logLevel: 5 };

describe('SCORM launcher wiring', () => {
  it("reads a SCORM 1.2 commit: status mapped, score, location, suspend_data and the data model's JSON", async () => {
    const lib = await loadScormLibrary();
    const api = new lib.Scorm12API(settings) as Api12;
    const commits: unknown[] = [];
    api.on('LMSCommit', () => commits.push(dataOf(api, '1.2')));
    api.LMSInitialize('');
    api.LMSSetValue('cmi.core.lesson_location', 'page-3');
    api.LMSSetValue('cmi.suspend_data', '{"seen":[1,2,3]}');
    api.LMSSetValue('cmi.core.lesson_status', 'passed');
    api.LMSSetValue('cmi.core.score.raw', '80');
    expect(api.LMSCommit('')).toBe('true');
    expect(commits).toHaveLength(1);
    const data = commits[0] as ReturnType<typeof dataOf>;
    expect(data).toMatchObject({ version: '1.2', completion: 'completed', success: 'passed', score: { raw: 80 }, location: 'page-3', suspend_data: '{"seen":[1,2,3]}' });
    expect(JSON.parse(data.cmi)).toMatchObject({ cmi: { core: { lesson_location: 'page-3' } } });
  });

  it('starts a relaunch from the server: entry resume, the stored location and suspend_data', async () => {
    const lib = await loadScormLibrary();
    const first = new lib.Scorm12API(settings) as Api12;
    first.LMSInitialize('');
    first.LMSSetValue('cmi.core.lesson_location', 'old');
    const runtime = sampleRuntime({ cmi: first.renderCMIToJSONString(), location: 'page-2', suspend_data: '{"seen":[1,2]}', entry: 'resume' });
    const api = new lib.Scorm12API(settings) as Api12;
    api.loadFromJSON(resumeData(runtime), '');
    api.LMSInitialize('');
    expect(api.LMSGetValue('cmi.core.entry')).toBe('resume');
    expect(api.LMSGetValue('cmi.core.lesson_location')).toBe('page-2');
    expect(api.LMSGetValue('cmi.suspend_data')).toBe('{"seen":[1,2]}');
  });

  it('tells offline (try again) from refused (the server said no)', () => {
    expect(problemOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'offline' });
    expect(problemOf(new ApiRequestError(0, null, ''))).toEqual({ kind: 'offline' });
    expect(problemOf(new ApiRequestError(400, null, 'The SCORM data is too large to save.'))).toEqual({ kind: 'refused', message: 'The SCORM data is too large to save.' });
  });
});

describe('SCORM journal replay before a launch (ADR 029)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });
  const kept = { launch: 1, seq: 4, finished: false, version: '1.2' as const, completion: 'incomplete' as const, success: 'unknown' as const, score: null, location: '2', suspend_data: '{}', cmi: '{}' };

  it('sends the commit an earlier window left unconfirmed, then forgets it', async () => {
    const journal = createScormJournal();
    journal.write('5', kept);
    const net = stubFetch(() => json({ launch: 1, seq: 4, stored: true, counted_complete: false }));
    await replayJournal('5', journal);
    expect(net.last().method).toBe('PUT');
    expect(new URL(net.last().url).pathname).toBe('/api/scorm/5/runtime');
    expect(JSON.parse(net.lastBody()!)).toMatchObject({ launch: 1, seq: 4, location: '2' });
    expect(journal.read('5')).toBeNull();
  });

  it('keeps it while offline (the launch waits), drops it when the server refuses it', async () => {
    const journal = createScormJournal();
    journal.write('5', kept);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(replayJournal('5', journal)).rejects.toEqual({ kind: 'offline' });
    expect(journal.read('5')).not.toBeNull();
    stubFetch(() => json({ message: 'That SCORM session was not started.' }, 409));
    await replayJournal('5', journal);
    expect(journal.read('5')).toBeNull();
  });

  it('sends nothing when the journal is empty', async () => {
    const net = stubFetch(() => json({}));
    await replayJournal('5', createScormJournal());
    expect(net.requests).toHaveLength(0);
  });
});

describe('a commit reports success to the SCO only once the server holds it (issue 13, ADR 029)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The launcher of item 5 on a fake window: the runtime answers launch 2; `held` answers each synchronous commit. */
  async function launch(held: (commit: ScormCommitPayload) => ScormCommitResult | null, { initialize = true } = {}) {
    const memory = new Map<string, string>();
    const journal = createScormJournal({ getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) });
    stubFetch((request) => (request.method === 'GET' ? json(sampleRuntime()) : json({ launch: 2, seq: 1, stored: true, counted_complete: false })));
    const popup = { closed: false, close: vi.fn(), location: { replace: vi.fn() } };
    const target = { open: vi.fn(() => popup) } as unknown as Window;
    const sent: ScormCommitPayload[] = [];
    const commitNow = (_item: string, commit: ScormCommitPayload) => {
      sent.push(commit);
      return held(commit);
    };
    const actor = createActor(scormLauncherLogic('5', { target, journal, commitNow }), { input: { itemId: '5' } }).start();
    actor.send({ type: 'open' });
    await waitFor(actor, (s) => s.matches('running'), { timeout: 5_000 });
    await vi.waitFor(() => expect((target as unknown as { API?: unknown }).API).toBeDefined());
    const api = (target as unknown as { API: Api12 }).API;
    if (initialize) {
      api.LMSInitialize('');
      api.LMSSetValue('cmi.core.lesson_location', 'page-4');
    }
    return { api, sent, actor };
  }

  it('answers "true" when the server holds the numbered commit (launch, seq) or a newer one of the launch', async () => {
    const { api, sent, actor } = await launch((commit) => ({ launch: commit.launch, seq: commit.seq, stored: true, counted_complete: false }));
    expect(api.LMSCommit('')).toBe('true');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ launch: 2, seq: 1, finished: false, location: 'page-4' });
    api.LMSSetValue('cmi.core.lesson_location', 'page-5');
    expect(api.LMSCommit('')).toBe('true');
    expect(sent[1]).toMatchObject({ launch: 2, seq: 2, location: 'page-5' });
    expect(api.LMSFinish('')).toBe('true');
    expect(sent[2]).toMatchObject({ launch: 2, seq: 3, finished: true });
    actor.stop();
  });

  it('answers "false" with error 101 when the server did not answer, or holds only an older commit or another launch', async () => {
    const answers: (ScormCommitResult | null)[] = [null, { launch: 2, seq: 0, stored: false, counted_complete: false }, { launch: 3, seq: 9, stored: false, counted_complete: false }];
    const { api, sent, actor } = await launch(() => answers.shift() ?? null);
    for (let i = 0; i < 3; i += 1) {
      expect(api.LMSCommit('')).toBe('false');
      expect(api.LMSGetLastError()).toBe('101');
    }
    expect(sent.map((c) => c.seq)).toEqual([1, 2, 3]);
    // Nothing is lost: the newest commit is still sent in the background (the journal keeps it).
    expect(actor.getSnapshot().context.pending?.seq).toBe(3);
    actor.stop();
  });

  it('leaves a call scorm-again refused as it was: nothing numbered, nothing sent', async () => {
    const { api, sent, actor } = await launch(() => null, { initialize: false });
    // Before LMSInitialize: scorm-again's own "false" and error 301 (not initialised).
    expect(api.LMSCommit('')).toBe('false');
    expect(api.LMSGetLastError()).toBe('301');
    expect(sent).toHaveLength(0);
    actor.stop();
  });
});

describe('SCORM 2004 launch (ADR 029)', () => {
  type Api2004 = { Initialize(p: string): string; SetValue(k: string, v: string): string; GetValue(k: string): string; Commit(p: string): string };
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('installs scorm-again’s 2004 API as API_1484_11 in the opener, resumes it, and sends its commits to the server like 1.2’s', async () => {
    const puts: { url: string; body: Record<string, unknown> }[] = [];
    stubFetch(async (request) => {
      if (request.method === 'GET') return json(sampleRuntime({ version: '2004', launch_url: '/scorm/demo-2004/index.html', location: 'page-2', suspend_data: '{"seen":[1,2]}' }));
      puts.push({ url: new URL(request.url).pathname, body: (await request.clone().json()) as Record<string, unknown> });
      return json({ launch: 2, seq: 1, stored: true, counted_complete: true });
    });
    const popup = { closed: false, close: vi.fn(), location: { replace: vi.fn() } };
    const target = { open: vi.fn(() => popup) } as unknown as Window & Record<string, unknown>;
    const confirmedNow: ScormCommitPayload[] = [];
    const commitNow = (_item: string, commit: ScormCommitPayload) => (confirmedNow.push(commit), { launch: commit.launch, seq: commit.seq, stored: true, counted_complete: true });
    const actor = createActor(scormLauncherLogic('5', { target, journal: createScormJournal(), commitNow }), { input: { itemId: '5' } }).start();
    actor.send({ type: 'open' });
    await vi.waitFor(() => expect(target.API_1484_11).toBeDefined());
    expect(target.API).toBeUndefined();
    expect(popup.location.replace).toHaveBeenCalledWith(expect.stringMatching(/^\/scorm\/demo-2004\/index\.html\?lang=/));

    const api = target.API_1484_11 as Api2004;
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('cmi.entry')).toBe('resume');
    expect(api.GetValue('cmi.location')).toBe('page-2');
    api.SetValue('cmi.location', 'page-3');
    api.SetValue('cmi.completion_status', 'completed');
    api.SetValue('cmi.success_status', 'passed');
    api.SetValue('cmi.score.raw', '90');
    expect(api.Commit('')).toBe('true');
    // Its "true" waited for the server (the synchronous send), as 1.2's LMSCommit does.
    expect(confirmedNow).toEqual([expect.objectContaining({ version: '2004', launch: 2, seq: 1 })]);
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].url).toBe('/api/scorm/5/runtime');
    expect(puts[0].body).toMatchObject({ version: '2004', launch: 2, seq: 1, completion: 'completed', success: 'passed', score: { raw: 90 }, location: 'page-3', finished: false });
    await vi.waitFor(() => expect(actor.getSnapshot().context.pending).toBeNull());
    actor.stop();
    // The API object leaves with the launch.
    expect(target.API_1484_11).toBeUndefined();
  });
});

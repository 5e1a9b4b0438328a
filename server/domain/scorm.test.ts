import { describe, expect, it } from 'vitest';
import { scorm12Status, scormCommitPayloadSchema, SCORM_COMMIT_MAX_CHARS } from '../../src/api/schemas/scorm.schema';
import { assertScormRequiredSeconds, classifyCommit, countsAsComplete, entryOf, isNewerCommit } from './scorm';

// ADR 029: the rules the SCORM runtime's data is kept and counted by, and the commit's contract.

describe('SCORM commits: (launch, seq), highest wins', () => {
  it('takes a higher seq of the same launch, or any seq of a later launch', () => {
    expect(isNewerCommit({ launch: 2, seq: 5 }, { launch: 2, seq: 6 })).toBe(true);
    expect(isNewerCommit({ launch: 2, seq: 5 }, { launch: 3, seq: 1 })).toBe(true);
  });

  it('ignores a repeat, an older seq and any commit of an older launch', () => {
    expect(isNewerCommit({ launch: 2, seq: 5 }, { launch: 2, seq: 5 })).toBe(false);
    expect(isNewerCommit({ launch: 2, seq: 5 }, { launch: 2, seq: 4 })).toBe(false);
    expect(isNewerCommit({ launch: 2, seq: 5 }, { launch: 1, seq: 99 })).toBe(false);
  });

  it('refuses a launch the server never started', () => {
    expect(classifyCommit({ launch: 2, seq: 5, startedLaunch: 3 }, { launch: 3, seq: 1 })).toBe('store');
    expect(classifyCommit({ launch: 2, seq: 5, startedLaunch: 3 }, { launch: 4, seq: 1 })).toBe('unknown_launch');
    expect(classifyCommit({ launch: 2, seq: 5, startedLaunch: 3 }, { launch: 2, seq: 5 })).toBe('stale');
  });
});

describe('SCORM entry and completion', () => {
  it('resumes when a location or suspend data is kept', () => {
    expect(entryOf({ location: '', suspendData: '' })).toBe('ab-initio');
    expect(entryOf({ location: '2', suspendData: '' })).toBe('resume');
    expect(entryOf({ location: '', suspendData: '{}' })).toBe('resume');
  });

  it('counts completed or passed only with the required time credited, and never failed', () => {
    const done = { completion: 'completed', success: 'unknown', creditedSeconds: 60, requiredSeconds: 60 } as const;
    expect(countsAsComplete(done)).toBe(true);
    expect(countsAsComplete({ ...done, creditedSeconds: 59 })).toBe(false);
    expect(countsAsComplete({ ...done, success: 'failed' })).toBe(false);
    expect(countsAsComplete({ ...done, completion: 'incomplete' })).toBe(false);
    expect(countsAsComplete({ ...done, completion: 'unknown', success: 'passed' })).toBe(true);
  });

  it('never counts an item without credited time, even one stored as needing none (issue 43 §6)', () => {
    const passed = { completion: 'completed', success: 'passed', creditedSeconds: 0, requiredSeconds: 0 } as const;
    expect(countsAsComplete(passed)).toBe(false);
    expect(countsAsComplete({ ...passed, creditedSeconds: 1 })).toBe(true);
    expect(() => assertScormRequiredSeconds(0)).toThrow();
    expect(assertScormRequiredSeconds(60)).toBe(60);
  });

  it('maps SCORM 1.2 lesson_status onto the two 2004 statuses', () => {
    expect(scorm12Status('passed')).toEqual({ completion: 'completed', success: 'passed' });
    expect(scorm12Status('failed')).toEqual({ completion: 'completed', success: 'failed' });
    expect(scorm12Status('completed')).toEqual({ completion: 'completed', success: 'unknown' });
    expect(scorm12Status('browsed')).toEqual({ completion: 'incomplete', success: 'unknown' });
    expect(scorm12Status('not attempted')).toEqual({ completion: 'not_attempted', success: 'unknown' });
    expect(scorm12Status('nonsense')).toEqual({ completion: 'unknown', success: 'unknown' });
  });
});

describe('the SCORM commit contract', () => {
  const commit = {
    launch: 1,
    seq: 1,
    finished: false,
    version: '1.2',
    completion: 'incomplete',
    success: 'unknown',
    score: null,
    location: '2',
    suspend_data: '{"seen":[1,2]}',
    cmi: '{"core":{}}',
  };
  const issues = (value: unknown) => {
    const result = scormCommitPayloadSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('takes a whole commit', () => {
    expect(issues(commit)).toEqual([]);
    expect(issues({ ...commit, score: { raw: 80, min: 0, max: 100 } })).toEqual([]);
  });

  it('refuses each kind of bad input with its message', () => {
    expect(issues({ ...commit, seq: 0 })).toContain('validation:seq_invalid');
    expect(issues({ ...commit, launch: 1.5 })).toContain('validation:seq_invalid');
    expect(issues({ ...commit, seq: 2 ** 31 })).toContain('validation:number_too_large');
    expect(issues({ ...commit, completion: 'done' })).toContain('validation:scorm_status_invalid');
    expect(issues({ ...commit, success: 'won' })).toContain('validation:scorm_status_invalid');
    expect(issues({ ...commit, score: { raw: 'a lot', min: null, max: null } })).toContain('validation:scorm_score_invalid');
    expect(issues({ ...commit, cmi: '[1]' })).toContain('validation:scorm_cmi_invalid');
    expect(issues({ ...commit, cmi: 'not json' })).toContain('validation:scorm_cmi_invalid');
    expect(issues({ ...commit, location: 'x'.repeat(1001) })).toContain('validation:text_too_long');
    expect(issues({ ...commit, location: 'a\u0000b' })).toContain('validation:text_nul');
    expect(issues({ ...commit, suspend_data: 'x'.repeat(SCORM_COMMIT_MAX_CHARS) })).toContain('validation:scorm_commit_too_large');
  });
});

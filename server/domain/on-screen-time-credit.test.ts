import { describe, expect, it } from 'vitest';
import { coversOf, creditRecord, subtract, type Cover, type Evidence } from './on-screen-time-credit';

// ADR 012's rules, written from the issue: only inside the viewing, never a second twice, only while
// identity was verified recently, and an honest record loses nothing.
const signIn: Evidence = { identityCheckId: null, signInSessionId: 's1' };
const check7: Evidence = { identityCheckId: 7, signInSessionId: null };
const base = { viewing: { start: 1000, end: 5000 }, taken: [], covers: null, tolerance: 5 };

describe('creditRecord', () => {
  it('credits an honest record in full, where its key puts it', () => {
    expect(creditRecord({ ...base, claimStart: 1100, claimSeconds: 60 })).toEqual({
      credited: 60,
      stretches: [{ start: 1100, end: 1160, evidence: null }],
      trimmed: [],
    });
  });

  it('never credits before the viewing began or after now (a backdated day is worth what the viewing lasted)', () => {
    const r = creditRecord({ ...base, viewing: { start: 1000, end: 1030 }, claimStart: 1030 - 86_400, claimSeconds: 86_400 });
    expect(r.credited).toBe(30);
    expect(r.trimmed).toContain('viewing');
    expect(creditRecord({ ...base, viewing: { start: 1000, end: 1000 }, claimStart: 1000, claimSeconds: 5 }).credited).toBe(0);
  });

  it('never credits a second twice: overlapping records (any item, any tab) add no more than the wall time', () => {
    let taken: { start: number; end: number }[] = [];
    let total = 0;
    // 20 records of 60 s whose keys overlap, within about 60 s of wall time.
    for (let i = 0; i < 20; i += 1) {
      const r = creditRecord({ ...base, viewing: { start: 1000, end: 1065 }, taken, claimStart: 1000 + (i % 5), claimSeconds: 60 });
      total += r.credited;
      taken = [...taken, ...r.stretches];
    }
    expect(total).toBe(65);
  });

  it('moves a record by a second or two into free time (rounded keys and carried part-seconds cost nothing)', () => {
    const first = creditRecord({ ...base, claimStart: 1100, claimSeconds: 60 });
    const second = creditRecord({ ...base, taken: first.stretches, claimStart: 1159, claimSeconds: 60 });
    expect(second.credited).toBe(60);
    expect(second.stretches).toEqual([{ start: 1160, end: 1220, evidence: null }]);
  });

  it('credits only seconds covered by a recent identity verification, with the evidence of the latest one', () => {
    const covers: Cover[] = [
      { start: 900, end: 1150, evidence: signIn },
      { start: 1200, end: 1400, evidence: check7 },
    ];
    const r = creditRecord({ ...base, covers, claimStart: 1100, claimSeconds: 100, tolerance: 0 });
    expect(r.stretches).toEqual([{ start: 1100, end: 1150, evidence: signIn }]);
    expect(r.credited).toBe(50);
    expect(r.trimmed).toEqual(['identity']);
    // Where two covers overlap, the later verification vouches.
    const both = creditRecord({ ...base, covers: [{ start: 1000, end: 2000, evidence: signIn }, { start: 1120, end: 1500, evidence: check7 }], claimStart: 1100, claimSeconds: 40, tolerance: 0 });
    expect(both.stretches).toEqual([
      { start: 1100, end: 1120, evidence: signIn },
      { start: 1120, end: 1140, evidence: check7 },
    ]);
  });
});

describe('coversOf', () => {
  it('a verification covers the window from its moment, cut short by the next failed check', () => {
    expect(coversOf([{ atMs: 100_000, evidence: signIn }, { atMs: 500_000, evidence: check7 }], [300_000], 1000)).toEqual([
      { start: 100, end: 300, evidence: signIn },
      { start: 500, end: 1500, evidence: check7 },
    ]);
  });

  it('a check passed after a failed one within the same second covers its window (compared to the millisecond)', () => {
    // Failed at 500.200 s, passed at 500.800 s.
    expect(coversOf([{ atMs: 100_000, evidence: signIn }, { atMs: 500_800, evidence: check7 }], [500_200], 1000)).toEqual([
      { start: 100, end: 500, evidence: signIn },
      { start: 500, end: 1500, evidence: check7 },
    ]);
    // Passed at 500.200 s, failed at 500.800 s: the failure ends it.
    expect(coversOf([{ atMs: 500_200, evidence: check7 }], [500_800], 1000)).toEqual([{ start: 500, end: 500, evidence: check7 }]);
  });
});

describe('subtract', () => {
  it('removes holes in any order, overlapping or outside', () => {
    expect(subtract({ start: 0, end: 100 }, [{ start: 50, end: 60 }, { start: -10, end: 5 }, { start: 55, end: 70 }, { start: 99, end: 200 }])).toEqual([
      { start: 5, end: 50 },
      { start: 70, end: 99 },
    ]);
  });
});

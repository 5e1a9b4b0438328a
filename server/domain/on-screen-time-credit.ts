// ADR 012: where on the server's timeline the seconds of an on-screen record are credited.
// Pure: whole seconds of server time, half-open stretches [start, end).

export interface Stretch {
  start: number;
  end: number;
}

/** What vouches for the learner's identity over a stretch: a passed check, or the sign-in. */
export interface Evidence {
  identityCheckId: number | null;
  signInSessionId: string | null;
}

export interface Cover extends Stretch {
  evidence: Evidence;
}

export interface CreditedStretch extends Stretch {
  evidence: Evidence | null;
}

/** Why fewer seconds were credited than claimed (what the learner is told). */
export type TrimReason = 'viewing' | 'overlap' | 'identity';

export interface CreditInput {
  /** Where the record began on the server's clock (its key, shifted by the device's clock offset). */
  claimStart: number;
  claimSeconds: number;
  /** The viewing's bounds: from its start (server clock) to now, never longer than VIEWING_MAX_SECONDS. */
  viewing: Stretch;
  /** Seconds already credited to this learner (any item, any tab): never credited twice. */
  taken: Stretch[];
  /** Where identity was verified recently enough; null when continual authentication is off. */
  covers: Cover[] | null;
  /** How far (seconds) a record may move from where its key puts it: the rounding of keys to
   * whole seconds and the part-second carried between records must not cost an honest learner. */
  tolerance: number;
}

export interface CreditResult {
  credited: number;
  stretches: CreditedStretch[];
  trimmed: TrimReason[];
}

const length = (s: Stretch[]): number => s.reduce((n, x) => n + Math.max(0, x.end - x.start), 0);

/** `from` minus every stretch of `holes` (holes may overlap and come in any order). */
export function subtract(from: Stretch, holes: Stretch[]): Stretch[] {
  const sorted = holes.filter((h) => h.end > from.start && h.start < from.end).sort((a, b) => a.start - b.start);
  const out: Stretch[] = [];
  let at = from.start;
  for (const h of sorted) {
    if (h.start > at) out.push({ start: at, end: Math.min(h.start, from.end) });
    at = Math.max(at, h.end);
    if (at >= from.end) break;
  }
  if (at < from.end) out.push({ start: at, end: from.end });
  return out.filter((s) => s.end > s.start);
}

/** The parts of `free` that a cover covers, each with the evidence of the latest verification covering it. */
export function coveredParts(free: Stretch[], covers: Cover[]): CreditedStretch[] {
  const out: CreditedStretch[] = [];
  for (const f of free) {
    // Between two consecutive boundaries, the same covers apply: the one that began last vouches.
    const cuts = [...new Set([f.start, f.end, ...covers.flatMap((c) => [c.start, c.end]).filter((t) => t > f.start && t < f.end)])].sort((a, b) => a - b);
    for (let i = 0; i + 1 < cuts.length; i += 1) {
      const [start, end] = [cuts[i], cuts[i + 1]];
      const cover = covers.filter((c) => c.start <= start && c.end >= end).sort((a, b) => b.start - a.start)[0];
      if (!cover) continue;
      const last = out[out.length - 1];
      if (last && last.end === start && last.evidence === cover.evidence) last.end = end;
      else out.push({ start, end, evidence: cover.evidence });
    }
  }
  return out;
}

/**
 * Credits up to `claimSeconds` seconds (from where its key puts it, then just before), among the seconds near where the record
 * says it was counted (its start ± tolerance, to its end + tolerance) that lie inside its viewing,
 * were not credited before, and (when continual authentication is on) were covered by a recent
 * identity verification. However the browser lies, the seconds credited to a learner are distinct
 * seconds of server time inside viewings the server saw begin.
 */
export function creditRecord(input: CreditInput): CreditResult {
  const { claimStart, claimSeconds, viewing, taken, covers, tolerance } = input;
  const window: Stretch = {
    start: Math.max(viewing.start, claimStart - tolerance),
    end: Math.min(viewing.end, claimStart + claimSeconds + tolerance),
  };
  const trimmed: TrimReason[] = [];
  if (window.end - window.start < claimSeconds) trimmed.push('viewing');
  const free = window.end > window.start ? subtract(window, taken) : [];
  if (length(free) < Math.min(claimSeconds, Math.max(0, window.end - window.start))) trimmed.push('overlap');
  const eligible: CreditedStretch[] = covers === null ? free.map((f) => ({ ...f, evidence: null })) : coveredParts(free, covers);
  if (covers !== null && length(eligible) < Math.min(claimSeconds, length(free))) trimmed.push('identity');

  // Where the key puts the record first; the tolerance before it only for what does not fit after.
  const clip = (e: CreditedStretch, start: number, end: number): CreditedStretch => ({ ...e, start: Math.max(e.start, start), end: Math.min(e.end, end) });
  const after = eligible.map((e) => clip(e, claimStart, Infinity)).filter((e) => e.end > e.start);
  const before = eligible.map((e) => clip(e, -Infinity, claimStart)).filter((e) => e.end > e.start).reverse();
  const stretches: CreditedStretch[] = [];
  let left = claimSeconds;
  for (const e of after) {
    if (left <= 0) break;
    const take = Math.min(left, e.end - e.start);
    stretches.push({ start: e.start, end: e.start + take, evidence: e.evidence });
    left -= take;
  }
  for (const e of before) {
    if (left <= 0) break;
    const take = Math.min(left, e.end - e.start);
    stretches.push({ start: e.end - take, end: e.end, evidence: e.evidence });
    left -= take;
  }
  stretches.sort((a, b) => a.start - b.start);
  return { credited: claimSeconds - left, stretches, trimmed };
}

/**
 * Where identity was verified recently enough: each verification (a passed check or a sign-in)
 * covers `windowSeconds` from its second, cut short by the first failed check after it. Both are
 * compared at the rows' own precision (milliseconds): a check passed within the same second as a
 * failed one, after it, covers its window (whole seconds had the failure cut it to nothing), and
 * one passed before a failure of the same second ends there.
 */
export function coversOf(verifications: Array<{ atMs: number; evidence: Evidence }>, failuresMs: number[], windowSeconds: number): Cover[] {
  return verifications.map((v) => {
    const failure = failuresMs.filter((f) => f >= v.atMs).sort((a, b) => a - b)[0];
    const start = Math.floor(v.atMs / 1000);
    const end = Math.min(start + windowSeconds, failure === undefined ? Infinity : Math.floor(failure / 1000));
    return { start, end, evidence: v.evidence };
  });
}

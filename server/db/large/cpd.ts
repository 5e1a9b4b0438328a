// The CPD part of `npm run db:large` (issue 45): what the ledger, the team's compliance and
// the insurer's 31 October report read, at the large set's scale. Set-based SQL on the series index,
// like the rest of generate.ts: two runs make the same rows (dates relative to the run's start).
//
// - cpd_course_approvals: every published bulk course has an approval window that holds its
//   completions of the last 4 years, except 1 course in 7 (never approved: its completions earn
//   nothing); 1 course in 4 has two windows (the old one ended 200 days ago, a re-assessed one since,
//   with other minutes), so the ledger's "approval valid on that Hong Kong day" lookup picks between two.
// - cpd_claims: 3 per licensee (agents and managers; recruits owe nothing and claim nothing): one
//   approved, one pending, one rejected with a reason, their last days spread over this period and
//   the last; the upline decided (a manager's own claims: decided by nobody recorded). Every claim
//   points at the demo's stored evidence file (one encrypted file, its keys copied): its download works.
// - cpd_licences: 1 licensee in 50 a travel agent, 1 in 50 licensed during this period (pro-rata).
import type postgres from 'postgres';

type Sql = postgres.Sql | postgres.TransactionSql;

export const LARGE_CPD = {
  /** One published course in this many has no approval at all. */
  unapprovedEvery: 7,
  /** One course in this many has two windows (re-assessed 200 days ago). */
  reassessedEvery: 4,
  claimsPerLicensee: 3,
} as const;

export const CPD_BIG_TABLES = ['cpd_claims', 'cpd_course_approvals', 'cpd_licences'] as const;

export interface LargeCpdInput {
  /** The users' and courses' id bases (the bulk rows are base + 1 …). */
  ub: number;
  cb: number;
  users: number;
  publishedCourses: number;
  managerEvery: number;
  nowMs: number;
}

/** Each step: a label and the statement that inserts its rows (answers the count). */
export function largeCpdSteps(input: LargeCpdInput): { label: string; run: (sql: Sql) => Promise<number> }[] {
  const { ub, cb, users: U, publishedCourses: P, managerEvery: M, nowMs } = input;
  const at = (ms: string) => `to_timestamp((${ms})::double precision / 1000)`;
  const hkDay = (ms: string) => `((${at(ms)} at time zone 'UTC') + interval '8 hours')::date`;
  const day = 86_400_000;
  const licensee = `g % ${M} <> 0`;
  const uplineOf = `case when g % ${M} = 1 then null else ${ub} + ((g - 1) / ${M}) * ${M} + 1 end`;
  return [
    {
      label: 'cpd_course_approvals',
      run: async (sql) => {
        const r = await sql.unsafe(
          `insert into cpd_course_approvals (course_id, reference, activity_kind, minutes, ethics_or_regulations, valid_from, valid_to)
           select ${cb} + c, 'IA/CPD/BULK/' || lpad(c::text, 5, '0') || '/' || w, case when c % 3 = 0 then 'structured' else 'e_learning' end,
             30 + (c % 4) * 30 + w * 30, (c % 5 = 0 or c % 5 = 3),
             case when w = 0 then ${hkDay(`${nowMs} - 1500::bigint * ${day}`)} else ${hkDay(`${nowMs} - 199::bigint * ${day}`)} end,
             case when w = 0 and c % ${LARGE_CPD.reassessedEvery} = 0 then ${hkDay(`${nowMs} - 200::bigint * ${day}`)} else ${hkDay(`${nowMs} + 365::bigint * ${day}`)} end
           from generate_series(1, ${P}) c, generate_series(0, 1) w
           where c % ${LARGE_CPD.unapprovedEvery} <> 0 and (w = 0 or c % ${LARGE_CPD.reassessedEvery} = 0)`,
        );
        return r.count;
      },
    },
    {
      label: 'cpd_licences',
      run: async (sql) => {
        const r = await sql.unsafe(
          `insert into cpd_licences (user_id, licence_kind, licensed_on)
           select ${ub} + g, case when g % 50 = 3 then 'travel_agent' else 'insurance_intermediary' end,
             case when g % 50 = 3 then date '2020-03-01' else ${hkDay(`${nowMs} - (g % 100)::bigint * ${day}`)} end
           from generate_series(1, ${U}) g where ${licensee} and g % 50 in (3, 7)`,
        );
        return r.count;
      },
    },
    {
      label: 'cpd_claims',
      run: async (sql) => {
        // k = 0 approved, 1 pending, 2 rejected; last day 10 to 409 days back (this period and the last).
        const r = await sql.unsafe(
          `insert into cpd_claims (user_id, kind, provider, title, started_on, ended_on, minutes, ethics_or_regulations,
             evidence_storage_key, evidence_name, evidence_media_type, evidence_bytes, evidence_key, evidence_mac_key, evidence_mac_digest, evidence_mac_piece_size,
             terms_accepted_at, status, revision, submitted_at, decided_by, decided_at, decision_reason)
           select ${ub} + g, (array['seminar','professional_body_event','regulator_event','accredited_programme'])[1 + (g + k) % 4],
             'Provider ' || (g % 97), 'Seminar ' || k || ' of learner ' || g,
             x.ended - 1, x.ended, 60 + ((g + k) % 4) * 30, (g + k) % 3 = 0,
             e.evidence_storage_key, e.evidence_name, e.evidence_media_type, e.evidence_bytes, e.evidence_key, e.evidence_mac_key, e.evidence_mac_digest, e.evidence_mac_piece_size,
             x.submitted, (array['approved','pending','rejected'])[1 + k], 1, x.submitted,
             case when k <> 1 then ${uplineOf} end,
             case when k <> 1 then x.submitted + interval '2 days' end,
             case when k = 2 then 'The certificate does not show the hours.' end
           from generate_series(1, ${U}) g, generate_series(0, ${LARGE_CPD.claimsPerLicensee - 1}) k,
             (select * from cpd_claims order by id limit 1) e,
             lateral (select ${hkDay(`${nowMs} - (10 + (g * 13 + k * 131) % 400)::bigint * ${day}`)} as ended,
               ${at(`${nowMs} - (7 + (g * 13 + k * 131) % 400)::bigint * ${day}`)} as submitted) x
           where ${licensee}`,
        );
        return r.count;
      },
    },
  ];
}

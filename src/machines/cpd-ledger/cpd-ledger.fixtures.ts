import type { CpdEvidence, CpdLedger } from '../../api/schemas/cpd-ledger.schema';
import { cpdLedgerMachine, type CpdLedgerContext } from './cpd-ledger.machine';
import { selectCpdLedgerView, selectCpdProgress, type CpdLedgerViewModel, type CpdPeriodView } from './cpd-ledger.selectors';

// Sample answers of the ledger endpoints for the machine's tests and the stories (issue 45): agent01
// as the demo shows them, four hours short with the E/R part done.

export const LEDGER: CpdLedger = {
  user: { id: '2', name: 'Chan Tai Man', agent_code: 'agent01' },
  period: { start_year: 2026, starts_on: '2026-08-01', ends_on: '2027-07-31', days_left: 241, declaration_due: '2027-09-30', insurer_report_due: '2027-10-31' },
  target: { minutes: 900, ethics_minutes: 180, licence_kind: 'insurance_intermediary', prorated: false },
  totals: { minutes: 660, ethics_minutes: 300, needed_minutes: 240, needed_ethics_minutes: 0, compliant: false },
  rows: [
    { id: 'offline:5', source: 'offline', title: 'Compliance Refresher 2026', reference: 'IA/CPD/2026/0016', activity_kind: 'structured', completed_at: '2026-11-27T04:00:00.000Z', completed_on: '2026-11-27', minutes: 180, ethics_or_regulations: true },
    { id: 'course:9', source: 'course', title: 'Investment-Linked Assurance Schemes: The Basics', reference: 'IA/CPD/2026/0009', activity_kind: 'e_learning', completed_at: '2026-10-30T08:00:00.000Z', completed_on: '2026-10-30', minutes: 180, ethics_or_regulations: false },
    { id: 'claim:1', source: 'claim', title: 'Financial Planning Update 2026', reference: null, activity_kind: 'professional_body_event', completed_at: '2026-11-07T16:00:00.000Z', completed_on: '2026-11-08', minutes: 180, ethics_or_regulations: false },
    { id: 'course:2', source: 'course', title: 'Anti-Money Laundering Essentials', reference: 'IA/CPD/2026/0002', activity_kind: 'e_learning', completed_at: '2026-10-25T08:00:00.000Z', completed_on: '2026-10-25', minutes: 120, ethics_or_regulations: true },
  ],
  previous: [{ start_year: 2025, minutes: 900, ethics_minutes: 180, target_minutes: 900, target_ethics_minutes: 180, compliant: true }],
};

/** The same learner's earlier period, picked below. */
export const PREVIOUS_LEDGER: CpdLedger = {
  ...LEDGER,
  period: { start_year: 2025, starts_on: '2025-08-01', ends_on: '2026-07-31', days_left: 0, declaration_due: '2026-09-30', insurer_report_due: '2026-10-31' },
  totals: { minutes: 900, ethics_minutes: 180, needed_minutes: 0, needed_ethics_minutes: 0, compliant: true },
  rows: [
    { id: 'claim:3', source: 'claim', title: 'Certificate in Insurance (QF Level 4)', reference: null, activity_kind: 'accredited_programme', completed_at: '2025-11-28T16:00:00.000Z', completed_on: '2025-11-29', minutes: 720, ethics_or_regulations: false },
    { id: 'claim:4', source: 'claim', title: 'Briefing on the Code of Conduct for Licensed Insurance Agents', reference: null, activity_kind: 'regulator_event', completed_at: '2026-02-16T16:00:00.000Z', completed_on: '2026-02-17', minutes: 180, ethics_or_regulations: true },
  ],
  previous: [],
};

/** A learner with nothing counted yet, and no earlier period. */
export const EMPTY_LEDGER: CpdLedger = {
  ...LEDGER,
  totals: { minutes: 0, ethics_minutes: 0, needed_minutes: 900, needed_ethics_minutes: 180, compliant: false },
  rows: [],
  previous: [],
};

export const COMPLIANT_LEDGER: CpdLedger = {
  ...LEDGER,
  totals: { minutes: 990, ethics_minutes: 180, needed_minutes: 0, needed_ethics_minutes: 0, compliant: true },
};

/** A recruit: no ledger target. */
export const NO_TARGET_LEDGER: CpdLedger = { ...EMPTY_LEDGER, target: { minutes: 0, ethics_minutes: 0, licence_kind: null, prorated: false }, totals: { minutes: 0, ethics_minutes: 0, needed_minutes: 0, needed_ethics_minutes: 0, compliant: true } };

export const COURSE_EVIDENCE: CpdEvidence = {
  row: LEDGER.rows[3],
  items: [
    {
      kind: 'item',
      id: '11',
      title: 'Common warning signs',
      credited_seconds: 35,
      viewings: [
        {
          id: '41',
          started_at: '2026-10-23T09:10:00.000Z',
          device: '6b0e3c52-9a7d-4f18-b3c4-2d5e8f1a7c90',
          credited_seconds: 35,
          first_credited_at: '2026-10-23T09:10:00.000Z',
          last_credited_at: '2026-10-23T09:10:35.000Z',
          identity_checks: [{ id: '7', type: 'password', at: '2026-10-23T09:10:20.000Z' }],
        },
      ],
    },
    {
      kind: 'attachment',
      id: '5',
      title: 'Red flags checklist',
      credited_seconds: 3725,
      viewings: [
        { id: '42', started_at: '2026-10-23T09:20:00.000Z', device: null, credited_seconds: 3725, first_credited_at: '2026-10-23T09:20:00.000Z', last_credited_at: '2026-10-23T10:22:05.000Z', identity_checks: [] },
      ],
    },
    { kind: 'item', id: '12', title: 'Reporting a suspicion', credited_seconds: 0, viewings: [] },
  ],
  attendance: [],
  claim: null,
};

export const CLASSROOM_EVIDENCE: CpdEvidence = {
  row: LEDGER.rows[0],
  items: [],
  attendance: [
    { session_id: '8', title: 'Compliance Refresher 2026', starts_at: '2026-11-27T01:00:00.000Z', ends_at: '2026-11-27T04:00:00.000Z', checked_in_at: '2026-11-27T00:55:00.000Z', checked_out_at: '2026-11-27T04:00:00.000Z', attended_minutes: 180 },
  ],
  claim: null,
};

export const CLAIM_EVIDENCE: CpdEvidence = {
  row: LEDGER.rows[2],
  items: [],
  attendance: [],
  claim: { kind: 'professional_body_event', provider: 'The Chartered Insurance Institute Hong Kong', started_on: '2026-11-08', ended_on: '2026-11-08', submitted_at: '2026-11-08T04:00:00.000Z', decided_at: '2026-11-09T04:00:00.000Z', evidence_name: 'Attendance certificate.pdf' },
};

type Value = Parameters<typeof cpdLedgerMachine.resolveState>[0]['value'];

/** The machine's snapshot at a state, with agent01's ledger unless told otherwise. */
function snapshotAt(value: Value, context: Partial<CpdLedgerContext>) {
  const base: CpdLedgerContext = { period: null, ledger: LEDGER, periods: [2026, 2025], openRow: null, evidence: null, error: null, evidenceError: null };
  return cpdLedgerMachine.resolveState({ value, context: { ...base, ...context } });
}

/** The view model at a state of the machine, built through the selectors (DESIGN §4). */
export function cpdLedgerViewAt(value: Value = { ready: 'idle' }, context: Partial<CpdLedgerContext> = {}): CpdLedgerViewModel {
  return selectCpdLedgerView(snapshotAt(value, context));
}

/** The home tile's figures of a ledger. */
export function cpdProgressOf(ledger: CpdLedger): CpdPeriodView {
  return selectCpdProgress(snapshotAt({ ready: 'idle' }, { ledger }))!;
}

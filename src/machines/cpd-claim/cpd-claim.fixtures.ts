import type { CpdClaim, CpdClaimFields } from '../../api/schemas/cpd-claim.schema';
import { cpdClaimMachine, type CpdClaimContext, type CpdClaimDraft } from './cpd-claim.machine';
import { selectCpdClaimView, type CpdClaimView } from './cpd-claim.selectors';

// Claims as the server answers them, for the machine's tests and the stories.

export const PENDING_CLAIM: CpdClaim = {
  id: '41',
  claimant: { id: '7', external_id: 'agent01', name: 'Chan Tai Man' },
  kind: 'seminar',
  provider: 'Hong Kong Retirement Planning Forum',
  title: 'Seminar: Retirement Income Products',
  started_on: '2026-11-28',
  ended_on: '2026-11-28',
  minutes: 120,
  ethics_or_regulations: false,
  evidence: { name: 'Attendance certificate.pdf', media_type: 'application/pdf', bytes: 5120 },
  status: 'pending',
  revision: 1,
  submitted_at: '2026-11-29T04:00:00.000Z',
  decided_at: null,
  decided_by: null,
  reason: null,
  may_resend: false,
  may_decide: false,
};

export const REJECTED_CLAIM: CpdClaim = {
  ...PENDING_CLAIM,
  id: '42',
  title: 'Regulatory Update Briefing',
  kind: 'regulator_event',
  ethics_or_regulations: true,
  status: 'rejected',
  decided_at: '2026-11-30T02:00:00.000Z',
  decided_by: 'Wong Siu Ming',
  reason: 'The certificate does not show your name.',
  may_resend: true,
};

export const APPROVED_CLAIM: CpdClaim = { ...PENDING_CLAIM, id: '43', status: 'approved', decided_at: '2026-11-30T02:00:00.000Z', decided_by: 'Wong Siu Ming' };

export const FIELDS: CpdClaimFields = {
  kind: 'seminar',
  provider: 'Hong Kong Insurance Forum',
  title: 'Seminar: Claims Handling',
  started_on: '2026-11-30',
  ended_on: '2026-11-30',
  hours: '1.5',
  ethics_or_regulations: 'false',
  terms_accepted: 'true',
};

const pdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'certificate.pdf', { type: 'application/pdf' });
export const DRAFT_WITH_FILE: CpdClaimDraft = { fields: FIELDS, file: typeof File === 'undefined' ? null : pdf() };
export const DRAFT_NO_FILE: CpdClaimDraft = { fields: FIELDS, file: null };

/** The view model at a state of the machine, built through the selectors (DESIGN §4): a new claim unless told otherwise. */
export function cpdClaimViewAt(value: string, context: Partial<CpdClaimContext> = {}): CpdClaimView {
  const base: CpdClaimContext = { claimId: null, claim: null, draft: null, error: null };
  return selectCpdClaimView(cpdClaimMachine.resolveState({ value, context: { ...base, ...context } }));
}

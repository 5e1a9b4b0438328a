import type { CpdClaim } from '../../api/schemas/cpd-claim.schema';
import { cpdClaimDecisionMachine, type CpdClaimDecisionContext } from './cpd-claim-decision.machine';
import { selectCpdClaimDecisionView, type CpdClaimDecisionViewModel } from './cpd-claim-decision.selectors';

// Sample answers of GET /api/cpd/team-claims for the machine's tests and the stories (issue 45):
// manager01's team with two pending claims, as the upline sees them (may_decide true).

export const TEAM_CLAIM_SEMINAR: CpdClaim = {
  id: '41',
  claimant: { id: '2', external_id: 'agent01', name: 'Chan Tai Man' },
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
  may_decide: true,
};

export const TEAM_CLAIM_ETHICS: CpdClaim = {
  ...TEAM_CLAIM_SEMINAR,
  id: '44',
  claimant: { id: '4', external_id: 'agent03', name: 'Lee Ka Yan' },
  kind: 'professional_body_event',
  provider: 'Hong Kong Federation of Insurers',
  title: 'Ethics in Advice: Case Studies',
  started_on: '2026-10-05',
  ended_on: '2026-10-06',
  minutes: 90,
  ethics_or_regulations: true,
  evidence: { name: 'certificate.jpg', media_type: 'image/jpeg', bytes: 80_000 },
  submitted_at: '2026-10-07T02:00:00.000Z',
};

export const TEAM_CLAIMS: CpdClaim[] = [TEAM_CLAIM_SEMINAR, TEAM_CLAIM_ETHICS];
/** The list read again after a refusal: the other tab approved the seminar. */
export const TEAM_CLAIMS_AFTER_ELSEWHERE: CpdClaim[] = [TEAM_CLAIM_ETHICS];

const base: CpdClaimDecisionContext = { claims: null, rejecting: null, deciding: null, decided: null, refusal: null, error: null, decisionError: null };

/** The view model of a state (stories): resolved on the real machine, read through the selectors. */
export function decisionView(value: Parameters<typeof cpdClaimDecisionMachine.resolveState>[0]['value'], context: Partial<CpdClaimDecisionContext> = {}): CpdClaimDecisionViewModel {
  return selectCpdClaimDecisionView(cpdClaimDecisionMachine.resolveState({ value, context: { ...base, ...context } }));
}

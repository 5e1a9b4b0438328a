import { callRoute } from './call-route';
import { CPD_EVIDENCE_FIELD, type CpdClaim, type CpdClaimDecision, type CpdClaimFields, type CpdClaimList } from './schemas/cpd-claim.schema';
import {
  getCpdClaimEvidenceRoute,
  getCpdClaimRoute,
  getCpdClaimsRoute,
  getTeamCpdClaimsRoute,
  postCpdClaimDecisionRoute,
  postCpdClaimRoute,
  putCpdClaimRoute,
} from './schemas/cpd-claim.routes';

// Claims for outside CPD activities (issue 45, ADR 086): sent as one multipart form with the
// evidence file; the upline's list and decision.

/** The form the contract declares (request.form): every field as text, the file under `evidence`. */
function claimForm(fields: CpdClaimFields, file: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (file) form.append(CPD_EVIDENCE_FIELD, file, file.name);
  return form;
}

export function postCpdClaim(fields: CpdClaimFields, file: File): Promise<CpdClaim> {
  return callRoute(postCpdClaimRoute, { form: claimForm(fields, file) });
}

/** A rejected claim corrected and sent again; `file` null keeps the evidence sent before. */
export function putCpdClaim(id: string, fields: CpdClaimFields, file: File | null): Promise<CpdClaim> {
  return callRoute(putCpdClaimRoute, { params: { id }, form: claimForm(fields, file) });
}

export function getCpdClaims(period: number | null = null): Promise<CpdClaimList> {
  return callRoute(getCpdClaimsRoute, { query: period === null ? {} : { period: String(period) } });
}

export function getCpdClaim(id: string): Promise<CpdClaim> {
  return callRoute(getCpdClaimRoute, { params: { id } });
}

/** The evidence file, for a link the page opens (it needs the bearer, so it is fetched, not linked). */
export async function getCpdClaimEvidence(id: string): Promise<Blob> {
  return (await callRoute(getCpdClaimEvidenceRoute, { params: { id } })).blob();
}

export function getTeamCpdClaims(): Promise<CpdClaimList> {
  return callRoute(getTeamCpdClaimsRoute);
}

export function postCpdClaimDecision(id: string, decision: CpdClaimDecision): Promise<CpdClaim> {
  return callRoute(postCpdClaimDecisionRoute, { params: { id }, body: decision });
}

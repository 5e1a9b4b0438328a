import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CPD_CLAIM_ERROR_CODE,
  CPD_CLAIM_MAX_MINUTES,
  minutesOfFields,
  type CpdClaim,
  type CpdClaimFields,
} from '../../src/api/schemas/cpd-claim.schema';
import { UPLOAD_LIMIT_FILE_BYTES, UPLOAD_LIMIT_IMAGE_BYTES } from '../../src/config/constants';
import type { Db } from '../db/client';
import { cpdClaims, users } from '../db/schema';
import type { UploadedFile } from '../http/upload-input';
import { HttpError } from '../http/errors';
import { encryptAttachment, verifyAndDecrypt } from '../storage/attachment-crypto';
import type { FileStore } from '../storage/file-store';
import { hkDate, periodDays, periodOf } from './cpd-period';
import { logLedgerRead, type LedgerReader } from './cpd-ledger';
import { notifyWithMessage } from './notification-messages';
import { pictureTypeOf } from './profile-pictures';

// Issue 45, ADR 086: claims for outside CPD activities. The server is the judge: the evidence type
// by its bytes, the dates against its own Hong Kong today, the minutes bounded, one decision per
// claim (a conditional update: of two at once exactly one changes the row), a correction as the
// next revision of the same row. Only an approved claim counts (cpd-ledger.ts reads status).

type ClaimRow = typeof cpdClaims.$inferSelect;
const DAY_MINUTES = 24 * 60;
const DAY_MS = 86_400_000;

// --- The evidence file ---------------------------------------------------------------------------

export type EvidenceMediaType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/webp';
const PICTURE_TYPE = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** The evidence's type by its magic numbers (a PDF or a PNG, JPEG, WebP picture); anything else null. */
export function evidenceTypeOf(bytes: Uint8Array): EvidenceMediaType | null {
  if (bytes.length >= PDF_SIGNATURE.length && PDF_SIGNATURE.every((b, i) => bytes[i] === b)) return 'application/pdf';
  const picture = pictureTypeOf(bytes);
  return picture ? PICTURE_TYPE[picture] : null;
}

/** SPEC §9's limits: a document up to the file limit, a picture up to the image limit. */
export function evidenceLimitOf(type: EvidenceMediaType): number {
  return type === 'application/pdf' ? UPLOAD_LIMIT_FILE_BYTES : UPLOAD_LIMIT_IMAGE_BYTES;
}

/** The file's type by its bytes (415 otherwise, whatever its name or declared type) within its limit (413). */
export function checkEvidence(file: UploadedFile): EvidenceMediaType {
  const type = evidenceTypeOf(file.bytes);
  if (!type) throw new HttpError(415, 'server:cpd_evidence_type');
  const limit = evidenceLimitOf(type);
  if (file.bytes.byteLength > limit) throw new HttpError(413, 'server:cpd_evidence_too_large', { megabytes: Math.floor(limit / 1_048_576) });
  return type;
}

export interface StoredEvidence {
  evidenceStorageKey: string;
  evidenceName: string;
  evidenceMediaType: string;
  evidenceBytes: number;
  evidenceKey: string;
  evidenceMacKey: string;
  evidenceMacDigest: string;
  evidenceMacPieceSize: number;
}

/** Encrypts and writes the evidence (before the database transaction: a failed insert leaves an unused file, never a row without its file). */
export async function storeEvidence(files: FileStore, bytes: Uint8Array, type: string, name: string): Promise<StoredEvidence> {
  const sealed = encryptAttachment(bytes);
  const evidenceStorageKey = `cpd-claims/${randomUUID()}.bin`;
  await files.write(evidenceStorageKey, sealed.stored);
  return {
    evidenceStorageKey,
    evidenceName: name,
    evidenceMediaType: type,
    evidenceBytes: bytes.byteLength,
    evidenceKey: sealed.key,
    evidenceMacKey: sealed.macKey,
    evidenceMacDigest: sealed.macDigest,
    evidenceMacPieceSize: sealed.macPieceSize,
  };
}

/** The evidence's plain bytes: checked and decrypted (a file from before migration 0035 as stored). */
export async function readEvidence(files: FileStore, row: ClaimRow): Promise<Buffer> {
  const stored = await files.read(row.evidenceStorageKey);
  if (!row.evidenceKey || !row.evidenceMacKey || !row.evidenceMacDigest) return stored;
  return verifyAndDecrypt(stored, { key: row.evidenceKey, macKey: row.evidenceMacKey, macDigest: row.evidenceMacDigest, macPieceSize: row.evidenceMacPieceSize });
}

/** The name shown for the file: what the browser said, else one from its type. */
function evidenceName(file: UploadedFile, type: EvidenceMediaType): string {
  return file.fileName ?? `evidence.${type === 'application/pdf' ? 'pdf' : type.slice('image/'.length)}`;
}

// --- The claim's fields ----------------------------------------------------------------------------

export interface ClaimValues {
  kind: ClaimRow['kind'];
  provider: string;
  title: string;
  startedOn: string;
  endedOn: string;
  minutes: number;
  ethicsOrRegulations: boolean;
}

/** Days from the first to the last of the activity, both counted. */
const daysSpanned = (startedOn: string, endedOn: string) => Math.round((Date.parse(`${endedOn}T00:00:00Z`) - Date.parse(`${startedOn}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * The fields (already of the right forms, cpd-claim.schema.ts) against the server's clock: the last
 * day not after Hong Kong's today and inside the current period (a closed period is not reopened);
 * whole minutes, at least one, at most CPD_CLAIM_MAX_MINUTES and no more than the days spanned hold.
 */
export function claimValues(fields: CpdClaimFields, now: Date): ClaimValues {
  const today = hkDate(now);
  if (fields.ended_on > today) throw new HttpError(400, 'server:cpd_claim_in_future');
  const { startsOn } = periodDays(periodOf(now));
  if (fields.ended_on < startsOn) throw new HttpError(400, 'server:cpd_claim_before_period', { first: startsOn });
  const minutes = minutesOfFields(fields);
  if (minutes === null || minutes < 1) throw new HttpError(400, 'server:cpd_claim_minutes_invalid');
  const most = Math.min(CPD_CLAIM_MAX_MINUTES, daysSpanned(fields.started_on, fields.ended_on) * DAY_MINUTES);
  if (minutes > most) throw new HttpError(400, 'server:cpd_claim_minutes_too_many', { count: Math.floor(most / 60) });
  return {
    kind: fields.kind,
    provider: fields.provider,
    title: fields.title,
    startedOn: fields.started_on,
    endedOn: fields.ended_on,
    minutes,
    ethicsOrRegulations: fields.ethics_or_regulations === 'true',
  };
}

// --- Reading -----------------------------------------------------------------------------------------

const decider = alias(users, 'decider');
const claimSelect = {
  claim: cpdClaims,
  claimant: { id: users.id, externalId: users.externalId, name: users.name, uplineId: users.uplineId },
  deciderName: decider.name,
};
type ClaimWithPeople = { claim: ClaimRow; claimant: { id: number; externalId: string; name: string; uplineId: number | null }; deciderName: string | null };

function selectClaims(db: Db) {
  return db.select(claimSelect).from(cpdClaims).innerJoin(users, eq(users.id, cpdClaims.userId)).leftJoin(decider, eq(decider.id, cpdClaims.decidedBy));
}

/** The claim as the API answers it, with what `reader` may do with it now. */
export function toCpdClaim({ claim, claimant, deciderName }: ClaimWithPeople, reader: LedgerReader): CpdClaim {
  return {
    id: String(claim.id),
    claimant: { id: String(claimant.id), external_id: claimant.externalId, name: claimant.name },
    kind: claim.kind,
    provider: claim.provider,
    title: claim.title,
    started_on: claim.startedOn,
    ended_on: claim.endedOn,
    minutes: claim.minutes,
    ethics_or_regulations: claim.ethicsOrRegulations,
    evidence: { name: claim.evidenceName, media_type: claim.evidenceMediaType, bytes: claim.evidenceBytes },
    status: claim.status,
    revision: claim.revision,
    submitted_at: claim.submittedAt.toISOString(),
    decided_at: claim.decidedAt ? claim.decidedAt.toISOString() : null,
    decided_by: deciderName,
    reason: claim.decisionReason,
    may_resend: claim.status === 'rejected' && claimant.id === reader.userId,
    may_decide: claim.status === 'pending' && claimant.uplineId === reader.userId,
  };
}

/**
 * The claim if `reader` may read it: the claimant, the claimant's upline, an auditor. Anyone else
 * gets the same 404 as for an id that does not exist (nobody learns which claims exist). A read of
 * another person's claim is recorded as a ledger evidence read.
 */
export async function readableClaim(db: Db, reader: LedgerReader, id: number, now: Date): Promise<ClaimWithPeople> {
  const [found] = await selectClaims(db).where(eq(cpdClaims.id, id));
  const mayRead = found && (found.claimant.id === reader.userId || found.claimant.uplineId === reader.userId || reader.role === 'auditor');
  if (!mayRead) throw new HttpError(404, 'server:cpd_claim_not_found');
  await logLedgerRead(db, reader, found.claimant.id, periodOf(Date.parse(`${found.claim.endedOn}T12:00:00+08:00`)), 'evidence', now);
  return found;
}

/** The caller's claims whose activity ended in the period `startYear`, newest first. */
export async function ownClaims(db: Db, userId: number, startYear: number): Promise<ClaimWithPeople[]> {
  const { startsOn, endsOn } = periodDays(startYear);
  return selectClaims(db)
    .where(and(eq(cpdClaims.userId, userId), gte(cpdClaims.endedOn, startsOn), lte(cpdClaims.endedOn, endsOn)))
    .orderBy(desc(cpdClaims.submittedAt), desc(cpdClaims.id));
}

/** The pending claims of `uplineId`'s downlines, oldest first (the first sent is decided first). */
export async function teamPendingClaims(db: Db, uplineId: number): Promise<ClaimWithPeople[]> {
  return selectClaims(db)
    .where(and(eq(users.uplineId, uplineId), eq(cpdClaims.status, 'pending')))
    .orderBy(asc(cpdClaims.submittedAt), asc(cpdClaims.id));
}

async function claimById(db: Db, id: number): Promise<ClaimWithPeople> {
  const [found] = await selectClaims(db).where(eq(cpdClaims.id, id));
  return found;
}

// --- Writing -------------------------------------------------------------------------------------------

/** A new claim, pending, revision 1, its evidence checked by content and stored encrypted. */
export async function createClaim(db: Db, files: FileStore, userId: number, fields: CpdClaimFields, file: UploadedFile, now: Date): Promise<ClaimWithPeople> {
  const values = claimValues(fields, now);
  const type = checkEvidence(file);
  const evidence = await storeEvidence(files, file.bytes, type, evidenceName(file, type));
  const [row] = await db
    .insert(cpdClaims)
    .values({ userId, ...values, ...evidence, termsAcceptedAt: now, status: 'pending', revision: 1, submittedAt: now })
    .returning({ id: cpdClaims.id });
  return claimById(db, row.id);
}

/**
 * The claimant corrects a rejected claim and sends it again: pending, revision + 1, the decision
 * cleared (its reason was read), the terms accepted again; the evidence replaced when a file comes.
 * One conditional update: a claim not rejected (pending again, or approved) is refused with 409.
 */
export async function resendClaim(db: Db, files: FileStore, userId: number, id: number, fields: CpdClaimFields, file: UploadedFile | null, now: Date): Promise<ClaimWithPeople> {
  const [own] = await db.select({ status: cpdClaims.status }).from(cpdClaims).where(and(eq(cpdClaims.id, id), eq(cpdClaims.userId, userId)));
  if (!own) throw new HttpError(404, 'server:cpd_claim_not_found');
  const notRejected = () => new HttpError(409, 'server:cpd_claim_not_rejected', {}, { code: CPD_CLAIM_ERROR_CODE.cpdClaimNotRejected });
  if (own.status !== 'rejected') throw notRejected();
  const values = claimValues(fields, now);
  const type = file ? checkEvidence(file) : null;
  const evidence = file && type ? await storeEvidence(files, file.bytes, type, evidenceName(file, type)) : {};
  const [row] = await db
    .update(cpdClaims)
    .set({ ...values, ...evidence, termsAcceptedAt: now, status: 'pending', revision: sqlRevisionPlusOne(), submittedAt: now, decidedBy: null, decidedAt: null, decisionReason: null })
    .where(and(eq(cpdClaims.id, id), eq(cpdClaims.userId, userId), eq(cpdClaims.status, 'rejected')))
    .returning({ id: cpdClaims.id });
  if (!row) throw notRejected();
  return claimById(db, id);
}

const sqlRevisionPlusOne = () => sql`${cpdClaims.revision} + 1`;

export type ClaimDecision = { decision: 'approve' | 'reject'; reason?: string };

/**
 * The claimant's upline decides a pending claim, once: the update holds only while the row is still
 * pending, so of two decisions at once exactly one changes it and the other answers 409. The
 * claimant is notified in the same transaction. Anyone but the upline: 404 (as for no such claim).
 */
export async function decideClaim(db: Db, deciderId: number, id: number, decision: ClaimDecision, now: Date): Promise<ClaimWithPeople> {
  const found = await claimById(db, id);
  if (!found || found.claimant.uplineId !== deciderId) throw new HttpError(404, 'server:cpd_claim_not_found');
  const decided = () => new HttpError(409, 'server:cpd_claim_decided', {}, { code: CPD_CLAIM_ERROR_CODE.cpdClaimDecided });
  if (found.claim.status !== 'pending') throw decided();
  const approved = decision.decision === 'approve';
  const reason = approved ? null : (decision.reason ?? '').trim();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(cpdClaims)
      .set({ status: approved ? 'approved' : 'rejected', decidedBy: deciderId, decidedAt: now, decisionReason: reason })
      .where(and(eq(cpdClaims.id, id), eq(cpdClaims.status, 'pending'), eq(cpdClaims.revision, found.claim.revision)))
      .returning({ id: cpdClaims.id });
    if (!row) throw decided();
    await notifyWithMessage(
      tx,
      found.claimant.id,
      approved
        ? { titleKey: 'server:cpd_claim_approved_title', bodyKey: 'server:cpd_claim_approved_body', params: { title: found.claim.title, count: found.claim.minutes } }
        : { titleKey: 'server:cpd_claim_rejected_title', bodyKey: 'server:cpd_claim_rejected_body', params: { title: found.claim.title, reason: reason ?? '' } },
      now,
      { kind: 'cpd_claim_decision' },
    );
  });
  return claimById(db, id);
}

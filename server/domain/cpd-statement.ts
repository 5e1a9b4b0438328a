import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CpdLedger, CpdLedgerRow } from '../../src/api/schemas/cpd-ledger.schema';
import type { CpdVerification } from '../../src/api/schemas/cpd-statement.schema';
import type { Language } from '../../src/config/constants';
import { CPD_NOT_GENUINE_CODE, CPD_VERIFICATION_ALPHABET, CPD_VERIFICATION_CODE_LENGTH, normalizeVerificationCode } from '../../src/config/cpd-verification-code';
import type { Db } from '../db/client';
import { cpdVerifications, users, type CpdVerificationKind } from '../db/schema';
import { HttpError } from '../http/errors';
import { translate } from '../i18n/messages';
import { csvField } from './management';

// Issue 45 (ADR 085): the papers of the CPD ledger and their verification codes. The figures come
// from cpdLedger / cpdEvidence (server/domain/cpd-ledger.ts), never from a query of their own.

/** Whole minutes as hours, to 2 decimals at most (90 → 1.5, 100 → 1.67): how every paper writes them. */
export const hoursOf = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;

/** What a statement's code vouches for (frozen at issue). */
export interface StatementFigures {
  name: string;
  agent_code: string;
  start_year: number;
  starts_on: string;
  ends_on: string;
  minutes: number;
  ethics_minutes: number;
  target_minutes: number;
  target_ethics_minutes: number;
}

/** What a certificate's code vouches for (frozen at issue; the title in the language it was printed in). */
export interface CertificateFigures {
  name: string;
  agent_code: string;
  row_id: string;
  title: string;
  reference: string | null;
  minutes: number;
  ethics_or_regulations: boolean;
  completed_at: string;
}

export function statementFigures(ledger: CpdLedger): StatementFigures {
  return {
    name: ledger.user.name,
    agent_code: ledger.user.agent_code,
    start_year: ledger.period.start_year,
    starts_on: ledger.period.starts_on,
    ends_on: ledger.period.ends_on,
    minutes: ledger.totals.minutes,
    ethics_minutes: ledger.totals.ethics_minutes,
    target_minutes: ledger.target.minutes,
    target_ethics_minutes: ledger.target.ethics_minutes,
  };
}

export function certificateFigures(person: { name: string; agent_code: string }, row: CpdLedgerRow): CertificateFigures {
  return {
    name: person.name,
    agent_code: person.agent_code,
    row_id: row.id,
    title: row.title,
    reference: row.reference,
    minutes: row.minutes,
    ethics_or_regulations: row.ethics_or_regulations,
    completed_at: row.completed_at,
  };
}

/** 12 characters of base32 from 60 random bits (randomBytes: not guessable, not sequential). */
export function newVerificationCode(): string {
  const bytes = randomBytes(CPD_VERIFICATION_CODE_LENGTH);
  // 256 is a multiple of 32: each byte's low five bits are uniform.
  return Array.from(bytes, (b) => CPD_VERIFICATION_ALPHABET[b & 31]).join('');
}

const fingerprintOf = (figures: object) => createHash('sha256').update(JSON.stringify(figures)).digest('base64url');

/**
 * The code of a paper: the one issued before for the same (user, kind, subject, figures), or a new
 * one. Two downloads at once both end on the one row (the unique constraint decides); a new code
 * that happens to exist already is drawn again.
 */
export async function verificationCodeFor(db: Db, userId: number, kind: CpdVerificationKind, subject: string, figures: StatementFigures | CertificateFigures, now: Date): Promise<string> {
  const fingerprint = fingerprintOf(figures);
  const existing = () =>
    db
      .select({ code: cpdVerifications.code })
      .from(cpdVerifications)
      .where(and(eq(cpdVerifications.userId, userId), eq(cpdVerifications.kind, kind), eq(cpdVerifications.subject, subject), eq(cpdVerifications.fingerprint, fingerprint)));
  for (let tries = 0; tries < 5; tries += 1) {
    const [found] = await existing();
    if (found) return found.code;
    await db.insert(cpdVerifications).values({ code: newVerificationCode(), kind, userId, subject, figures, fingerprint, issuedAt: now }).onConflictDoNothing();
  }
  throw new Error('cpd_verifications: no code after 5 tries');
}

/** The public check: what a genuine code vouches for; anything else 404 (malformed or unknown alike). */
export async function verifyCode(db: Db, typed: string): Promise<CpdVerification> {
  const code = normalizeVerificationCode(typed);
  const notGenuine = () => new HttpError(404, 'server:cpd_verification_not_found', {}, { code: CPD_NOT_GENUINE_CODE });
  if (!code) throw notGenuine();
  const [row] = await db.select().from(cpdVerifications).where(eq(cpdVerifications.code, code));
  if (!row) throw notGenuine();
  const base = { genuine: true as const, kind: row.kind, issued_at: row.issuedAt.toISOString() };
  if (row.kind === 'statement') {
    const f = row.figures as StatementFigures;
    const { name, agent_code, ...statement } = f;
    return { ...base, person: { name, agent_code }, statement, certificate: null };
  }
  const f = row.figures as CertificateFigures;
  return {
    ...base,
    person: { name: f.name, agent_code: f.agent_code },
    statement: null,
    certificate: { title: f.title, reference: f.reference, minutes: f.minutes, ethics_or_regulations: f.ethics_or_regulations, completed_at: f.completed_at },
  };
}

/** The name and agent code of a user (a certificate's person). */
export async function personOf(db: Db, userId: number): Promise<{ name: string; agent_code: string }> {
  const [u] = await db.select({ name: users.name, agent_code: users.externalId }).from(users).where(eq(users.id, userId));
  if (!u) throw new HttpError(404, 'server:user_not_found');
  return u;
}

/** A certificate is made for a completed course only (e-learning or classroom), not for a claim. */
export function assertCourseRow(row: CpdLedgerRow): void {
  if (row.source === 'claim') throw new HttpError(404, 'server:cpd_certificate_not_a_course');
}

const BOM = '\uFEFF';

/**
 * The statement as CSV (RFC 4180, CRLF, UTF-8 with a BOM so Excel reads Chinese): one header row,
 * a row per activity (its E/R hours are its hours when it counts as Ethics or Regulations), then the
 * total, the target and the verification code, in the same columns.
 */
export function statementCsv(ledger: CpdLedger, code: string, lang: Language): string {
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `server:${key}`, vars);
  const header = [t('cpd_paper_col_date'), t('cpd_paper_col_activity'), t('cpd_paper_col_reference'), t('cpd_paper_col_hours'), t('cpd_paper_col_ethics')];
  const lines = [header];
  for (const r of ledger.rows) lines.push([r.completed_on, r.title, r.reference ?? '', String(hoursOf(r.minutes)), String(r.ethics_or_regulations ? hoursOf(r.minutes) : 0)]);
  lines.push(['', t('cpd_paper_total'), '', String(hoursOf(ledger.totals.minutes)), String(hoursOf(ledger.totals.ethics_minutes))]);
  lines.push(['', t('cpd_paper_target'), '', String(hoursOf(ledger.target.minutes)), String(hoursOf(ledger.target.ethics_minutes))]);
  lines.push(['', t('cpd_paper_person', { name: ledger.user.name, agentCode: ledger.user.agent_code }), '', '', '']);
  lines.push(['', t('cpd_paper_period', { from: ledger.period.starts_on, to: ledger.period.ends_on }), '', '', '']);
  lines.push(['', t('cpd_paper_code', { code }), '', '', '']);
  return BOM + lines.map((cells) => cells.map(csvField).join(',')).join('\r\n') + '\r\n';
}

import { describe, expect, it } from 'vitest';
import { isCalendarDay, minutesOfFields, type CpdClaimFields } from '../../src/api/schemas/cpd-claim.schema';
import { HttpError } from '../http/errors';
import { checkEvidence, claimValues, evidenceTypeOf } from './cpd-claim';

// ADR 086: the rules of a claim that need no database — the evidence by its bytes, whole minutes,
// the dates against the server's Hong Kong today and the current period.

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new TextEncoder().encode(s);
const file = (b: Uint8Array) => ({ bytes: b, contentType: 'application/pdf', fileName: 'x.pdf' });

describe('evidenceTypeOf: by the magic numbers, never the name', () => {
  it.each([
    ['%PDF-1.7', ascii('%PDF-1.7\n'), 'application/pdf'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['WebP', ascii('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), 'image/webp'],
    ['%PDF without the dash', ascii('%PDF1'), null],
    ['a PDF signature not at the start', ascii(' %PDF-1.7'), null],
    ['HTML', ascii('<!doctype html>'), null],
    ['GIF', ascii('GIF89a'), null],
    ['nothing', bytes(), null],
  ])('%s → %s', (_, b, type) => expect(evidenceTypeOf(b)).toBe(type));

  it('refuses with 415 what is neither, and 413 a picture over 2 MB', () => {
    expect(() => checkEvidence(file(ascii('hello')))).toThrow(expect.objectContaining({ status: 415 }));
    const big = new Uint8Array(2_097_153);
    big.set([0xff, 0xd8, 0xff]);
    expect(() => checkEvidence(file(big))).toThrow(expect.objectContaining({ status: 413 }));
    expect(checkEvidence(file(big.subarray(0, 2_097_152)))).toBe('image/jpeg');
  });
});

describe('minutesOfFields: whole minutes only', () => {
  it.each([
    [{ minutes: '90' }, 90],
    [{ hours: '1.5' }, 90],
    [{ hours: '1.25' }, 75],
    [{ hours: '0.1' }, 6],
    [{ hours: '2' }, 120],
    [{ hours: '1.01' }, null],
    [{ hours: '0.33' }, null],
    [{}, null],
  ])('%j → %s', (f, minutes) => expect(minutesOfFields(f)).toBe(minutes));
});

describe('isCalendarDay', () => {
  it.each([
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2026-13-01', false],
    ['2026-7-31', false],
    ['2026-07-31', true],
  ])('%s → %s', (day, ok) => expect(isCalendarDay(day)).toBe(ok));
});

describe('claimValues against the server’s clock (Hong Kong, UTC+8)', () => {
  const fields = (over: Partial<CpdClaimFields>): CpdClaimFields => ({
    kind: 'seminar',
    provider: 'P',
    title: 'T',
    started_on: '2026-11-30',
    ended_on: '2026-11-30',
    minutes: '60',
    terms_accepted: 'true',
    ...over,
  });
  // 2026-12-01 00:30 in Hong Kong is still 30 November in UTC.
  const now = new Date('2026-11-30T16:30:00Z');
  const refused = (f: CpdClaimFields, at = now) => {
    try {
      claimValues(f, at);
      return null;
    } catch (e) {
      return e instanceof HttpError ? `${e.status} ${e.key}` : String(e);
    }
  };

  it('takes today in Hong Kong though it is yesterday in UTC', () => {
    expect(claimValues(fields({ started_on: '2026-12-01', ended_on: '2026-12-01' }), now)).toMatchObject({ endedOn: '2026-12-01', minutes: 60, ethicsOrRegulations: false });
  });
  it('refuses tomorrow, a day before the current period (1 August), and more minutes than the days hold', () => {
    expect(refused(fields({ started_on: '2026-12-02', ended_on: '2026-12-02' }))).toBe('400 server:cpd_claim_in_future');
    expect(refused(fields({ started_on: '2026-07-31', ended_on: '2026-07-31' }))).toBe('400 server:cpd_claim_before_period');
    expect(refused(fields({ started_on: '2026-08-01', ended_on: '2026-08-01' }))).toBeNull();
    expect(refused(fields({ minutes: String(24 * 60 + 1) }))).toBe('400 server:cpd_claim_minutes_too_many');
    expect(refused(fields({ started_on: '2026-11-29', minutes: String(24 * 60 + 1) }))).toBeNull();
    expect(refused(fields({ started_on: '2026-08-01', minutes: '9001' }))).toBe('400 server:cpd_claim_minutes_too_many');
    expect(refused(fields({ minutes: '0' }))).toBe('400 server:cpd_claim_minutes_invalid');
  });
});

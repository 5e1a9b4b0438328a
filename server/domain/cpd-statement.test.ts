import { describe, expect, it } from 'vitest';
import type { CpdLedger } from '../../src/api/schemas/cpd-ledger.schema';
import { CPD_VERIFICATION_CODE, formatVerificationCode, normalizeVerificationCode } from '../../src/config/cpd-verification-code';
import { hoursOf, newVerificationCode, statementCsv, statementFigures } from './cpd-statement';

// Issue 45 (ADR 085): the pure parts of the CPD papers — the code's form, the CSV's cells.

const ledger: CpdLedger = {
  user: { id: '7', name: 'Chan "Tai" Man', agent_code: 'agent01' },
  period: { start_year: 2026, starts_on: '2026-08-01', ends_on: '2027-07-31', days_left: 200, declaration_due: '2027-08-31', insurer_report_due: '2027-10-31' },
  target: { minutes: 900, ethics_minutes: 180, licence_kind: 'insurance_intermediary', prorated: false },
  totals: { minutes: 100, ethics_minutes: 90, needed_minutes: 800, needed_ethics_minutes: 90, compliant: false },
  rows: [
    { id: 'course:1', source: 'course', title: '=HYPERLINK("x"), and more', reference: 'IA/1', activity_kind: 'e_learning', completed_at: '2026-09-01T02:00:00.000Z', completed_on: '2026-09-01', minutes: 90, ethics_or_regulations: true },
    { id: 'claim:2', source: 'claim', title: 'Seminar\nday two', reference: null, activity_kind: 'seminar', completed_at: '2026-09-02T16:00:00.000Z', completed_on: '2026-09-03', minutes: 10, ethics_or_regulations: false },
  ],
  previous: [],
};

describe('verification codes', () => {
  it('are 12 base32 characters, random, printed in groups of four, read back however typed', () => {
    const codes = new Set(Array.from({ length: 200 }, newVerificationCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(CPD_VERIFICATION_CODE);
    expect(formatVerificationCode('ABCDEFGHJKLM')).toBe('ABCD-EFGH-JKLM');
    expect(normalizeVerificationCode(' abcd-efgh jklm ')).toBe('ABCDEFGHJKLM');
    expect(normalizeVerificationCode('ABCDEFGHJKL0')).toBeNull();
    expect(normalizeVerificationCode('A'.repeat(65))).toBeNull();
  });
});

describe('the statement CSV', () => {
  it('has a BOM, CRLF, quotes what needs it and defuses formulas; hours to 2 decimals', () => {
    const csv = statementCsv(ledger, 'ABCDEFGHJKLM', 'en');
    expect(csv.startsWith('\uFEFFDate,Activity,Reference,Hours,Ethics or Regulations hours\r\n')).toBe(true);
    expect(csv).toContain(`2026-09-01,"'=HYPERLINK(""x""), and more",IA/1,1.5,1.5\r\n`);
    expect(csv).toContain('2026-09-03,"Seminar\nday two",,0.17,0\r\n');
    expect(csv).toContain(',Total,,1.67,1.5\r\n');
    expect(csv).toContain(',"Chan ""Tai"" Man (agent code agent01)",,,\r\n');
    expect(csv.endsWith(',Verification code: ABCDEFGHJKLM,,,\r\n')).toBe(true);
    expect(hoursOf(100)).toBe(1.67);
  });

  it('a statement’s code vouches for the totals against the target, not the rows', () => {
    expect(statementFigures(ledger)).toEqual({ name: 'Chan "Tai" Man', agent_code: 'agent01', start_year: 2026, starts_on: '2026-08-01', ends_on: '2027-07-31', minutes: 100, ethics_minutes: 90, target_minutes: 900, target_ethics_minutes: 180 });
  });
});

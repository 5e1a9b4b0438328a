import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATEMENT_VERIFICATION } from '../machines/cpd-statement/cpd-statement.fixtures';
import { downloadCpdCertificate, downloadCpdStatement, verifyCpdCode } from './cpd-statement.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

const paper = (type: string) => () =>
  new Response('bytes', { status: 200, headers: { 'Content-Type': type, 'Content-Disposition': 'attachment; filename="cpd-statement-agent01-2026.pdf"', 'X-Verification-Code': 'ABCDEFGHJKLM' } });

describe('cpd-statement calls', () => {
  it('downloads the statement of a period with the bearer token, with its file name and code', async () => {
    const net = stubFetch(paper('application/pdf'));
    const got = await downloadCpdStatement('pdf', 2025);
    expect(got).toMatchObject({ fileName: 'cpd-statement-agent01-2026.pdf', code: 'ABCDEFGHJKLM' });
    const url = new URL(net.last().url);
    expect([url.pathname, url.search]).toEqual(['/api/cpd/statement.pdf', '?period=2025']);
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('downloads a downline’s statement with user= (issue 45, /cpd/team/:userId)', async () => {
    const net = stubFetch(paper('application/pdf'));
    await downloadCpdStatement('pdf', 2026, '7');
    const url = new URL(net.last().url);
    expect([url.pathname, url.searchParams.get('period'), url.searchParams.get('user')]).toEqual(['/api/cpd/statement.pdf', '2026', '7']);
  });

  it('downloads the CSV of the current period and a course’s certificate', async () => {
    const net = stubFetch(paper('text/csv'));
    await downloadCpdStatement('csv', null);
    expect(new URL(net.last().url).pathname).toBe('/api/cpd/statement.csv');
    await downloadCpdCertificate('course:12');
    expect(new URL(net.last().url).pathname).toBe('/api/cpd/certificates/course%3A12');
  });

  it('verifies a code: the answer, null for not genuine (404), a rejection otherwise', async () => {
    stubFetch(() => json(STATEMENT_VERIFICATION));
    await expect(verifyCpdCode('ABCDEFGHJKLM')).resolves.toEqual(STATEMENT_VERIFICATION);
    stubFetch(() => json({ status_code: 404, message: 'No CPD statement or certificate has this code.' }, 404));
    await expect(verifyCpdCode('ABCDEFGHJKLM')).resolves.toBeNull();
    stubFetch(() => json({ status_code: 429, message: 'Too many failed attempts.' }, 429));
    await expect(verifyCpdCode('ABCDEFGHJKLM')).rejects.toMatchObject({ status: 429 });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listExamCertificates } from './exam-certificate.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

const page = {
  data: [
    { certificate_number: 'AA-2026-000012', attempt_id: '12', quiz_id: '3', course_id: '2', course_title: 'AML', exam_title: 'AML exam', score: 9, full_marks: 10, completed_at: '2026-10-20T03:00:00.000Z', cpd_hours: 2 },
  ],
  page: 1,
  per_page: 20,
  total: 1,
};

describe('certificates call', () => {
  it('asks for a page of the caller’s certificates with the bearer token and parses the answer', async () => {
    const net = stubFetch(() => json(page));
    await expect(listExamCertificates({ page: 1, per_page: 20 })).resolves.toEqual(page);
    const url = new URL(net.last().url);
    expect(url.pathname).toBe('/api/certificates');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', per_page: '20' });
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses an answer that breaks the contract', async () => {
    stubFetch(() => json({ ...page, data: [{ ...page.data[0], score: 'nine' }] }));
    await expect(listExamCertificates()).rejects.toThrow();
  });
});

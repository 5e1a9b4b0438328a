import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch, tokenFor } from '../../api/test-helpers';
import { TEAM_CLAIM_SEMINAR } from '../../machines/cpd-claim-decision/cpd-claim-decision.fixtures';
import { SubmissionError } from '../../machines/shared/submission-error';
import { setToken } from '../../platform/storage/token-storage';
import { decideCpdClaim } from './cpd-claim-decision.actor';

// Issue 45: the decision call as the machine sees it: done, refused (409 CpdClaimDecided: decided
// elsewhere), or a failure with the server's words.

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

describe('decideCpdClaim', () => {
  it('posts the decision and answers decided', async () => {
    const net = stubFetch(() => json({ ...TEAM_CLAIM_SEMINAR, status: 'approved', may_decide: false }));
    await expect(decideCpdClaim({ id: '41', decision: { decision: 'approve' } })).resolves.toEqual({ outcome: 'decided' });
    expect([net.last().method, new URL(net.last().url).pathname]).toEqual(['POST', '/api/cpd/claims/41/decision']);
    expect(JSON.parse(String(net.lastBody()))).toEqual({ decision: 'approve' });
  });

  it('a 409 CpdClaimDecided is a refusal with the server’s words, not a failure', async () => {
    stubFetch(() => json({ status_code: 409, message: 'This claim has been decided already.', code: 'CpdClaimDecided' }, 409));
    await expect(decideCpdClaim({ id: '41', decision: { decision: 'approve' } })).resolves.toEqual({ outcome: 'refused', message: 'This claim has been decided already.' });
  });

  it('anything else rejects with a SubmissionError carrying the server’s words', async () => {
    stubFetch(() => json({ status_code: 404, message: 'Not found.' }, 404));
    const error = await decideCpdClaim({ id: '99', decision: { decision: 'reject', reason: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubmissionError);
    expect((error as SubmissionError).serverMessage).toBe('Not found.');
  });
});

import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPES } from '../../src/config/constants';
import { criteriaOf, signDownloadToken, skipAllowedOf, verifyDownloadToken } from './attachments';

describe('SPEC §9 attachment rules', () => {
  it('criteria: only video must be watched to its end', () => {
    expect(ATTACHMENT_TYPES.filter(criteriaOf)).toEqual(['mp4']);
  });

  it('skip: refused for video and pdf, allowed for audio and the rest', () => {
    expect(ATTACHMENT_TYPES.filter((t) => !skipAllowedOf(t))).toEqual(['mp4', 'pdf']);
  });
});

describe('download tokens', () => {
  const key = randomBytes(32);
  const now = 1_800_000_000_000;

  it('carry the attachment until they expire', () => {
    const token = signDownloadToken(key, 42, now + 1000);
    expect(verifyDownloadToken(key, token, now)).toBe(42);
    expect(verifyDownloadToken(key, token, now + 999)).toBe(42);
    expect(verifyDownloadToken(key, token, now + 1000)).toBeNull();
  });

  it('are refused under another key, altered, or malformed', () => {
    const token = signDownloadToken(key, 42, now + 1000);
    expect(verifyDownloadToken(randomBytes(32), token, now)).toBeNull();
    const [, signature] = token.split('.');
    const altered = Buffer.from(JSON.stringify({ a: 43, exp: now + 1000 })).toString('base64url');
    expect(verifyDownloadToken(key, `${altered}.${signature}`, now)).toBeNull();
    for (const junk of ['', '.', 'a.b', `${token}.x`, 'x'.repeat(5000)]) expect(verifyDownloadToken(key, junk, now)).toBeNull();
    // Signed with the right key but not the expected claims: still refused, never thrown.
    const signed = (payload: string) => `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const payload of [b64('not json'), b64('{"a":"42","exp":9e15}'), b64('{"a":42}'), b64('null')]) {
      expect(verifyDownloadToken(key, signed(payload), now), payload).toBeNull();
    }
    expect(verifyDownloadToken(key, signed(b64(`{"a":42,"exp":${now + 1}}`)), now)).toBe(42);
  });
});

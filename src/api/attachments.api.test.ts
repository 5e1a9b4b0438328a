import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchStoredBytes,
  finishAttachment,
  generateDownload,
  getAttachment,
  getStreamPlaylist,
  likeAttachment,
  putAttachmentStatus,
  unlikeAttachment,
} from './attachments.api';
import { ApiRequestError, InvalidResponseError } from './http';
import { json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());

const pdfDetail = {
  id: '7',
  name: 'Product guide',
  type: 'pdf',
  size: 2048,
  language: 'en',
  media_duration: 0,
  page_count: 3,
  completed: false,
  course_id: '1',
  encrypted: true,
  key: 'a2V5',
  integrity: { algorithm: 'HMAC-SHA256', key: 'bWFj', digest: 'ZGlnZXN0' },
  stream: null,
  completed_pages: 1,
  duration: 30,
  likes: 2,
  liked: false,
  criteria: false,
  skip_allowed: false,
};

describe('attachment calls', () => {
  it('getAttachment parses the detail', async () => {
    const net = stubFetch(() => json(pdfDetail));
    await expect(getAttachment('7')).resolves.toEqual(pdfDetail);
    expect(net.last().url).toBe(`${location.origin}/api/attachments/7`);
  });

  it('getAttachment rejects a detail without its key fields', async () => {
    stubFetch(() => json({ ...pdfDetail, encrypted: undefined }));
    const error = (await getAttachment('7').catch((e: unknown) => e)) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.details).toContain('encrypted');
  });

  it('generateDownload answers the signed url', async () => {
    const answer = { url: '/api/files/abc.def', expires_at: '2026-01-05T09:35:00.000Z' };
    const net = stubFetch(() => json(answer));
    await expect(generateDownload('7')).resolves.toEqual(answer);
    expect(net.last().url).toBe(`${location.origin}/api/attachments/7/generate_download`);
  });

  it('like and unlike put and delete with no body', async () => {
    const net = stubFetch(() => new Response(null, { status: 204 }));
    await likeAttachment('7');
    expect([net.last().method, net.last().url, net.lastBody()]).toEqual(['PUT', `${location.origin}/api/attachments/7/like`, '']);
    await unlikeAttachment('7');
    expect([net.last().method, net.last().url]).toEqual(['DELETE', `${location.origin}/api/attachments/7/like`]);
  });

  it('putAttachmentStatus sends the payload; a repeat surfaces as 403 Record exists', async () => {
    const payload = { completed_pages: 2, duration: 12, key: 1767600000000, viewing_id: '3' };
    const net = stubFetch(() => json({ claimed: 12, credited: 10, trimmed: ['overlap'] }));
    expect(await putAttachmentStatus('7', payload)).toEqual({ claimed: 12, credited: 10, trimmed: ['overlap'] });
    expect(net.last().method).toBe('PUT');
    expect(net.last().url).toBe(`${location.origin}/api/attachments/7/status`);
    expect(JSON.parse(net.lastBody() ?? '')).toEqual(payload);
    stubFetch(() => json({ status_code: 403, message: 'Record exists' }, 403));
    await expect(putAttachmentStatus('7', payload)).rejects.toMatchObject({ status: 403, message: 'Record exists' });
  });

  it('finishAttachment puts with no body; the server refusal comes back translated', async () => {
    const net = stubFetch(() => new Response(null, { status: 204 }));
    await finishAttachment('7');
    expect([net.last().method, net.last().url, net.lastBody()]).toEqual(['PUT', `${location.origin}/api/attachments/7/finish`, '']);
    stubFetch(() => json({ status_code: 400, message: 'Watch the video to its end first.' }, 400));
    await expect(finishAttachment('7')).rejects.toMatchObject({ status: 400, message: 'Watch the video to its end first.' });
  });

  it('getStreamPlaylist asks for a file of the rendition and answers the text', async () => {
    const playlist = '#EXTM3U\n#EXT-X-VERSION:3\nseg000.ts\n';
    const net = stubFetch(() => new Response(playlist, { status: 200, headers: { 'Content-Type': 'application/vnd.apple.mpegurl' } }));
    await expect(getStreamPlaylist('9', 'index.m3u8')).resolves.toBe(playlist.trim());
    const url = new URL(net.last().url);
    expect(url.pathname).toBe('/api/attachments/9/stream');
    expect(url.searchParams.get('uri')).toBe('index.m3u8');
  });

  it('getStreamPlaylist refuses an answer that is not a playlist', async () => {
    stubFetch(() => new Response('<html></html>', { status: 200 }));
    await expect(getStreamPlaylist('9', 'index.m3u8')).rejects.toBeInstanceOf(InvalidResponseError);
  });
});

describe('fetchStoredBytes', () => {
  it('gets the signed url raw (no bearer, no app headers) and reports progress', async () => {
    setToken(tokenFor('1'));
    const bytes = new Uint8Array(300_000).map((_, i) => i % 251);
    const net = stubFetch(() => new Response(bytes, { status: 200, headers: { 'Content-Length': String(bytes.length) } }));
    const progress: Array<{ loaded: number; total: number }> = [];
    const buffer = await fetchStoredBytes('/api/files/tok.sig', { onProgress: (p) => progress.push(p) });
    expect(new Uint8Array(buffer)).toEqual(bytes);
    expect(net.last().url).toBe(`${location.origin}/api/files/tok.sig`);
    expect(net.last().headers.get('Authorization')).toBeNull();
    expect(net.last().headers.get('X-Raw-Request')).toBeNull();
    expect(progress.at(-1)).toEqual({ loaded: bytes.length, total: bytes.length });
    expect(progress.every((p, i) => i === 0 || p.loaded >= progress[i - 1].loaded)).toBe(true);
  });

  it('turns a dropped connection into a translated ApiRequestError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = (await fetchStoredBytes('/api/files/x').catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.status).toBe(0);
    expect(error.message).not.toContain('Failed to fetch');
  });

  it('passes an expired link on as the server error', async () => {
    stubFetch(() => json({ status_code: 403, message: 'The download link has expired.' }, 403));
    await expect(fetchStoredBytes('/api/files/old')).rejects.toMatchObject({ status: 403, message: 'The download link has expired.' });
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentDetailSchema, generateDownloadResponseSchema } from '../../src/api/schemas/attachments.schema';
import { HEADER } from '../../src/config/constants';
import { MAC_PIECE_BYTES, verifyAndDecrypt } from '../storage/attachment-crypto';
import {
  createAttachment,
  createAttachmentItem,
  createContentTestContext,
  createCourse,
  createDepartment,
  createLesson,
  openViewing,
  signIn,
  tri,
  type ContentTestContext,
  type Learner,
} from '../testing/content-factory';

let ctx: ContentTestContext;
let agent01: Learner;
let agent02: Learner;
const pdfText = Buffer.from('%PDF-1.4 a small document');
const docxBytes = Buffer.from('PK\u0003\u0004 a word document');
const playlist = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-KEY:METHOD=AES-128,URI="stream.key"\n#EXTINF:4.0,\nseg000.ts\n#EXT-X-ENDLIST\n';
const segment = randomBytes(1880);
const streamKey = randomBytes(16);
const ids = {} as Record<'course' | 'pdf' | 'video' | 'docx' | 'hidden' | 'orphan', number>;
let pdfStored: Buffer;
let orphanPath: string;

const status = (learner: Learner, id: number, json: unknown, lang?: string) =>
  learner.request(`/api/attachments/${id}/status`, { method: 'PUT', json, headers: lang ? { [HEADER.language]: lang } : {} });
const detail = async (learner: Learner, id: number) => {
  const res = await learner.request(`/api/attachments/${id}`);
  expect(res.status).toBe(200);
  return attachmentDetailSchema.parse(await res.json());
};
const download = async (learner: Learner, id: number) => {
  const res = await learner.request(`/api/attachments/${id}/generate_download`);
  expect(res.status).toBe(200);
  return generateDownloadResponseSchema.parse(await res.json());
};
const keyAgo = (secondsAgo: number) => ctx.clock.now() - secondsAgo * 1000;

beforeAll(async () => {
  ctx = await createContentTestContext();
  const db = ctx.database.db;
  const department = await createDepartment(db, tri('Training'));
  ids.course = await createCourse(db, { departmentId: department, title: tri('Video course'), publishedAt: new Date('2025-01-01T00:00:00Z') });
  const lesson = await createLesson(db, ids.course, tri('L'));
  const pdf = await createAttachment(ctx.deps, { name: 'guide.pdf', type: 'pdf', content: pdfText, pageCount: 8 });
  [ids.pdf, pdfStored] = [pdf.id, pdf.stored];
  ids.video = (
    await createAttachment(ctx.deps, {
      name: 'intro.mp4',
      type: 'mp4',
      content: randomBytes(100),
      mediaDuration: 30.4,
      isMaterial: false,
      stream: { playlist: 'index.m3u8', files: { 'index.m3u8': playlist, 'seg000.ts': segment, 'stream.key': streamKey }, key: streamKey },
    })
  ).id;
  await createAttachmentItem(db, { courseId: ids.course, lessonId: lesson, attachmentId: ids.video, title: tri('Watch'), position: 1 });
  await createAttachmentItem(db, { courseId: ids.course, lessonId: lesson, attachmentId: ids.pdf, title: tri('Read'), position: 2 });
  ids.docx = (await createAttachment(ctx.deps, { name: '申請表 "A".docx', type: 'docx', content: docxBytes, encrypted: false })).id;
  // Neither in the library nor in a published course.
  ids.hidden = (await createAttachment(ctx.deps, { name: 'draft.pdf', type: 'pdf', content: pdfText, isMaterial: false })).id;
  const orphan = await createAttachment(ctx.deps, { name: 'gone.png', type: 'png', content: pdfText });
  [ids.orphan, orphanPath] = [orphan.id, orphan.storagePath];
  agent01 = await signIn(ctx, 'agent01');
  agent02 = await signIn(ctx, 'agent02');
});
afterAll(() => ctx?.close());

describe('GET /api/attachments/{id}', () => {
  it('answers an encrypted PDF with its key, integrity and the SPEC §9 rules', async () => {
    const pdf = await detail(agent01, ids.pdf);
    expect(pdf).toMatchObject({ id: String(ids.pdf), name: 'guide.pdf', type: 'pdf', size: pdfStored.length, page_count: 8, course_id: String(ids.course) });
    expect(pdf).toMatchObject({ encrypted: true, stream: null, criteria: false, skip_allowed: false, completed: false, completed_pages: 0, duration: 0, likes: 0, liked: false });
    expect(pdf.integrity).toMatchObject({ algorithm: 'HMAC-SHA256-PIECES', piece_size: MAC_PIECE_BYTES });
    const pieceSize = pdf.integrity?.algorithm === 'HMAC-SHA256-PIECES' ? pdf.integrity.piece_size : null;
    expect(verifyAndDecrypt(pdfStored, { key: pdf.key!, macKey: pdf.integrity!.key, macDigest: pdf.integrity!.digest, macPieceSize: pieceSize })).toEqual(pdfText);
  });

  it('answers a video with its stream and criteria; a plain document without key', async () => {
    expect(await detail(agent01, ids.video)).toMatchObject({ type: 'mp4', media_duration: 30.4, stream: { playlist: 'index.m3u8' }, criteria: true, skip_allowed: false });
    expect(await detail(agent01, ids.docx)).toMatchObject({ encrypted: false, key: null, integrity: null, course_id: null, criteria: false, skip_allowed: true });
  });

  it('404s unknown and hidden attachments (translated), 400s a bad id, 401s without a bearer', async () => {
    const unknown = await agent01.request('/api/attachments/999999', { headers: { [HEADER.language]: 'zh-CN' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status_code: 404, message: '此附件不存在。' });
    for (const path of [`/api/attachments/${ids.hidden}`, `/api/attachments/${ids.hidden}/generate_download`, `/api/attachments/${ids.hidden}/stream_key`]) {
      expect((await agent01.request(path)).status, path).toBe(404);
    }
    expect((await agent01.request('/api/attachments/1e3')).status).toBe(400);
    expect((await ctx.request(`/api/attachments/${ids.pdf}`)).status).toBe(401);
  });
});

describe('signed downloads: generate_download and GET /api/files/{token}', () => {
  it('serves the stored (still encrypted) bytes without a bearer, privately cacheable', async () => {
    const { url, expires_at } = await download(agent01, ids.pdf);
    expect(url).toMatch(/^\/api\/files\/[\w-]+\.[\w-]+$/);
    expect(expires_at).toBe(new Date(ctx.clock.now() + 5 * 60_000).toISOString());
    const res = await ctx.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(res.headers.get('Cache-Control')).toBe('private, max-age=300');
    expect(res.headers.get('Content-Disposition')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdfStored);
  });

  it('serves a plain office document as itself, named, as an attachment', async () => {
    const res = await ctx.request((await download(agent01, ids.docx)).url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="___ _A_.docx"; filename*=UTF-8''${encodeURIComponent('申請表 "A".docx')}`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(docxBytes);
  });

  it('refuses an expired, altered or forged token with a translated 404', async () => {
    const { url } = await download(agent01, ids.pdf);
    ctx.clock.advance(5 * 60_000 - 1);
    expect((await ctx.request(url)).status).toBe(200);
    ctx.clock.advance(1);
    const expired = await ctx.request(url, { headers: { [HEADER.language]: 'zh-HK' } });
    expect(expired.status).toBe(404);
    expect(await expired.json()).toEqual({ status_code: 404, message: '此下載連結無效或已過期，請重新開啟檔案。' });

    const [payload, signature] = (await download(agent01, ids.pdf)).url.slice('/api/files/'.length).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...claims, a: ids.docx })).toString('base64url');
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400_000 })).toString('base64url');
    for (const token of [`${altered}.${signature}`, `${longer}.${signature}`, `${payload}.${'A'.repeat(43)}`, `${payload}.${signature}.x`, 'junk', `${payload}.`]) {
      const res = await ctx.request(`/api/files/${token}`);
      expect(res.status, token).toBe(404);
      expect((await res.json()).message).toBe('This download link is invalid or has expired. Please open the file again.');
    }
  });

  it('404s a link whose file is missing from the store', async () => {
    const { url } = await download(agent01, ids.orphan);
    const { rm } = await import('node:fs/promises');
    await rm(ctx.services.files.resolve(orphanPath));
    const res = await ctx.request(url);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('This file is not available.');
  });
});

describe('likes', () => {
  it('likes and unlikes idempotently, per learner', async () => {
    const like = (learner: Learner, method: string) => learner.request(`/api/attachments/${ids.docx}/like`, { method });
    expect((await like(agent01, 'PUT')).status).toBe(204);
    expect((await like(agent01, 'PUT')).status).toBe(204);
    expect(await detail(agent01, ids.docx)).toMatchObject({ likes: 1, liked: true });
    expect(await detail(agent02, ids.docx)).toMatchObject({ likes: 1, liked: false });
    expect((await like(agent01, 'DELETE')).status).toBe(204);
    expect(await detail(agent01, ids.docx)).toMatchObject({ likes: 0, liked: false });
    expect((await agent01.request('/api/attachments/999999/like', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('PUT /api/attachments/{id}/status', () => {
  it('records once per key, keeps the most pages, and counts into the course total', async () => {
    const viewing_id = await openViewing(agent01, { attachment_id: ids.pdf });
    const video = await openViewing(agent01, { attachment_id: ids.video });
    ctx.clock.advance(30_000);
    const key = keyAgo(30);
    const first = await status(agent01, ids.pdf, { completed_pages: 5, duration: 20, key, viewing_id });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ claimed: 20, credited: 20, trimmed: [] });
    const again = await status(agent01, ids.pdf, { completed_pages: 5, duration: 20, key, viewing_id }, 'zh-HK');
    expect(again.status).toBe(403);
    expect(await again.text()).toBe('{"status_code":403,"message":"Record exists"}');
    expect((await status(agent01, ids.pdf, { completed_pages: 2, duration: 3, key: keyAgo(10), viewing_id })).status).toBe(200);
    expect(await detail(agent01, ids.pdf)).toMatchObject({ completed_pages: 5, duration: 23 });
    // Pages past the end are the last page.
    expect((await status(agent01, ids.pdf, { completed_pages: 99, duration: 1, key: keyAgo(7), viewing_id })).status).toBe(200);
    expect(await detail(agent01, ids.pdf)).toMatchObject({ completed_pages: 8, duration: 24 });
    expect(await (await agent01.request(`/api/on_screen_log/course/${ids.course}/total`)).json()).toEqual({ total_duration: 24 });
    // Pages of a non-paged attachment are stored within the column's range, whatever is sent.
    expect((await status(agent01, ids.video, { completed_pages: 2_147_483_647, duration: 1, key: keyAgo(2), viewing_id: video })).status).toBe(200);
    expect(await detail(agent02, ids.pdf)).toMatchObject({ completed_pages: 0, duration: 0 });
  });

  it('stores exactly one of five concurrent sends of the same key', async () => {
    const viewing_id = await openViewing(agent02, { attachment_id: ids.pdf });
    ctx.clock.advance(30_000);
    const key = keyAgo(30);
    const answers = await Promise.all(Array.from({ length: 5 }, () => status(agent02, ids.pdf, { completed_pages: 1, duration: 30, key, viewing_id })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403, 403, 403, 403]);
    expect(await detail(agent02, ids.pdf)).toMatchObject({ duration: 30 });
  });

  it('refuses a duration or page count its int4 column cannot hold with a translated 400, not a 500 (issue 11 §4)', async () => {
    const farAhead = { [HEADER.clientTime]: String(ctx.clock.now() + 100 * 365 * 86_400_000) };
    const send = (json: unknown) => agent02.request(`/api/attachments/${ids.pdf}/status`, { method: 'PUT', json, headers: { ...farAhead, [HEADER.language]: 'zh-CN' } });
    for (const json of [
      { completed_pages: 1, duration: 2_147_483_648, key: keyAgo(5), viewing_id: '1' },
      { completed_pages: 2_147_483_648, duration: 1, key: keyAgo(5), viewing_id: '1' },
    ]) {
      const res = await send(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await res.json()).toEqual({ status_code: 400, message: '数字太大。' });
    }
  });

  it('refuses inflated time, bad input, a viewing of another attachment and unknown attachments', async () => {
    const viewing_id = await openViewing(agent01, { attachment_id: ids.pdf });
    ctx.clock.advance(10_000);
    const inflated = await status(agent01, ids.pdf, { completed_pages: 1, duration: 100, key: keyAgo(10), viewing_id });
    expect(inflated.status).toBe(400);
    expect((await inflated.json()).message).toBe("The learning time sent is longer than the time that has passed. Please check your device's clock.");
    const negative = await status(agent01, ids.pdf, { completed_pages: -1, duration: 1, key: keyAgo(1), viewing_id });
    expect((await negative.json()).message).toBe('Completed pages must be a whole number of 0 or more.');
    const missing = await agent01.request(`/api/attachments/${ids.pdf}/status`, { method: 'PUT' });
    expect(missing.status).toBe(400);
    const otherAttachment = await status(agent01, ids.video, { completed_pages: 0, duration: 1, key: keyAgo(1), viewing_id }, 'zh-HK');
    expect(otherAttachment.status).toBe(400);
    expect((await otherAttachment.json()).message).toBe('伺服器沒有開啟此項目的記錄，這段時間無法計入。');
    expect((await status(agent01, 999_999, { completed_pages: 1, duration: 1, key: keyAgo(1), viewing_id })).status).toBe(404);
  });
});

describe('PUT /api/attachments/{id}/finish', () => {
  it('finishes a video only once its credited time reaches the end (2 s tolerance)', async () => {
    const early = await agent01.request(`/api/attachments/${ids.video}/finish`, { method: 'PUT', headers: { [HEADER.language]: 'zh-HK' } });
    expect(early.status).toBe(400);
    expect(await early.json()).toEqual({ status_code: 400, message: '請先將影片觀看至結尾。' });
    const viewing_id = await openViewing(agent01, { attachment_id: ids.video });
    ctx.clock.advance(28_000);
    expect((await status(agent01, ids.video, { completed_pages: 0, duration: 27, key: keyAgo(28), viewing_id })).status).toBe(200);
    expect((await agent01.request(`/api/attachments/${ids.video}/finish`, { method: 'PUT' })).status).toBe(400);
    ctx.clock.advance(1000);
    expect((await status(agent01, ids.video, { completed_pages: 0, duration: 1, key: keyAgo(1), viewing_id })).status).toBe(200);
    expect((await agent01.request(`/api/attachments/${ids.video}/finish`, { method: 'PUT', json: null })).status).toBe(204);
    expect(await detail(agent01, ids.video)).toMatchObject({ completed: true, duration: 29 });
    // Another learner has not watched it.
    expect((await agent02.request(`/api/attachments/${ids.video}/finish`, { method: 'PUT' })).status).toBe(400);
  });

  it('finishes anything else once opened; finishing every item completes the course', async () => {
    const unopened = await agent01.request(`/api/attachments/${ids.docx}/finish`, { method: 'PUT' });
    expect(unopened.status).toBe(400);
    expect((await unopened.json()).message).toBe('Please open the attachment first.');
    await openViewing(agent01, { attachment_id: ids.docx });
    expect((await agent01.request(`/api/attachments/${ids.docx}/finish`, { method: 'PUT' })).status).toBe(204);
    expect(await detail(agent01, ids.docx)).toMatchObject({ completed: true });
    expect(await (await agent01.request(`/api/on_screen_log/course/${ids.course}/total`)).json()).toEqual({ total_duration: 24 + 29 });
    expect((await agent01.request(`/api/attachments/${ids.pdf}/finish`, { method: 'PUT' })).status).toBe(204);
    expect(await (await agent01.request(`/api/on_screen_log/course/${ids.course}/total`)).json()).toEqual(['Course has already completed']);
    expect((await agent01.request(`/api/attachments/${ids.pdf}/finish`, { method: 'PUT' })).status).toBe(204);
    expect((await agent01.request('/api/attachments/999999/finish', { method: 'PUT' })).status).toBe(404);
  });
});

describe('HLS: stream and stream_key', () => {
  it('answers the playlist exactly as stored and segments as bytes, privately cacheable', async () => {
    const list = await agent01.request(`/api/attachments/${ids.video}/stream?uri=index.m3u8`);
    expect(list.status).toBe(200);
    expect(list.headers.get('Content-Type')).toBe('application/vnd.apple.mpegurl');
    expect(list.headers.get('Cache-Control')).toBe('private, max-age=300');
    expect(await list.text()).toBe(playlist);
    const seg = await agent01.request(`/api/attachments/${ids.video}/stream?uri=seg000.ts`);
    expect(seg.headers.get('Content-Type')).toBe('video/mp2t');
    expect(Buffer.from(await seg.arrayBuffer())).toEqual(segment);
  });

  it('sends segments, playlists and downloaded files as stored, never compressed on the fly (ADR 015)', async () => {
    const acceptAll = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
    const seg = await agent01.request(`/api/attachments/${ids.video}/stream?uri=seg000.ts`, { headers: acceptAll });
    expect(seg.headers.get('Content-Encoding')).toBeNull();
    expect(Buffer.from(await seg.arrayBuffer())).toEqual(segment);
    const list = await agent01.request(`/api/attachments/${ids.video}/stream?uri=index.m3u8`, { headers: acceptAll });
    expect(list.headers.get('Content-Encoding')).toBeNull();
    const file = await ctx.request((await download(agent01, ids.pdf)).url, { headers: acceptAll });
    expect(file.headers.get('Content-Encoding')).toBeNull();
    expect(Buffer.from(await file.arrayBuffer())).toEqual(pdfStored);
  });

  it('answers the 16-byte key, never cached', async () => {
    const res = await agent01.request(`/api/attachments/${ids.video}/stream_key`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(streamKey);
  });

  it('refuses other files by the schema (path traversal, the key file), missing ones and non-streams', async () => {
    for (const uri of ['../../guide.pdf.enc', '..%2Findex.m3u8', 'stream.key', '', 'a/seg000.ts']) {
      const res = await agent01.request(`/api/attachments/${ids.video}/stream?uri=${uri}`);
      expect(res.status, uri).toBe(400);
      expect((await res.json()).message).toBe('That stream file does not exist.');
    }
    const nul = await agent01.request(`/api/attachments/${ids.video}/stream?uri=index.m3u8%00.ts`);
    expect(nul.status).toBe(400);
    expect((await nul.json()).message).toBe('The text contains a character that is not allowed (NUL).');
    expect((await agent01.request(`/api/attachments/${ids.video}/stream`)).status).toBe(400);
    const missing = await agent01.request(`/api/attachments/${ids.video}/stream?uri=seg999.ts`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('This video stream is not available.');
    expect((await agent01.request(`/api/attachments/${ids.pdf}/stream?uri=index.m3u8`)).status).toBe(404);
    expect((await agent01.request(`/api/attachments/${ids.pdf}/stream_key`)).status).toBe(404);
    expect((await ctx.request(`/api/attachments/${ids.video}/stream_key`)).status).toBe(401);
  });
});

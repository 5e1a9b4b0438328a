import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentUserSchema } from '../../src/api/schemas/users.schema';
import { DEFAULT_COVER_URL, DEFAULT_ICON_URL, HEADER } from '../../src/config/constants';
import { profilePictures, users } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';
import { signIn, type Learner } from '../testing/content-factory';
import { makePicture, noisePng, pixelsOf, pngHeaderClaiming } from '../testing/pictures';

// SPEC §3 icon_url / cover_url, §7 PUT users/current/icon and cover, read as an attacker would
// call them: only a PNG, JPEG or WebP by its bytes is kept (whatever the headers say), under a name
// the server chose, served back with the type of its bytes and nosniff; everything else is a
// translated 4xx. The pictures are rows of the database (ADR 060, addendum 2); each test also has its
// own copy of the file store (privateFiles), where pictures were kept before.

let ctx: TestContext;
let agent01: Learner;
const anonymous: Learner = { token: '', request: (p, init) => ctx.request(p, init) };
beforeEach(async () => {
  ctx = await createTestContext({ privateFiles: true });
  agent01 = await signIn(ctx, 'agent01');
});
afterEach(() => ctx?.close());

const PICTURE_URL = /^\/api\/pictures\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;

const bytesOf = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));
// Real pictures: the server decodes what it keeps and keeps its own encoding (issue 43 §13).
const PNG = await makePicture('png');
const JPEG = await makePicture('jpeg', { seed: 40 });
const WEBP = await makePicture('webp', { seed: 80 });
const png = () => PNG;
const jpeg = () => JPEG;
const webp = () => WEBP;
const MB = 1024 * 1024;
const SVG = bytesOf('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>');
const HTML = bytesOf('<!doctype html><html><body><script>fetch("/api/users/current")</script></body></html>');
const GIF = bytesOf('GIF89a', [1, 0, 1, 0, 0x80, 0, 0]);

interface UploadOptions {
  type?: string | null;
  lang?: string;
  disposition?: string | null;
  headers?: Record<string, string>;
}

function upload(who: Learner, kind: 'icon' | 'cover', body: Uint8Array, { type = 'image/png', lang, disposition = "attachment; filename*=UTF-8''me.png", headers = {} }: UploadOptions = {}) {
  return who.request(`/api/users/current/${kind}`, {
    method: 'PUT',
    body: body as Uint8Array<ArrayBuffer>,
    headers: {
      ...(type !== null ? { 'Content-Type': type } : {}),
      ...(disposition !== null ? { 'Content-Disposition': disposition } : {}),
      ...(lang ? { [HEADER.language]: lang } : {}),
      ...headers,
    },
  });
}

async function uploaded(res: Response) {
  expect(res.status).toBe(200);
  return currentUserSchema.parse(await res.json());
}

async function current(who: Learner) {
  const res = await who.request('/api/users/current');
  expect(res.status).toBe(200);
  return currentUserSchema.parse(await res.json());
}

async function refusal(res: Response) {
  const body = (await res.json()) as { status_code: number; message: string };
  expect(body.status_code).toBe(res.status);
  return { status: res.status, message: body.message };
}

/** The names of the pictures kept in the database. */
const storedPictures = async () => (await ctx.database.db.select({ name: profilePictures.name }).from(profilePictures).orderBy(asc(profilePictures.name))).map((r) => r.name);
/** The files in the store's pictures folder (where pictures were kept before ADR 060's addendum 2). */
const pictureFiles = () => {
  const dir = path.join(ctx.services.files.root, 'pictures');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

describe('PUT /api/users/current/icon and cover', () => {
  it('keeps a PNG as the icon: users/current points at it, and its URL answers its pixels as image/png, nosniff', async () => {
    const bytes = png();
    const user = await uploaded(await upload(agent01, 'icon', bytes));
    expect(user.icon_url).toMatch(PICTURE_URL);
    expect(user.icon_url).toMatch(/\.png$/);
    expect(user).toMatchObject({ external_id: 'agent01', cover_url: DEFAULT_COVER_URL });
    expect(await current(agent01)).toEqual(user);

    // No bearer: an <img> cannot send one.
    const res = await anonymous.request(user.icon_url);
    expect(res.status).toBe(200);
    // The server's own encoding of the same pixels.
    const served = new Uint8Array(await res.arrayBuffer());
    expect(await pixelsOf(served)).toEqual(await pixelsOf(bytes));
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Length')).toBe(String(served.byteLength));
    expect(res.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable');
    // The app's CSP lets the page show it (same origin).
    expect(res.headers.get('Content-Security-Policy')).toMatch(/img-src 'self'/);
  });

  it('keeps a JPEG as the cover, the icon untouched', async () => {
    const bytes = jpeg();
    const user = await uploaded(await upload(agent01, 'cover', bytes, { type: 'image/jpeg', disposition: "attachment; filename*=UTF-8''%E5%B0%81%E9%9D%A2.jpg" }));
    expect(user.cover_url).toMatch(PICTURE_URL);
    expect(user.cover_url).toMatch(/\.jpg$/);
    expect(user.icon_url).toBe(DEFAULT_ICON_URL);
    const res = await anonymous.request(user.cover_url);
    expect(res.headers.get('Content-Type')).toBe('image/jpeg');
    expect(await pixelsOf(new Uint8Array(await res.arrayBuffer()))).toMatchObject({ width: 16, height: 12 });
  });

  it('types the picture by its bytes, not by Content-Type or the file name', async () => {
    const bytes = webp();
    const user = await uploaded(await upload(agent01, 'icon', bytes, { type: 'image/png', disposition: 'attachment; filename="x.png"' }));
    expect(user.icon_url).toMatch(/\.webp$/);
    expect((await anonymous.request(user.icon_url)).headers.get('Content-Type')).toBe('image/webp');
    // Content-Type parameters and case do not matter; a missing or garbled file name neither.
    expect((await upload(agent01, 'icon', png(), { type: 'Image/PNG; charset=binary', disposition: null })).status).toBe(200);
    expect((await upload(agent01, 'icon', png(), { disposition: "filename*=UTF-8''%E0%A4%A" })).status).toBe(200);
  });

  it('replaces: the previous picture is deleted and its URL answers 404, each kind on its own', async () => {
    const first = (await uploaded(await upload(agent01, 'icon', png()))).icon_url;
    const cover = (await uploaded(await upload(agent01, 'cover', png()))).cover_url;
    const second = (await uploaded(await upload(agent01, 'icon', jpeg(), { type: 'image/jpeg' }))).icon_url;
    expect(second).not.toBe(first);
    expect(await refusal(await anonymous.request(first))).toMatchObject({ status: 404, message: 'This file is not available.' });
    expect((await anonymous.request(second)).status).toBe(200);
    expect((await anonymous.request(cover)).status).toBe(200);
    expect(await storedPictures()).toEqual([second, cover].map((url) => url.split('/').pop()).sort());
    expect(pictureFiles()).toEqual([]);
    expect(await current(agent01)).toMatchObject({ icon_url: second, cover_url: cover });
  });

  it('still shows a picture kept as a file before pictures moved into the database, and deletes the file once replaced', async () => {
    const name = `${crypto.randomUUID()}.png`;
    const dir = path.join(ctx.services.files.root, 'pictures');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, name), png());
    await ctx.database.db.update(users).set({ iconUrl: `/api/pictures/${name}` }).where(eq(users.externalId, 'agent01'));
    const before = await anonymous.request(`/api/pictures/${name}`);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await before.arrayBuffer())).toEqual(png());
    const now = (await uploaded(await upload(agent01, 'icon', png()))).icon_url;
    expect(pictureFiles()).toEqual([]);
    expect(await storedPictures()).toEqual([now.split('/').pop()]);
    expect((await anonymous.request(`/api/pictures/${name}`)).status).toBe(404);
  });

  it('leaves one picture behind when uploads of one user race', async () => {
    // Enough at once that, on PostgreSQL, transactions overlap: without the row lock several read the
    // same previous picture, and the ones they replaced stay on disk.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 3 ? upload(agent01, 'icon', png()) : upload(agent01, 'icon', jpeg(), { type: 'image/jpeg' }))));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const { icon_url } = await current(agent01);
    expect(await storedPictures()).toEqual([icon_url.split('/').pop()]);
  });

  it('refuses what is not a PNG, JPEG or WebP by its bytes with 415, translated, and keeps nothing', async () => {
    // An SVG with a script, sent as a PNG: served from our origin it would run.
    expect(await refusal(await upload(agent01, 'icon', SVG))).toEqual({ status: 415, message: 'Choose a PNG, JPEG or WebP picture.' });
    expect(await refusal(await upload(agent01, 'icon', SVG, { lang: 'zh-HK' }))).toEqual({ status: 415, message: '請選擇 PNG、JPEG 或 WebP 格式的圖片。' });
    expect(await refusal(await upload(agent01, 'cover', SVG, { lang: 'zh-CN' }))).toEqual({ status: 415, message: '请选择 PNG、JPEG 或 WebP 格式的图片。' });
    for (const [bytes, type] of [
      [HTML, 'image/png'],
      [GIF, 'image/webp'],
      [bytesOf('RIFF', [0, 0, 0, 0], 'WAVE', 'fmt '), 'image/webp'],
      [bytesOf([0x89, 0x50, 0x4e, 0x47]), 'image/png'],
      [bytesOf([0xff, 0xd8]), 'image/jpeg'],
      [bytesOf([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), 'image/jpeg'],
      [bytesOf(' ', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
    ] as const) {
      expect((await upload(agent01, 'icon', bytes, { type })).status).toBe(415);
    }
    expect(await current(agent01)).toMatchObject({ icon_url: DEFAULT_ICON_URL, cover_url: DEFAULT_COVER_URL });
    expect(await storedPictures()).toEqual([]);
  });

  it('refuses a Content-Type other than a picture’s with 415, translated, even for a picture’s bytes', async () => {
    for (const type of ['text/html', 'image/svg+xml', 'image/gif', 'application/json', 'application/octet-stream', 'multipart/form-data; boundary=x', '']) {
      const { status, message } = await refusal(await upload(agent01, 'icon', png(), { type }));
      expect([status, type]).toEqual([415, type]);
      expect(message).toBe('This kind of file cannot be sent here. Send one of: image/png, image/jpeg, image/webp.');
    }
    expect((await refusal(await upload(agent01, 'icon', png(), { type: 'text/html', lang: 'zh-HK' }))).message).toMatch(/^此處不接受這類檔案/);
    expect((await upload(agent01, 'icon', png(), { type: null })).status).toBe(415);
    expect(await storedPictures()).toEqual([]);
  });

  it('refuses an empty body with 400, translated', async () => {
    expect(await refusal(await upload(agent01, 'icon', new Uint8Array()))).toEqual({ status: 400, message: 'The file is empty.' });
    expect(await refusal(await upload(agent01, 'cover', new Uint8Array(), { lang: 'zh-HK' }))).toEqual({ status: 400, message: '檔案是空的。' });
  });

  it('takes up to the spec\'s 2 MB (2097152 bytes); more answers 413, translated, whether or not Content-Length says so', async () => {
    const limit = 2_097_152;
    // A real picture of 1.5 MB is kept.
    const large = await noisePng(1.5 * MB);
    expect(large.byteLength).toBeGreaterThan(1.4 * MB);
    expect(large.byteLength).toBeLessThan(1.6 * MB);
    const user = await uploaded(await upload(agent01, 'cover', large));
    expect(await pixelsOf(new Uint8Array(await (await anonymous.request(user.cover_url)).arrayBuffer()))).toEqual(await pixelsOf(large));
    // Exactly 2 MB (a picture and padding after its end): taken, and the padding is not kept.
    const atLimit = new Uint8Array(limit);
    atLimit.set(PNG);
    atLimit.fill(0x41, PNG.byteLength);
    expect((await uploaded(await upload(agent01, 'icon', atLimit))).icon_url).toMatch(/\.png$/);
    const [kept] = await ctx.database.db.select({ bytes: profilePictures.bytes }).from(profilePictures).where(eq(profilePictures.name, (await current(agent01)).icon_url.split('/').pop()!));
    expect(kept.bytes.byteLength).toBeLessThan(4096);
    const tooLarge = new Uint8Array(limit + 1);
    tooLarge.set(PNG);
    expect(await refusal(await upload(agent01, 'cover', tooLarge))).toEqual({ status: 413, message: 'The request body is too large.' });
    expect(await refusal(await upload(agent01, 'cover', tooLarge, { lang: 'zh-HK' }))).toEqual({ status: 413, message: '請求內容過大。' });
    expect(await refusal(await upload(agent01, 'cover', tooLarge, { headers: { 'Content-Length': String(tooLarge.byteLength) } }))).toMatchObject({ status: 413 });
    expect((await current(agent01)).cover_url).toBe(user.cover_url);
  });

  it('keeps the pixels, never what was sent around them: HTML after a PNG\'s end is not served back (issue 43 §13)', async () => {
    const sent = bytesOf([...PNG], '<!doctype html><html><body><script>fetch("/api/users/current")</script></body></html>');
    const user = await uploaded(await upload(agent01, 'icon', sent));
    const served = new Uint8Array(await (await anonymous.request(user.icon_url)).arrayBuffer());
    expect(Buffer.from(served).includes('<script')).toBe(false);
    expect(Buffer.from(served).includes('<html')).toBe(false);
    expect(await pixelsOf(served)).toEqual(await pixelsOf(PNG));
  });

  it('refuses a picture whose header claims more than 40 megapixels (a 60,000 × 60,000 PNG) with 413, translated, before decoding it', async () => {
    const bomb = pngHeaderClaiming(60_000, 60_000);
    expect(await refusal(await upload(agent01, 'icon', bomb))).toEqual({ status: 413, message: 'This picture is too large (60000 × 60000 pixels): at most 40 megapixels.' });
    expect(await refusal(await upload(agent01, 'icon', bomb, { lang: 'zh-HK' }))).toEqual({ status: 413, message: '此圖片過大（60000 × 60000 像素）：最多 40 百萬像素。' });
    expect(await refusal(await upload(agent01, 'cover', bomb, { lang: 'zh-CN' }))).toMatchObject({ status: 413, message: '此图片过大（60000 × 60000 像素）：最多 40 百万像素。' });
    // Just over the limit is refused too; its type's signature alone was enough before.
    expect((await upload(agent01, 'icon', pngHeaderClaiming(8000, 5001))).status).toBe(413);
    expect(await storedPictures()).toEqual([]);
  });

  it('refuses a picture\'s signature with no picture behind it (or another type\'s) with 400, translated', async () => {
    for (const bytes of [
      bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR png pixels'),
      bytesOf([0xff, 0xd8, 0xff, 0xe0], 'JFIF jpeg pixels'),
      bytesOf('RIFF', [0x20, 0, 0, 0], 'WEBP', 'VP8 webp pixels'),
      // A truncated picture: its header is fine, its pixels are cut off.
      PNG.slice(0, PNG.byteLength - 20),
    ]) {
      expect(await refusal(await upload(agent01, 'icon', bytes))).toEqual({ status: 400, message: 'This picture could not be read. Choose another PNG, JPEG or WebP picture.' });
    }
    expect((await refusal(await upload(agent01, 'icon', bytesOf([0xff, 0xd8, 0xff, 0xe0], 'x'), { lang: 'zh-HK' }))).message).toBe('無法讀取此圖片。請選擇另一張 PNG、JPEG 或 WebP 格式的圖片。');
    expect(await storedPictures()).toEqual([]);
  });

  it('needs a signed-in session that may use the app, and the XSRF token', async () => {
    expect(await refusal(await upload(anonymous, 'icon', png()))).toMatchObject({ status: 401 });
    expect(await refusal(await upload(anonymous, 'icon', png(), { headers: { Authorization: 'Bearer a.b.c' } }))).toMatchObject({ status: 401 });
    // agent01's bearer, without X-XSRF-TOKEN (signIn's requests always send it).
    const noXsrf: Learner = { token: agent01.token, request: (p, init) => ctx.request(p, { ...init, token: agent01.token, xsrf: false }) };
    expect(await refusal(await upload(noXsrf, 'icon', png()))).toMatchObject({ status: 403 });
    expect(await refusal(await upload(agent01, 'icon', png(), { headers: { [HEADER.xsrf]: 'forged' } }))).toMatchObject({ status: 403 });
    // A user who has not yet changed the initial password may not (SPEC §4).
    await ctx.database.db.update(users).set({ passwordReset: false }).where(eq(users.externalId, 'agent02'));
    const agent02 = await signIn(ctx, 'agent02');
    expect(await refusal(await upload(agent02, 'icon', png()))).toMatchObject({ status: 403 });
    expect(await current(agent01)).toMatchObject({ icon_url: DEFAULT_ICON_URL });
    expect(await storedPictures()).toEqual([]);
  });

  it('changes only the caller’s own picture', async () => {
    const agent02 = await signIn(ctx, 'agent02');
    const mine = (await uploaded(await upload(agent01, 'icon', png()))).icon_url;
    const theirs = (await uploaded(await upload(agent02, 'icon', png()))).icon_url;
    expect(theirs).not.toBe(mine);
    expect((await current(agent01)).icon_url).toBe(mine);
    expect((await anonymous.request(mine)).status).toBe(200);
    // The other user's public view shows theirs.
    const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.externalId, 'agent02'));
    expect(((await (await agent01.request(`/api/users/${row.id}`)).json()) as { icon_url: string }).icon_url).toBe(theirs);
  });
});

describe('GET /api/pictures/:name', () => {
  it('answers 404, translated, for any name the server did not give: no way out of the pictures folder', async () => {
    const kept = (await uploaded(await upload(agent01, 'icon', png()))).icon_url;
    const name = kept.split('/').pop()!;
    const uuid = name.replace(/\.png$/, '');
    for (const bad of [
      '..%2F..%2Fetc%2Fpasswd',
      '..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '%2E%2E%2Fpictures%2F' + name,
      '..%5C..%5Cetc%5Cpasswd',
      'pictures%2F' + name,
      name.toUpperCase(),
      `${uuid}.svg`,
      `${uuid}.html`,
      `${uuid}.png.html`,
      `${uuid}.PNG`,
      `${uuid}.jpg`,
      `${name}%00`,
      `${name}%2F`,
      `-${name}`,
      '------------------------------------.png',
      `${crypto.randomUUID()}.png`,
      'x',
    ]) {
      const res = await anonymous.request(`/api/pictures/${bad}`);
      expect([bad, res.status]).toEqual([bad, 404]);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    }
    expect(await refusal(await anonymous.request(`/api/pictures/${uuid}.webp`, { headers: { [HEADER.language]: 'zh-HK' } }))).toEqual({ status: 404, message: '此檔案不可用。' });
    // A path the router itself normalises reaches no file either.
    expect((await anonymous.request('/api/pictures/../../../etc/passwd')).status).toBe(404);
    expect((await anonymous.request(kept)).status).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { PictureKind } from '../../src/api/schemas/profile-pictures.schema';
import type { Db } from '../db/client';
import { profilePictures, users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { FileStore } from '../storage/file-store';

// The learner's icon and cover (SPEC §3, §7). The bytes decide what a picture is, never the
// client's Content-Type or file name: only a PNG, JPEG or WebP is kept, under a random name the
// server chose, and served back with the type of its bytes (and nosniff). What is kept is the
// server's own encoding of the decoded pixels (issue 43 §13): nothing the client sent after or
// around the image (HTML after a PNG's end, EXIF with a location) survives, and a picture of more
// pixels than PICTURE_MAX_PIXELS is refused from its header, before anything is decoded. Nothing lives in one
// process's memory: the picture is a row of the database, beside the user's row that points at it.

export type PictureExtension = 'png' | 'jpg' | 'webp';

export const PICTURE_MEDIA_TYPE: Readonly<Record<PictureExtension, string>> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Where the pictures' URLs live (getPictureRoute's path without its :name). */
export const PICTURE_URL_PREFIX = '/api/pictures/';
/** The names the server gives: a random UUID and the extension of the bytes' type. Nothing else is a picture. */
export const PICTURE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;
/** The pictures' folder in the file store. */
const FOLDER = 'pictures';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, expected: readonly number[], at = 0) => bytes.length >= at + expected.length && expected.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The picture type of the bytes by their magic numbers: PNG, JPEG, WebP (RIFF….WEBP); anything else null. */
export function pictureTypeOf(bytes: Uint8Array): PictureExtension | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** The stored name behind one of our URLs; null for anything else (the defaults, a seeded URL). */
export function pictureNameOf(url: string | null): string | null {
  if (!url?.startsWith(PICTURE_URL_PREFIX)) return null;
  const name = url.slice(PICTURE_URL_PREFIX.length);
  return PICTURE_NAME.test(name) ? name : null;
}

const SHARP_FORMAT: Readonly<Record<PictureExtension, string>> = { png: 'png', jpg: 'jpeg', webp: 'webp' };

/**
 * The picture as the server keeps it: its header read first (refused, 413, when width × height is
 * over `maxPixels`: a 60,000 × 60,000 PNG header would ask for 14 GB), then decoded and encoded
 * again in its own type, turned upright by its EXIF orientation, without metadata. A signature
 * with no decodable image behind it is refused (400); not a PNG, JPEG or WebP by its bytes, 415.
 */
export async function reencodePicture(sent: Uint8Array, maxPixels: number): Promise<{ bytes: Uint8Array; extension: PictureExtension }> {
  const extension = pictureTypeOf(sent);
  if (!extension) throw new HttpError(415, 'server:picture_type_invalid');
  const header = await sharp(sent, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  // The decoder's own reading of the type must agree with the signature's.
  if (!header?.width || !header.height || header.format !== SHARP_FORMAT[extension]) throw new HttpError(400, 'server:picture_unreadable');
  if (header.width * header.height > maxPixels) {
    throw new HttpError(413, 'server:picture_too_many_pixels', { megapixels: Math.floor(maxPixels / 1_000_000), width: header.width, height: header.height });
  }
  try {
    // failOn 'error': a truncated or corrupt image is refused, not kept half grey. One frame only.
    const image = sharp(sent, { limitInputPixels: maxPixels, failOn: 'error', animated: false }).rotate();
    const encoded = extension === 'png' ? image.png() : extension === 'jpg' ? image.jpeg({ quality: 88, mozjpeg: true }) : image.webp({ quality: 88 });
    return { bytes: new Uint8Array(await encoded.toBuffer()), extension };
  } catch {
    throw new HttpError(400, 'server:picture_unreadable');
  }
}

const column = (kind: PictureKind) => (kind === 'icon' ? users.iconUrl : users.coverUrl);

/**
 * Keeps the picture and makes it the user's `kind`, in one transaction (ADR 060, addendum 2): the
 * picture's row under a new name (so a reader of the old URL never sees the new bytes), the user's
 * URL, and the removal of the picture it replaced when that was one of ours. The user's row is
 * locked first, so concurrent uploads of one user each replace the one before and leave one
 * picture. Answers the new URL, and the name of a replaced picture kept as a file before pictures
 * moved into the database, for the caller to delete.
 */
export async function replacePicture(db: Db, userId: number, kind: PictureKind, sent: Uint8Array, maxPixels: number): Promise<{ url: string; replacedFile: string | null }> {
  const { bytes, extension } = await reencodePicture(sent, maxPixels);
  const name = `${randomUUID()}.${extension}`;
  const url = `${PICTURE_URL_PREFIX}${name}`;
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ url: column(kind) }).from(users).where(eq(users.id, userId)).for('update');
    // The account went away during the request.
    if (!row) throw new HttpError(401, 'server:session_expired');
    await tx.insert(profilePictures).values({ name, userId, mediaType: PICTURE_MEDIA_TYPE[extension], bytes });
    await tx
      .update(users)
      .set(kind === 'icon' ? { iconUrl: url } : { coverUrl: url })
      .where(eq(users.id, userId));
    const replaced = pictureNameOf(row.url);
    if (!replaced) return { url, replacedFile: null };
    const removed = await tx.delete(profilePictures).where(eq(profilePictures.name, replaced)).returning({ name: profilePictures.name });
    return { url, replacedFile: removed.length === 0 ? replaced : null };
  });
}

/** Deletes a picture kept as a file (before ADR 060's addendum 2); best effort (false when it could not), never throws. */
export async function removePictureFile(files: FileStore, name: string): Promise<boolean> {
  if (!PICTURE_NAME.test(name)) return false;
  try {
    await rm(files.resolve(`${FOLDER}/${name}`), { force: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * A picture's bytes and media type; null for a name the server did not give or a picture that is
 * gone. From the database, or else from the file store, where pictures were kept before ADR 060's
 * addendum 2 (a learner's picture uploaded then is still shown).
 */
export async function readPicture(db: Db, files: FileStore, name: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; mediaType: string } | null> {
  const match = PICTURE_NAME.exec(name);
  if (!match) return null;
  const [row] = await db.select({ bytes: profilePictures.bytes, mediaType: profilePictures.mediaType }).from(profilePictures).where(eq(profilePictures.name, name));
  if (row) return { bytes: new Uint8Array(row.bytes.buffer as ArrayBuffer, row.bytes.byteOffset, row.bytes.byteLength), mediaType: row.mediaType };
  try {
    const bytes = await files.read(`${FOLDER}/${name}`);
    // A file read's buffer is never shared memory.
    return { bytes: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), mediaType: PICTURE_MEDIA_TYPE[match[1] as PictureExtension] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw error;
  }
}

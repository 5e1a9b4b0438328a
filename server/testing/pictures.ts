import { crc32 } from 'node:zlib';
import sharp from 'sharp';

// Real pictures for the profile-picture tests (issue 43 §13: the server decodes what it keeps, so
// a signature followed by anything is no longer a picture).

/** A small picture of a colour gradient (`seed` shifts it), encoded by sharp. */
export async function makePicture(format: 'png' | 'jpeg' | 'webp', { width = 16, height = 12, seed = 0 } = {}): Promise<Uint8Array> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) raw.set([(i * 7 + seed) % 256, (i * 13 + seed * 3) % 256, (i * 29) % 256], i * 3);
  return new Uint8Array(await sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer());
}

/** A PNG of noise (which does not compress) of about `bytes` bytes. */
export async function noisePng(bytes: number): Promise<Uint8Array> {
  const side = Math.round(Math.sqrt(bytes / 3));
  const raw = Buffer.alloc(side * side * 3);
  // A fixed pseudo-random sequence (xorshift), so the size is the same on every run.
  let x = 2463534242;
  for (let i = 0; i < raw.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    raw[i] = x & 255;
  }
  return new Uint8Array(await sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 9 }).toBuffer());
}

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A PNG whose header claims `width` × `height` pixels, with no pixels behind it (a decompression bomb's header). */
export function pngHeaderClaiming(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]));
}

/** The picture's pixels as sharp decodes them (RGB), with its size. */
export async function pixelsOf(bytes: Uint8Array): Promise<{ width: number; height: number; data: Buffer }> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

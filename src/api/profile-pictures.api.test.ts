import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downscalePicture, uploadProfilePicture } from './profile-pictures.api';
import { fitInto, PICTURE_BOX } from './profile-pictures.resize';
import { agent01, json, stubFetch, tokenFor } from './test-helpers';
import { setToken } from '../platform/storage/token-storage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

const pathOf = (r: Request) => new URL(r.url).pathname;
/** A Blob the fetch of Node (which the tests stub) sends as bytes; jsdom's own Blob it cannot read. */
const nativeBlob = (content: string, type: string) => new Response(new TextEncoder().encode(content), { headers: { 'Content-Type': type } }).blob();

describe('profile picture calls', () => {
  it('puts the icon as the body with its type and name, and answers the current user', async () => {
    const user = { ...agent01, icon_url: '/api/pictures/0b0e2c1a-8f4e-4a57-9c3b-2d6f1e7a9b10.jpg' };
    const net = stubFetch(() => json(user));
    await expect(uploadProfilePicture('icon', await nativeBlob('JPEG', 'image/jpeg'), '我的相片.jpg')).resolves.toEqual(user);
    expect(net.last().method).toBe('PUT');
    expect(pathOf(net.last())).toBe('/api/users/current/icon');
    expect(net.lastBody()).toBe('JPEG');
    expect(net.last().headers.get('Content-Type')).toBe('image/jpeg');
    expect(net.last().headers.get('Content-Disposition')).toBe("attachment; filename*=UTF-8''%E6%88%91%E7%9A%84%E7%9B%B8%E7%89%87.jpg");
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('puts the cover to its own endpoint', async () => {
    const net = stubFetch(() => json(agent01));
    await uploadProfilePicture('cover', await nativeBlob('PNG', 'image/png'), 'banner.png');
    expect(pathOf(net.last())).toBe('/api/users/current/cover');
  });

  it('rejects with the server’s translated refusal, and refuses an answer that breaks the contract', async () => {
    stubFetch(() => json({ status_code: 415, message: 'Choose a PNG, JPEG or WebP picture.' }, 415));
    await expect(uploadProfilePicture('icon', await nativeBlob('<svg/>', 'image/png'), 'x.png')).rejects.toMatchObject({ status: 415, message: 'Choose a PNG, JPEG or WebP picture.' });
    stubFetch(() => json({ ...agent01, icon_url: 1 }));
    await expect(uploadProfilePicture('icon', await nativeBlob('PNG', 'image/png'), 'x.png')).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});

describe('downscalePicture', () => {
  it('fits the picture into its box, aspect ratio kept, never enlarged', () => {
    expect(fitInto(4000, 3000, PICTURE_BOX.icon)).toEqual({ width: 512, height: 384 });
    expect(fitInto(3000, 4000, PICTURE_BOX.icon)).toEqual({ width: 384, height: 512 });
    expect(fitInto(4000, 3000, PICTURE_BOX.cover)).toEqual({ width: 800, height: 600 });
    expect(fitInto(6000, 1000, PICTURE_BOX.cover)).toEqual({ width: 1600, height: 267 });
    expect(fitInto(300, 200, PICTURE_BOX.cover)).toEqual({ width: 300, height: 200 });
    expect(fitInto(100_000, 1, PICTURE_BOX.icon)).toEqual({ width: 512, height: 1 });
  });

  /** A canvas that records what it was asked to draw and encode. */
  function fakeCanvas(sizes: (number | undefined)[] = []) {
    const made: { width: number; height: number; encoded: { type: string; quality?: number }[] }[] = [];
    class FakeOffscreenCanvas {
      record: (typeof made)[number];
      constructor(width: number, height: number) {
        this.record = { width, height, encoded: [] };
        made.push(this.record);
      }
      getContext() {
        return { drawImage: vi.fn(), fillRect: vi.fn(), fillStyle: '' };
      }
      convertToBlob({ type, quality }: { type: string; quality?: number }) {
        this.record.encoded.push({ type, quality });
        const size = sizes.shift() ?? 10;
        return Promise.resolve({ type, size } as Blob);
      }
    }
    vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
    return made;
  }

  it('encodes a photo as JPEG 0.85 at the box’s size, and keeps a PNG a PNG when it stays small', async () => {
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', vi.fn(() => Promise.resolve({ width: 3000, height: 2000, close })));
    const made = fakeCanvas();
    await expect(downscalePicture(new File(['x'], 'a.jpg', { type: 'image/jpeg' }), 'cover')).resolves.toMatchObject({ type: 'image/jpeg' });
    expect(made).toEqual([{ width: 900, height: 600, encoded: [{ type: 'image/jpeg', quality: 0.85 }] }]);
    await expect(downscalePicture(new File(['x'], 'a.png', { type: 'image/png' }), 'icon')).resolves.toMatchObject({ type: 'image/png' });
    expect(made[1]).toMatchObject({ width: 512, height: 341 });
    expect(close).toHaveBeenCalledTimes(2);
  });

  it('falls back to JPEG when the PNG would be over 2 MB (SPEC §9), then to a lower quality', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn(() => Promise.resolve({ width: 512, height: 512, close: vi.fn() })));
    const made = fakeCanvas([2_500_000, 2_200_000, 400_000]);
    await expect(downscalePicture(new File(['x'], 'a.png', { type: 'image/png' }), 'icon')).resolves.toMatchObject({ type: 'image/jpeg', size: 400_000 });
    expect(made.flatMap((c) => c.encoded)).toEqual([{ type: 'image/png' }, { type: 'image/jpeg', quality: 0.85 }, { type: 'image/jpeg', quality: 0.7 }]);
  });

  it('refuses a file the browser cannot decode with picture_type_invalid', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn(() => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))));
    await expect(downscalePicture(new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }), 'icon')).rejects.toThrow(/^picture_type_invalid$/);
  });
});

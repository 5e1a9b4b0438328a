import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { HttpError } from '../http/errors';
import { makePicture } from '../testing/pictures';
import { reencodePicture } from './profile-pictures';

// Issue 43 §13: the pixel limit is the server's configuration (PICTURE_MAX_PIXELS, 40 megapixels by default).

describe('reencodePicture', () => {
  it('refuses a picture of more pixels than the limit it is given, and keeps one at the limit', async () => {
    const picture = await makePicture('webp', { width: 20, height: 10 });
    await expect(reencodePicture(picture, 199)).rejects.toMatchObject({ status: 413, key: 'server:picture_too_many_pixels' });
    await expect(reencodePicture(picture, 199)).rejects.toBeInstanceOf(HttpError);
    await expect(reencodePicture(picture, 200)).resolves.toMatchObject({ extension: 'webp' });
  });

  it('takes the limit from PICTURE_MAX_PIXELS, 40 megapixels when unset', () => {
    const of = (env: Record<string, string>) => {
      const result = loadConfig({ DATA_DIR: '/tmp/x', ...env });
      if (!result.ok) throw new Error(result.errors.join('; '));
      return result.config.pictureMaxPixels;
    };
    expect(of({})).toBe(40_000_000);
    expect(of({ PICTURE_MAX_PIXELS: '1000000' })).toBe(1_000_000);
  });
});

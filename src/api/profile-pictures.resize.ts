import { PICTURE_MAX_BYTES, type PictureKind } from './schemas/profile-pictures.schema';

// In the browser, before an upload: the picture drawn no larger than its box (aspect ratio kept)
// and encoded again, so it fits the server's limit (2 MB, SPEC §9) and carries nothing but its pixels (a
// photo's EXIF, with the place it was taken, stays on the device). Runs only in the browser.

/** The largest size each picture is shown at (the header's icon, the profile page's banner), in pixels. */
export const PICTURE_BOX: Readonly<Record<PictureKind, { width: number; height: number }>> = {
  icon: { width: 512, height: 512 },
  cover: { width: 1600, height: 600 },
};
const JPEG_QUALITY = 0.85;
/** Tried when a picture at JPEG_QUALITY is still over the limit (it hardly ever is at these sizes). */
const JPEG_QUALITY_SMALLER = 0.7;

/** The message of the refusal when the browser cannot read the file as a picture. */
export const PICTURE_UNREADABLE = 'picture_type_invalid';

/** The size that fits `box`, aspect ratio kept, never enlarged, at least 1×1. */
export function fitInto(width: number, height: number, box: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function makeCanvas(width: number, height: number): { context: Canvas2D; encode: (type: string, quality?: number) => Promise<Blob> } {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error(PICTURE_UNREADABLE);
    return { context, encode: (type, quality) => canvas.convertToBlob({ type, quality }) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(PICTURE_UNREADABLE);
  return {
    context,
    encode: (type, quality) => new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(PICTURE_UNREADABLE))), type, quality)),
  };
}

/**
 * The picture to upload: `file` drawn into its kind's box and encoded as JPEG (quality 0.85), or
 * as PNG when it was a PNG (transparency kept) and that stays within the limit. A file the browser
 * cannot decode as a picture (an SVG, a text renamed .png) rejects with Error('picture_type_invalid').
 */
export async function downscalePicture(file: Blob, kind: PictureKind): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    // The photo's EXIF orientation is applied: what the learner saw is what is kept.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(PICTURE_UNREADABLE);
  }
  try {
    if (bitmap.width < 1 || bitmap.height < 1) throw new Error(PICTURE_UNREADABLE);
    const { width, height } = fitInto(bitmap.width, bitmap.height, PICTURE_BOX[kind]);
    if (file.type === 'image/png') {
      const png = makeCanvas(width, height);
      png.context.drawImage(bitmap, 0, 0, width, height);
      const blob = await png.encode('image/png');
      if (blob.size <= PICTURE_MAX_BYTES) return blob;
    }
    // JPEG has no transparency: what was transparent becomes white, not black.
    const jpeg = makeCanvas(width, height);
    jpeg.context.fillStyle = '#ffffff';
    jpeg.context.fillRect(0, 0, width, height);
    jpeg.context.drawImage(bitmap, 0, 0, width, height);
    const blob = await jpeg.encode('image/jpeg', JPEG_QUALITY);
    // Still too large: a smaller one, else this one and the server's 413.
    return blob.size <= PICTURE_MAX_BYTES ? blob : jpeg.encode('image/jpeg', JPEG_QUALITY_SMALLER);
  } finally {
    bitmap.close();
  }
}

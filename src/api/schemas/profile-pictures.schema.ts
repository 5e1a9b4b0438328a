import { z } from 'zod/mini';

// The learner's pictures (SPEC §3 icon_url and cover_url, §7 PUT users/current/icon and cover): a
// PNG, JPEG or WebP file as the request's body; the server keeps it and answers the current user
// with the new URL, under which GET pictures/:name serves it.

export const PICTURE_KINDS = ['icon', 'cover'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

/** What PUT users/current/icon and cover accept as Content-Type. The server decides by the bytes. */
export const PICTURE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The largest picture the server takes: the spec's image limit (SPEC §9: 2 MB, 2097152 bytes, the
 * UPLOAD_LIMIT_IMAGE_BYTES of src/config/constants.ts; server/app.ts answers 413 beyond). */
export const PICTURE_MAX_BYTES = 2_097_152;

/**
 * GET pictures/:name. Any text reaches the handler, which answers 404 for a name it did not give
 * (`<uuid>.<png|jpg|webp>`): an unknown picture is not found, not a bad request.
 */
export const pictureNameParamSchema = z.object({ name: z.string() });

import { z } from 'zod/mini';
import { bearerSecurity, errorResponses, json, raw, route } from '../route-contract';
import { PICTURE_MEDIA_TYPES, pictureNameParamSchema } from './profile-pictures.schema';
import { currentUserSchema } from './users.schema';

// ADR 018: the learner's icon and cover, declared once for the server, the client and the document.

const common = { tags: ['users'], security: bearerSecurity } as const;
const uploadDescription =
  'The body is the picture’s bytes (at most 2 MB (SPEC §9), re-encoded by the server; at most PICTURE_MAX_PIXELS pixels (413): the browser scales it down first), with its media type as Content-Type and its name in ' +
  "Content-Disposition (`attachment; filename*=UTF-8''…`). The server decides the type by the bytes, not by the header: anything but a PNG, " +
  'JPEG or WebP (an SVG, a GIF, HTML) answers 415. The answer is the current user with the new URL; the previous picture is deleted.';
const uploadResponses = {
  200: json('The current user, with the new URL', currentUserSchema),
  ...errorResponses.badRequest,
  ...errorResponses.unauthorized,
  ...errorResponses.forbiddenOr('two-factor is required and this session has not passed it, or the initial password has not been changed'),
  ...errorResponses.payloadTooLarge,
  ...errorResponses.unsupportedMediaType,
} as const;

export const putIconRoute = route({
  ...common,
  method: 'put',
  path: '/api/users/current/icon',
  summary: 'Replace the signed-in user’s profile picture (icon_url)',
  description: uploadDescription,
  request: { upload: PICTURE_MEDIA_TYPES },
  responses: uploadResponses,
});

export const putCoverRoute = route({
  ...common,
  method: 'put',
  path: '/api/users/current/cover',
  summary: 'Replace the signed-in user’s cover picture (cover_url)',
  description: uploadDescription,
  request: { upload: PICTURE_MEDIA_TYPES },
  responses: uploadResponses,
});

/**
 * No bearer: an <img> cannot send one. The name is random and changes with every upload, so the
 * answer may be kept (privately) for good.
 */
export const getPictureRoute = route({
  tags: ['users'],
  method: 'get',
  path: '/api/pictures/:name',
  summary: 'A profile or cover picture, by the URL icon_url or cover_url gives',
  description: 'A name the server did not give (or a picture since replaced) answers 404. Content-Type from the stored type, with nosniff.',
  request: { params: pictureNameParamSchema },
  responses: {
    200: raw('The picture', { 'image/png': { schema: z.file() }, 'image/jpeg': { schema: z.file() }, 'image/webp': { schema: z.file() } }),
    ...errorResponses.notFound,
  },
});

import type { Context } from 'hono';
import { getPictureRoute, putCoverRoute, putIconRoute } from '../../src/api/schemas/profile-pictures.routes';
import type { PictureKind } from '../../src/api/schemas/profile-pictures.schema';
import { readPicture, removePictureFile, replacePicture } from '../domain/profile-pictures';
import { toCurrentUser } from '../domain/users';
import type { AppEnv } from '../http/context';
import { defineRoute, type UploadedFile } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** The URL changes with every upload: a picture never changes under its URL. Private: it is the learner's. */
export const PICTURE_CACHE = 'private, max-age=31536000, immutable';

/**
 * The learner's icon and cover (SPEC §3, §7): the picture is the request's body, at most the spec's
 * image limit (SPEC §9: 2 MB, app.ts: 413 before anything is read); the client scales it down first.
 */
export function registerProfilePictureRoutes(app: ApiApp, s: AppServices): void {
  const upload = async (c: Context<AppEnv>, kind: PictureKind, file: UploadedFile) => {
    const session = c.get('session');
    const { url, replacedFile } = await replacePicture(s.db, session.userId, kind, file.bytes, s.config.pictureMaxPixels);
    // A picture replaced in the database went with the same transaction; one kept as a file before
    // pictures moved there is deleted after it (a failure leaves the file, never a broken URL).
    if (replacedFile && !(await removePictureFile(s.files, replacedFile))) s.log(`profile-pictures: could not delete the replaced picture ${replacedFile}`);
    return toCurrentUser({ ...session.user, ...(kind === 'icon' ? { iconUrl: url } : { coverUrl: url }) });
  };

  defineRoute(app, putIconRoute, s.requireFullAuth, async (c, input) => c.json(await upload(c, 'icon', input.upload), 200));
  defineRoute(app, putCoverRoute, s.requireFullAuth, async (c, input) => c.json(await upload(c, 'cover', input.upload), 200));

  // No bearer: an <img> cannot send one. The names are random UUIDs. nosniff comes with every
  // answer (security-headers.ts).
  defineRoute(app, getPictureRoute, async (c, { params }) => {
    const picture = await readPicture(s.db, s.files, params.name);
    if (!picture) throw new HttpError(404, 'server:file_not_found');
    return c.body(picture.bytes, 200, {
      'Content-Type': picture.mediaType,
      'Content-Length': String(picture.bytes.byteLength),
      'Cache-Control': PICTURE_CACHE,
    });
  });
}

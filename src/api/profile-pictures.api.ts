import { callRoute } from './call-route';
import { putCoverRoute, putIconRoute } from './schemas/profile-pictures.routes';
import type { PictureKind } from './schemas/profile-pictures.schema';
import type { CurrentUser } from './schemas/users.schema';

export { downscalePicture } from './profile-pictures.resize';

// The profile page's pictures (SPEC §7 PUT users/current/icon and cover): the picture is the body,
// its name in Content-Disposition; the answer is the current user with the new URL.

const routes = { icon: putIconRoute, cover: putCoverRoute } as const;

export function uploadProfilePicture(kind: PictureKind, picture: Blob, fileName: string): Promise<CurrentUser> {
  return callRoute(routes[kind], { upload: picture, fileName });
}

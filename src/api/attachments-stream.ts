import { routeUrl } from './call-route';
import { currentLanguage } from './http';
import { attachmentStreamKeyRoute, attachmentStreamRoute } from './schemas/attachments.routes';
import { getClientId, getToken } from '../platform/storage/token-storage';
import { APP_ID, CLIENT_PLATFORM, HEADER, languageHeaderValue } from '../config/constants';

// SPEC §7: "For streaming playlists, the key URI is rewritten and segment paths are made absolute."
// The stored playlist names its key file and segments relatively (as ffmpeg wrote them); the
// browser plays it from a blob: URL, against which nothing relative resolves.

export interface StreamUrls {
  /** The authorised key endpoint, absolute. */
  keyUrl: string;
  /** Absolute prefix a file name is appended to (URI-encoded). */
  segmentBase: string;
}

/** The endpoints of an attachment's HLS rendition (GET attachments/{id}/stream_key and stream?uri=). */
export function streamUrls(attachmentId: string, origin: string = location.origin): StreamUrls {
  const params = { id: attachmentId };
  return {
    keyUrl: new URL(routeUrl(attachmentStreamKeyRoute, params), origin).href,
    segmentBase: `${new URL(routeUrl(attachmentStreamRoute, params), origin).href}?uri=`,
  };
}

const isAbsolute = (uri: string) => /^[a-z][a-z\d+.-]*:/i.test(uri);
const fileUrl = (uri: string, segmentBase: string) => (isAbsolute(uri) ? uri : `${segmentBase}${encodeURIComponent(uri)}`);

function replaceUri(line: string, next: (uri: string) => string): string {
  return line.replace(/URI="([^"]*)"/, (_, uri: string) => `URI="${next(uri)}"`);
}

/** The playlist with its key URI pointing at `keyUrl` and every file path made absolute. */
export function rewritePlaylist(text: string, { keyUrl, segmentBase }: StreamUrls): string {
  return text
    .split(/\r?\n/)
    .map((raw) => {
      const line = raw.trim();
      if (line === '') return raw;
      // The key is served only to the signed-in learner, whatever file name ffmpeg recorded.
      if (line.startsWith('#EXT-X-KEY:')) return replaceUri(line, () => keyUrl);
      if (line.startsWith('#EXT-X-MAP:')) return replaceUri(line, (uri) => fileUrl(uri, segmentBase));
      if (line.startsWith('#')) return raw;
      return fileUrl(line, segmentBase);
    })
    .join('\n');
}

/** The headers every API call carries (see rewrite in http.ts), for hls.js's own requests of
 * segments and key, which do not go through ky: set them in its `xhrSetup`. */
export function hlsRequestHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER.language]: languageHeaderValue(currentLanguage()),
    [HEADER.clientId]: getClientId(),
  };
  const token = getToken();
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers[HEADER.appId] = APP_ID;
    headers[HEADER.platform] = CLIENT_PLATFORM;
  }
  return headers;
}

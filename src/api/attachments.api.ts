import { z } from 'zod/mini';
import { ApiRequestError, apiMessage } from './api-error';
import { RAW_HEADER, currentLanguage, http } from './http';
import { clientTimeHeader } from './on-screen-time.api';
import { expectEmpty, parseJson, parseText } from './parse';
import {
  attachmentDetailSchema,
  generateDownloadResponseSchema,
  type AttachmentDetail,
  type AttachmentStatusPayload,
  type GenerateDownloadResponse,
} from './schemas/attachments.schema';
import { onScreenCreditSchema, type OnScreenCredit } from './schemas/viewings.schema';

// SPEC §7 "Attachments".

const path = (id: string, rest = '') => `attachments/${encodeURIComponent(id)}${rest}`;

export function getAttachment(id: string): Promise<AttachmentDetail> {
  return parseJson(attachmentDetailSchema, http.get(path(id)));
}

/** A short-lived URL of the stored bytes (encrypted ones still encrypted). */
export function generateDownload(id: string): Promise<GenerateDownloadResponse> {
  return parseJson(generateDownloadResponseSchema, http.get(path(id, '/generate_download')));
}

export function likeAttachment(id: string): Promise<void> {
  return expectEmpty(http.put(path(id, '/like')));
}

export function unlikeAttachment(id: string): Promise<void> {
  return expectEmpty(http.delete(path(id, '/like')));
}

/** Idempotent by `payload.key`: a repeat rejects with 403 'Record exists' (see isRecordExists). */
export function putAttachmentStatus(id: string, payload: AttachmentStatusPayload): Promise<OnScreenCredit> {
  return parseJson(onScreenCreditSchema, http.put(path(id, '/status'), { json: payload, headers: clientTimeHeader() }));
}

/** SPEC §7 "null body": nothing is sent. */
export function finishAttachment(id: string): Promise<void> {
  return expectEmpty(http.put(path(id, '/finish')));
}

export interface DownloadProgress {
  loaded: number;
  /** 0 when the server did not say how large the file is. */
  total: number;
}

/**
 * The stored bytes behind a signed URL from generateDownload. Raw: the URL carries its own
 * authorisation, so no bearer or app headers are added. No timeout: a 200 MB video on a slow line
 * takes minutes, and the caller cancels through `signal`.
 */
export async function fetchStoredBytes(
  url: string,
  { onProgress, signal }: { onProgress?: (p: DownloadProgress) => void; signal?: AbortSignal } = {},
): Promise<ArrayBuffer> {
  const absolute = new URL(url, location.origin).href;
  try {
    const response = await http.get(absolute, {
      headers: { [RAW_HEADER]: '1', Accept: '*/*' },
      timeout: false,
      signal,
      onDownloadProgress: onProgress ? (p) => onProgress({ loaded: p.transferredBytes, total: p.totalBytes }) : undefined,
    });
    return await response.arrayBuffer();
  } catch (error) {
    if (error instanceof ApiRequestError) throw error;
    if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error;
    throw new ApiRequestError(0, null, apiMessage('network_error', currentLanguage()), { cause: error });
  }
}

const playlistSchema = z.string().check(z.startsWith('#EXTM3U'));

/** A file of the HLS rendition as text (the playlist), exactly as stored: see attachments-stream.ts. */
export function getStreamPlaylist(id: string, uri: string): Promise<string> {
  return parseText(
    playlistSchema,
    http.get(path(id, '/stream'), { searchParams: { uri }, headers: { Accept: 'application/vnd.apple.mpegurl, text/plain, */*' } }),
  );
}

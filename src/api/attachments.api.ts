import { z } from 'zod/mini';
import { ApiRequestError, apiMessage } from './api-error';
import { callRoute } from './call-route';
import { RAW_HEADER, currentLanguage, http } from './http';
import { clientTimeHeader } from './on-screen-time.api';
import { parseText } from './parse';
import type { AttachmentDetail, AttachmentStatusPayload, GenerateDownloadResponse } from './schemas/attachments.schema';
import {
  attachmentStreamRoute,
  finishAttachmentRoute,
  generateDownloadRoute,
  getAttachmentRoute,
  likeAttachmentRoute,
  putAttachmentStatusRoute,
  unlikeAttachmentRoute,
} from './schemas/attachments.routes';
import type { OnScreenCredit } from './schemas/viewings.schema';

// SPEC §7 "Attachments".

export function getAttachment(id: string): Promise<AttachmentDetail> {
  return callRoute(getAttachmentRoute, { params: { id } });
}

/** A short-lived URL of the stored bytes (encrypted ones still encrypted). */
export function generateDownload(id: string): Promise<GenerateDownloadResponse> {
  return callRoute(generateDownloadRoute, { params: { id } });
}

export function likeAttachment(id: string): Promise<void> {
  return callRoute(likeAttachmentRoute, { params: { id } });
}

export function unlikeAttachment(id: string): Promise<void> {
  return callRoute(unlikeAttachmentRoute, { params: { id } });
}

/** Idempotent by `payload.key`: a repeat rejects with 403 'Record exists' (see isRecordExists). */
export function putAttachmentStatus(id: string, payload: AttachmentStatusPayload): Promise<OnScreenCredit> {
  return callRoute(putAttachmentStatusRoute, { params: { id }, body: payload, headers: clientTimeHeader() });
}

/** SPEC §7 "null body": nothing is sent. */
export function finishAttachment(id: string): Promise<void> {
  return callRoute(finishAttachmentRoute, { params: { id } });
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

/** A file of the HLS rendition as text (the playlist), exactly as stored: see attachment-stream.ts.
 * The contract's answer is raw (playlist or segment); this call reads it as a playlist. */
export function getStreamPlaylist(id: string, uri: string): Promise<string> {
  return parseText(
    playlistSchema,
    callRoute(attachmentStreamRoute, { params: { id }, query: { uri }, headers: { Accept: 'application/vnd.apple.mpegurl, text/plain, */*' } }),
  );
}

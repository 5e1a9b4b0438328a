import type { AttachmentIntegrity } from '../../api/schemas/attachments.schema';
import { ATTACHMENT_MEDIA, type AttachmentType } from '../../config/constants';
import type { MediaKind, WorkerResult } from './decrypt-core';
import { reviveError } from './errors';
import type { DecryptRequest, DecryptResponse } from './protocol';

export { AttachmentDecryptError, AttachmentTamperedError } from './errors';
export type { MediaKind } from './decrypt-core';

/** What a viewer shows (SPEC §7): media by URL (data: URL, or blob: URL for large media), a PDF as
 * bytes, an office document by its signed URL unchanged. */
export type DecryptedAttachment =
  | { kind: MediaKind; mime: string; url: string }
  | { kind: 'pdf'; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'document'; url: string };

/** Frees what a blob: URL of a decrypted attachment holds (a data URL or document URL holds nothing). */
export function releaseDecrypted(result: DecryptedAttachment | null | undefined): void {
  if (result && result.kind !== 'pdf' && result.url.startsWith('blob:')) URL.revokeObjectURL(result.url);
}

function fromWorker(result: WorkerResult): DecryptedAttachment {
  if (result.kind === 'pdf') return result;
  const url = 'blob' in result ? URL.createObjectURL(result.blob) : result.dataUrl;
  return { kind: result.kind, mime: result.mime, url };
}

export interface DecryptInput {
  /** The stored bytes; transferred to the worker (the caller's buffer is detached afterwards). */
  bytes: ArrayBuffer;
  /** base64 AES key; null for a file stored in the clear. */
  key: string | null;
  integrity: AttachmentIntegrity | null;
  type: AttachmentType;
  /** The signed URL, answered unchanged for office documents (SPEC §7). */
  url?: string;
}

type Pending = { resolve: (r: DecryptedAttachment) => void; reject: (e: Error) => void };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
  worker?.terminate();
  worker = null;
}

// One worker for the page, started on first use (it costs nothing on pages without attachments).
function getWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(new URL('./decrypt.worker.ts', import.meta.url), { type: 'module' });
  created.onmessage = (event: MessageEvent<DecryptResponse>) => {
    const answer = event.data;
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.ok) waiting.resolve(fromWorker(answer.result));
    else waiting.reject(reviveError(answer.error));
  };
  created.onerror = (event) => {
    event.preventDefault();
    failAll(new Error(`decrypt worker failed: ${event.message || 'could not start'}`));
  };
  worker = created;
  return created;
}

/**
 * Verify (HMAC) then decrypt an attachment in the worker. Rejects with AttachmentTamperedError
 * when the bytes were altered, AttachmentDecryptError when the key does not open them.
 */
export function decryptAttachment(input: DecryptInput): Promise<DecryptedAttachment> {
  if (ATTACHMENT_MEDIA[input.type] === 'document') {
    if (!input.url) return Promise.reject(new Error('an office document needs its url'));
    return Promise.resolve({ kind: 'document', url: input.url });
  }
  const id = nextId++;
  const request: DecryptRequest = { id, bytes: input.bytes, key: input.key, integrity: input.integrity, type: input.type };
  return new Promise<DecryptedAttachment>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    getWorker().postMessage(request, [input.bytes]);
  });
}

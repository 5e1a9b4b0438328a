import type { AttachmentIntegrity } from '../../api/schemas/attachments.schema';
import type { AttachmentType } from '../../config/constants';
import type { WorkerResult } from './decrypt-core';

/** Main thread → worker. `bytes` is transferred. */
export interface DecryptRequest {
  id: number;
  bytes: ArrayBuffer;
  key: string | null;
  integrity: AttachmentIntegrity | null;
  type: AttachmentType;
}

/** Worker → main thread. A PDF's bytes are transferred back. */
export type DecryptResponse =
  | { id: number; ok: true; result: WorkerResult }
  | { id: number; ok: false; error: { name: string; message: string } };

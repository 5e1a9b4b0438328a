/// <reference lib="webworker" />
import { openStored, present } from './decrypt-core';
import type { DecryptRequest, DecryptResponse } from './protocol';

// Verify, decrypt and encode off the main thread: a 200 MB video would freeze the page otherwise.
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<DecryptRequest>) => {
  const { id, bytes, key, integrity, type } = event.data;
  try {
    const result = present(type, await openStored(bytes, key, integrity));
    const answer: DecryptResponse = { id, ok: true, result };
    scope.postMessage(answer, 'bytes' in result ? [result.bytes.buffer] : []);
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    const answer: DecryptResponse = { id, ok: false, error: { name, message } };
    scope.postMessage(answer);
  }
};

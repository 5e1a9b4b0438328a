/// <reference lib="webworker" />
// Bench only: makes an encrypted file in the storage format of the server (IV ‖ AES-CBC-PKCS7, an
// HMAC-SHA256 of the SHA-256 of each 128 KiB piece of it), off the main thread so making it does
// not count as a block.
const PIECE = 128 * 1024; // server/storage/attachment-crypto.ts MAC_PIECE_BYTES
const scope = self as unknown as DedicatedWorkerGlobalScope;
const b64 = (bytes: ArrayBuffer | Uint8Array) => {
  const view = new Uint8Array(bytes);
  let s = '';
  for (const c of view) s += String.fromCharCode(c);
  return btoa(s);
};

scope.onmessage = async (event: MessageEvent<{ size: number }>) => {
  const plain = new Uint8Array(event.data.size);
  // Random-looking content; getRandomValues fills at most 64 KiB per call.
  for (let i = 0; i < plain.length; i += 65536) crypto.getRandomValues(plain.subarray(i, Math.min(i + 65536, plain.length)));
  const aesRaw = crypto.getRandomValues(new Uint8Array(32));
  const macRaw = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const aes = await crypto.subtle.importKey('raw', aesRaw, 'AES-CBC', false, ['encrypt']);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, aes, plain));
  const stored = new Uint8Array(16 + cipher.length);
  stored.set(iv);
  stored.set(cipher, 16);
  const mac = await crypto.subtle.importKey('raw', macRaw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const digests = new Uint8Array(Math.ceil(stored.length / PIECE) * 32);
  for (let at = 0, i = 0; at < stored.length; at += PIECE, i += 1) digests.set(new Uint8Array(await crypto.subtle.digest('SHA-256', stored.subarray(at, at + PIECE))), i * 32);
  const digest = await crypto.subtle.sign('HMAC', mac, digests);
  // A sample of the plain text lets the page check that decryption really happened.
  const sample = plain.slice(plain.length - 64);
  scope.postMessage({ stored: stored.buffer, key: b64(aesRaw), integrity: { algorithm: 'HMAC-SHA256-PIECES', key: b64(macRaw), digest: b64(digest), piece_size: PIECE }, sample }, [
    stored.buffer,
  ]);
};

/// <reference lib="webworker" />
// Bench only: makes an encrypted file in the storage format of the server (IV ‖ AES-CBC-PKCS7,
// HMAC-SHA256 over all of it), off the main thread so making it does not count as a block.
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
  const digest = await crypto.subtle.sign('HMAC', mac, stored);
  // A sample of the plain text lets the page check that decryption really happened.
  const sample = plain.slice(plain.length - 64);
  scope.postMessage({ stored: stored.buffer, key: b64(aesRaw), integrity: { algorithm: 'HMAC-SHA256', key: b64(macRaw), digest: b64(digest) }, sample }, [
    stored.buffer,
  ]);
};

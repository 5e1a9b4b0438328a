/** The stored bytes do not match the integrity digest of the attachment: never decrypted or shown. */
export class AttachmentTamperedError extends Error {
  constructor(message = 'attachment integrity check failed') {
    super(message);
    this.name = 'AttachmentTamperedError';
  }
}

/** The bytes passed the integrity check (or had none) but do not decrypt with the key. */
export class AttachmentDecryptError extends Error {
  constructor(message = 'attachment could not be decrypted') {
    super(message);
    this.name = 'AttachmentDecryptError';
  }
}

/** Rebuilds the typed error a worker answered with (errors lose their class crossing threads). */
export function reviveError(error: { name: string; message: string }): Error {
  if (error.name === 'AttachmentTamperedError') return new AttachmentTamperedError(error.message);
  if (error.name === 'AttachmentDecryptError') return new AttachmentDecryptError(error.message);
  const plain = new Error(error.message);
  plain.name = error.name;
  return plain;
}

/** The content codings this server sends, in its order of preference (brotli is smaller). */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** The file a build writes beside each compressible asset, per coding (build/precompress.ts). */
export const PRECOMPRESSED_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/**
 * RFC 9110 §12.5.3: the coding to send for this Accept-Encoding, among `offered`, or null for the
 * identity body. The highest q wins; a tie goes to the server's order (br before gzip). "q=0"
 * refuses a coding, "*" stands for any coding not named, and no header means identity: a client
 * that did not ask never gets a compressed body.
 */
export function chooseContentCoding(acceptEncoding: string | undefined | null, offered: readonly ContentCoding[] = CONTENT_CODINGS): ContentCoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    weights.set(token.trim(), Number.isFinite(q) ? q : 0);
  }
  let best: { coding: ContentCoding; q: number } | null = null;
  for (const coding of offered) {
    const q = weights.get(coding) ?? weights.get('*') ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { coding, q };
  }
  return best?.coding ?? null;
}

/** Adds Accept-Encoding to a Vary header value, once. */
export function varyOnAcceptEncoding(current: string | null | undefined): string {
  if (!current) return 'Accept-Encoding';
  if (current.trim() === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return `${current}, Accept-Encoding`;
}

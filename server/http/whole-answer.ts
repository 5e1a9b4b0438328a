/**
 * ADR 037: a small JSON answer is built whole by `c.json` (compress-json.ts): its body, length,
 * Vary, Cache-Control and security headers in one plain object. @hono/node-server writes such an
 * answer's headers as they are, while every `c.res.headers` call of a middleware after the handler
 * makes a web Headers object and sets each header through it (about a tenth of a signed-in read's
 * CPU). The middleware that would add those headers leave a whole answer as it is.
 */
const wholeAnswers = new WeakSet<Response>();

/** An answer that already carries every header the /api middleware adds. */
export function wholeAnswer(body: string | Uint8Array, status: number, headers: Record<string, string>): Response {
  // A Buffer is written out as it is (no copy): @hono/node-server ends the answer with it.
  const answer = new Response(body as BodyInit, { status, headers });
  wholeAnswers.add(answer);
  return answer;
}

export const isWholeAnswer = (answer: Response | undefined): boolean => answer !== undefined && wholeAnswers.has(answer);

import { TimeoutError } from 'ky';
import type { z } from 'zod/mini';
import { ApiRequestError, InvalidResponseError, apiMessage } from './api-error';
import { currentLanguage } from './http';

// Every typed call goes through these: transport failures become a translated ApiRequestError,
// and an answer that breaks the contract is rejected instead of flowing into the app.

async function send(call: Promise<Response>): Promise<Response> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiRequestError) throw error;
    // A caller that cancelled knows why; by name, since DOMException differs between realms.
    if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error;
    const key = error instanceof TimeoutError ? 'timeout' : 'network_error';
    throw new ApiRequestError(0, null, apiMessage(key, currentLanguage()), { cause: error });
  }
}

function invalid(status: number, details: string): InvalidResponseError {
  return new InvalidResponseError(status, details, apiMessage('invalid_response', currentLanguage()));
}

function check<S extends z.ZodMiniType>(schema: S, value: unknown, status: number): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw invalid(status, details);
  }
  return parsed.data;
}

/** A JSON answer, parsed with its schema. */
export async function parseJson<S extends z.ZodMiniType>(schema: S, call: Promise<Response>): Promise<z.output<S>> {
  const response = await send(call);
  const text = await response.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(response.status, `not JSON: ${text.slice(0, 80)}`);
  }
  return check(schema, value, response.status);
}

/** A text/plain answer (tokens, messages), parsed with its schema. */
export async function parseText<S extends z.ZodMiniType<string>>(schema: S, call: Promise<Response>): Promise<z.output<S>> {
  const response = await send(call);
  // Surrounding whitespace is transport noise, never part of a token or a message.
  return check(schema, (await response.text()).trim(), response.status);
}

/** An answer with no content (204). */
export async function expectEmpty(call: Promise<Response>): Promise<void> {
  const response = await send(call);
  if (response.status !== 204) {
    // Only 204 is in the contract; a 200 with a body means client and server disagree.
    const text = await response.text();
    if (text !== '') throw invalid(response.status, `expected no content, got: ${text.slice(0, 80)}`);
  }
}

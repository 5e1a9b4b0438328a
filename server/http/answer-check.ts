import type { Context } from 'hono';
import type { z } from 'zod/mini';
import type { RouteContract } from '../../src/api/route-contract';
import { HttpError } from './errors';

// Tests only (DESIGN §5: the contract is the one truth between server and app). The app parses every
// JSON answer with its contract's schema and shows an error for one that breaks it; under Vitest,
// every answer a route handler gives is checked the same way here, so each route test is also a
// test that the server keeps its contract, for every status it answers. A broken answer throws,
// which the app answers as a 500 and the test sees.

/** On under Vitest (which sets VITEST in its workers) and in the journeys' servers (ANSWER_CHECK=1,
 * scripts/e2e-server.mjs); the running product checks nothing twice (ADR 037). */
export const ANSWER_CHECK = Boolean(process.env.VITEST) || process.env.ANSWER_CHECK === '1';

/** The value a handler gave `c.json`, as the client will read it (JsonText through its toJSON). */
export interface SentJson {
  value: unknown;
}

/**
 * Notes what the handler gives `c.json`: the value is checked before it is written (and maybe
 * compressed, compress-json.ts), so no answer is read back.
 */
export function recordJson(c: Context): { sent: SentJson | null } {
  const record: { sent: SentJson | null } = { sent: null };
  const json = c.json.bind(c) as (...args: unknown[]) => Response;
  c.json = ((...args: unknown[]) => {
    record.sent = { value: JSON.parse(JSON.stringify(args[0]) ?? 'null') };
    return json(...args);
  }) as typeof c.json;
  return record;
}

/** What is wrong with an answer of `status` (and the JSON value given, if any) against `contract`, or null. */
export function answerProblem(contract: RouteContract, status: number, sent: SentJson | null): string | null {
  const spec = contract.responses[status];
  if (!spec) return `status ${status} is not in the contract`;
  const json = (spec.content as Record<string, { schema: z.ZodMiniType }> | undefined)?.['application/json'];
  if (!json) return sent ? `status ${status} answered JSON, which the contract does not declare for it` : null;
  if (!sent) return null; // written by other means (c.body with its own bytes): not read back here
  const parsed = json.schema.safeParse(sent.value);
  if (parsed.success) return null;
  return parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

/** Throws when the answer breaks `contract` (tests only). */
export function checkAnswer(contract: RouteContract, answer: Response, sent: SentJson | null): Response {
  const problem = answerProblem(contract, answer.status, sent);
  const outcome = problem ? brokenContract(contract, problem, answer) : answer;
  if (outcome instanceof Error) throw outcome;
  return outcome;
}

/** The error a broken contract throws, or `otherwise` (logged) with ANSWER_CHECK_REPORT=1, which lists every problem in one run. */
function brokenContract<T>(contract: RouteContract, problem: string, otherwise: T): Error | T {
  const text = `${contract.method.toUpperCase()} ${contract.path} broke its contract: ${problem}`;
  if (!process.env.ANSWER_CHECK_REPORT) return new Error(`answer-check: ${text}`);
  console.error(`ANSWER-CHECK ${text}`);
  return otherwise;
}

/**
 * A handler's refusal (an HttpError, answered {status_code, message} by the error handler) must be
 * one of the statuses its contract declares, so the OpenAPI document lists every answer a caller
 * can get. Answers the error to throw on: the refusal itself, or the problem (tests only).
 */
export function checkRefusal(contract: RouteContract, error: unknown): unknown {
  if (!(error instanceof HttpError) || contract.responses[error.status]) return error;
  return brokenContract(contract, `status ${error.status} (${error.key}) is not in the contract`, error);
}

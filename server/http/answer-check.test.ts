import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { empty, errorResponses, json, route } from '../../src/api/route-contract';
import { ANSWER_CHECK } from './answer-check';
import { ApiApp, defineRoute } from './define-route';
import { HttpError, handleError } from './errors';
import { JsonText } from './json-text';

const contract = route({
  method: 'get',
  path: '/api/checked/:kind',
  summary: 'Answers what the test asks',
  tags: ['test'],
  request: { params: z.object({ kind: z.string() }) },
  responses: { 200: json('A count', z.object({ count: z.number() })), 202: empty('Taken, nothing to say'), 204: empty('Nothing'), ...errorResponses.notFound },
});

/** A route whose handler answers by `kind`: right, wrong in its body, or with an undeclared status. */
function app() {
  const errors: unknown[] = [];
  const api = new ApiApp();
  defineRoute(api, contract, (c, { params: { kind } }) => {
    if (kind === 'right') return c.json({ count: 2 }, 200);
    if (kind === 'text') return c.json(new JsonText<{ count: number }>('{"count":3}'), 200);
    if (kind === 'wrong-text') return c.json(new JsonText<{ count: number }>('{"count":"3"}'), 200);
    if (kind === 'wrong') return c.json({ count: '2' } as never, 200);
    if (kind === 'json-on-202') return c.json({ count: 2 } as never, 202 as never);
    if (kind === 'missing') throw new HttpError(404, 'server:not_found');
    if (kind === 'conflict') throw new HttpError(409, 'server:not_found');
    if (kind === 'undeclared') return c.json({ count: 2 } as never, 201 as never);
    return c.body(null, 204);
  });
  api.onError((error, c) => handleError(error, c, (e) => errors.push(e)));
  return { api, errors };
}

describe('answer check (tests only): every answer a route gives keeps its contract', () => {
  it('is on under Vitest', () => expect(ANSWER_CHECK).toBe(true));

  it.each(['right', 'text', 'empty'])('lets a %s answer through unchanged', async (kind) => {
    const res = await app().api.request(`/api/checked/${kind}`);
    expect(res.status).toBe(kind === 'empty' ? 204 : 200);
    if (kind !== 'empty') expect((await res.json()).count).toBeGreaterThan(1);
  });

  it('lets a refusal through when the contract declares its status', async () => {
    const res = await app().api.request('/api/checked/missing');
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('The requested resource was not found.');
  });

  it.each([
    ['wrong', 'count'],
    ['wrong-text', 'count'],
    ['json-on-202', 'status 202 answered JSON'],
    ['undeclared', 'status 201 is not in the contract'],
    ['conflict', 'status 409 (server:not_found) is not in the contract'],
  ])('turns a %s answer into a 500 that names the problem', async (kind, problem) => {
    const { api, errors } = app();
    const res = await api.request(`/api/checked/${kind}`);
    expect(res.status).toBe(500);
    expect(String(errors[0])).toContain('GET /api/checked/:kind broke its contract');
    expect(String(errors[0])).toContain(problem);
  });
});

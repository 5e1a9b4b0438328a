// Test support: a fake API server behind fetch, answering by method and path.
import { json, stubFetch } from '../../api/test-helpers';

export type Handler = (request: Request, body: string) => Response | Promise<Response>;

/** `routes` keys are 'METHOD /api/path'; anything else answers 404 JSON like the real server. */
export function fakeApi(routes: Record<string, Handler>) {
  return stubFetch(async (request) => {
    const url = new URL(request.url);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (!handler) return json({ status_code: 404, message: 'Not Found' }, 404);
    return handler(request, await request.clone().text());
  });
}

export const noContent = () => new Response(null, { status: 204 });

import { z } from 'zod/mini';
import { isLoopbackClient, isLoopbackHost } from '../http/client-address';
import { defineLegacyRoute as defineRoute } from '../http/legacy-define-route';
import { errorResponse } from '../http/errors';
import { errorResponses } from '../http/openapi';
import { listOutbox } from '../mail/mailer';
import type { ApiApp, AppServices } from '../http/services';

const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.nullable(z.string()),
  created_at: z.string(),
});

/** Whether GET /api/demo/outbox exists: the demo without a mail server, listening on loopback only. */
export function demoOutboxServed(config: AppServices['config'], mailer: AppServices['mailer']): boolean {
  return config.demoMode && !config.smtpUrl && mailer.kind === 'outbox' && isLoopbackHost(config.host);
}

/**
 * Demo only (DEMO_MODE on, no SMTP_URL): the mail the server would have sent, newest first, so the
 * forgot-password flow can be followed without a mail server. Every reset link is in it, so only
 * the machine's operator may read it (ADR 013): the route exists only while the server listens on
 * loopback (otherwise 404 like any unknown path), and answers only loopback clients (else 403).
 */
export function registerDemoRoutes(app: ApiApp, { config, db, mailer, tasks }: AppServices): void {
  if (!demoOutboxServed(config, mailer)) return;
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/demo/outbox',
      tags: ['demo'],
      summary: 'Mail kept in the outbox (demo without SMTP), newest first; only from this machine',
      description:
        'Exists only with DEMO_MODE=1, no SMTP_URL and HOST on loopback (127.0.0.1, ::1, localhost). ' +
        'Any client but a loopback one (with TRUST_PROXY, the proxy-appended X-Forwarded-For entry must be loopback too) → 403.',
      responses: {
        200: { description: 'The outbox', content: { 'application/json': { schema: z.array(outboxMailSchema) } } },
        ...errorResponses.forbiddenOr('the client is not on this machine'),
      },
    },
    async (c) => {
      if (!isLoopbackClient(c, config.trustProxy)) return errorResponse(c, 403, 'server:demo_outbox_local_only');
      // Mail is written in the background after the request that caused it has been answered;
      // waiting here means a caller that saw that answer also sees its mail.
      await tasks.idle();
      const rows = await listOutbox(db);
      return c.json(
        rows.map((r) => ({ id: String(r.id), to: r.to, subject: r.subject, text: r.text, html: r.html, created_at: r.createdAt.toISOString() })),
        200,
      );
    },
  );
}

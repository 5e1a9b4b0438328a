import { listOutboxRoute } from '../../src/api/schemas/demo.routes';
import { isLoopbackClient, isLoopbackHost } from '../http/client-address';
import { defineRoute } from '../http/define-route';
import { errorResponse } from '../http/errors';
import { listOutbox } from '../mail/mailer';
import type { ApiApp, AppServices } from '../http/services';

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
  defineRoute(app, listOutboxRoute, async (c) => {
    if (!isLoopbackClient(c, config.trustProxy)) return errorResponse(c, 403, 'server:demo_outbox_local_only');
    // Mail is written in the background after the request that caused it has been answered;
    // waiting here means a caller that saw that answer also sees its mail.
    await tasks.idle();
    const rows = await listOutbox(db);
    return c.json(
      rows.map((r) => ({ id: String(r.id), to: r.to, subject: r.subject, text: r.text, html: r.html, created_at: r.createdAt.toISOString() })),
      200,
    );
  });
}

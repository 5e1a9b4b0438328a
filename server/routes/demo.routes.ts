import { z } from 'zod/mini';
import { defineRoute } from '../http/define-route';
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

/**
 * Demo only (DEMO_MODE on and no SMTP_URL): the mail the server would have sent, newest first,
 * so the forgot-password flow can be followed without a mail server. Otherwise the route does
 * not exist (404 like any unknown path).
 */
export function registerDemoRoutes(app: ApiApp, { config, db, mailer, tasks }: AppServices): void {
  if (!config.demoMode || config.smtpUrl || mailer.kind !== 'outbox') return;
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/demo/outbox',
      tags: ['demo'],
      summary: 'Mail kept in the outbox (demo without SMTP), newest first',
      responses: { 200: { description: 'The outbox', content: { 'application/json': { schema: z.array(outboxMailSchema) } } } },
    },
    async (c) => {
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

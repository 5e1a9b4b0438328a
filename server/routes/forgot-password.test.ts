import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { mailOutbox, passwordResetTokens } from '../db/schema';
import { hashResetToken } from '../domain/reset-password';
import { createTestContext, type TestContext } from '../test-support';

const SENT = 'If the agent code and email match an account, an email with a link to reset the password has been sent.';
const forget = (ctx: TestContext, json: unknown, headers: Record<string, string> = {}) =>
  ctx.request('/api/auth/forget_password', { method: 'POST', json, headers });

/** Undoes quoted-printable soft breaks and escapes, enough to read a link in a raw message. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('POST /api/auth/forget_password without SMTP_URL (outbox)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('answers the same text whether or not the account matches, and mails only on a match', async () => {
    const matching = await forget(ctx, { external_id: 'agent01', email: 'Agent01@Agent-Academy.test' });
    const wrongEmail = await forget(ctx, { external_id: 'agent01', email: 'someone@else.test' });
    const unknown = await forget(ctx, { external_id: 'ghost', email: 'ghost@agent-academy.test' });
    for (const res of [matching, wrongEmail, unknown]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe(SENT);
    }
    await ctx.settle();
    const mails = await ctx.database.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('agent01@agent-academy.test');
    expect(mails[0].subject).toBe('Reset your Agent Academy password');
    expect(mails[0].text).toContain('Dear Chan Tai Man,');
    const token = /http:\/\/app\.test\/reset-password\?token=([\w-]+)/.exec(mails[0].text)![1];
    expect(mails[0].html).toContain(`href="http://app.test/reset-password?token=${token}"`);
    // Only the hash is stored, valid for one hour, unused.
    const [row] = await ctx.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hashResetToken(token)));
    expect(row.usedAt).toBeNull();
    expect(row.expiresAt.getTime()).toBe(ctx.clock.now() + 3_600_000);
    expect(await ctx.database.db.$count(passwordResetTokens, eq(passwordResetTokens.tokenHash, token))).toBe(0);
  });

  it('answers and mails in the request language', async () => {
    const res = await forget(ctx, { external_id: 'agent02', email: 'agent02@agent-academy.test' }, { [HEADER.language]: 'zh-HK' });
    expect(await res.text()).toBe('如果代理人編號與電郵地址相符，我們已發送一封附有重設密碼連結的電郵。');
    await ctx.settle();
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'agent02@agent-academy.test'));
    expect(mail.subject).toBe('重設您的 Agent Academy 密碼');
    expect(mail.text).toContain('Wong Siu Ming，您好：');
  });

  it('lists the outbox newest first at /api/demo/outbox, including mail still being written', async () => {
    await forget(ctx, { external_id: 'agent03', email: 'agent03@agent-academy.test' });
    const res = await ctx.request('/api/demo/outbox', { remoteAddress: '127.0.0.1' });
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.map((m: { to: string }) => m.to)).toEqual(['agent03@agent-academy.test', 'agent02@agent-academy.test', 'agent01@agent-academy.test']);
    expect(list[0]).toEqual({ id: expect.any(String), to: expect.any(String), subject: expect.any(String), text: expect.any(String), html: expect.any(String), created_at: expect.any(String) });
  });

  it('refuses bad input with 400', async () => {
    const expect400 = async (res: Response, message: string) => {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ status_code: 400, message });
    };
    await expect400(await forget(ctx, { external_id: 'agent01', email: 'not-an-email' }), 'Please enter a valid email address.');
    await expect400(await forget(ctx, { external_id: 'agent01' }), 'Please enter a valid email address.');
    await expect400(await forget(ctx, { email: 'agent01@agent-academy.test' }), 'Please enter your agent code.');
    await expect400(await forget(ctx, { external_id: 'agent01', email: `${'a'.repeat(250)}@x.test` }), 'Please enter a valid email address.');
    await expect400(await forget(ctx, undefined), 'The request body is missing or not valid.');
    await expect400(
      await ctx.request('/api/auth/forget_password', { method: 'POST', body: '[', headers: { 'Content-Type': 'application/json' } }),
      'The request body is not valid JSON.',
    );
    await expect400(await forget(ctx, { external_id: 'agent01', email: 'x' }, { [HEADER.language]: 'zh-CN' }), '请输入有效的电子邮件地址。');
  });

  it('needs the XSRF header', async () => {
    const res = await ctx.request('/api/auth/forget_password', { method: 'POST', xsrf: false, json: { external_id: 'agent01', email: 'agent01@agent-academy.test' } });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/auth/forget_password with SMTP_URL (a real SMTP server)', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    ctx = await createTestContext({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset email with the link', async () => {
    const res = await forget(ctx, { external_id: 'agent03', email: 'agent03@agent-academy.test' });
    expect(await res.text()).toBe(SENT);
    await ctx.settle();
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('no-reply@agent-academy.test');
    expect(received[0].to).toEqual(['agent03@agent-academy.test']);
    const message = decodeQuotedPrintable(received[0].raw);
    expect(message).toMatch(/^Subject: Reset your Agent Academy password/m);
    const token = /http:\/\/app\.test\/reset-password\?token=([\w-]{43})/.exec(message)?.[1];
    expect(token).toBeDefined();
    expect(await ctx.database.db.$count(passwordResetTokens, eq(passwordResetTokens.tokenHash, hashResetToken(token!)))).toBe(1);
    // Nothing goes to the outbox when SMTP is configured, and the demo outbox route does not exist.
    expect(await ctx.database.db.$count(mailOutbox)).toBe(0);
    expect((await ctx.request('/api/demo/outbox', { remoteAddress: '127.0.0.1' })).status).toBe(404);
  });

  it('sends nothing when the email does not match', async () => {
    await forget(ctx, { external_id: 'agent03', email: 'other@agent-academy.test' });
    await ctx.settle();
    expect(received).toHaveLength(1);
  });
});

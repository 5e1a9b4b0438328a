import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** 'outbox' when there is no SMTP server: mail is kept in the database for the demo and tests. */
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  db: Db;
  from: string;
  log?: (line: string) => void;
}

export function createMailer({ smtpUrl, db, from, log = () => {} }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null });
      log(`mail: no SMTP_URL, kept in the outbox: "${message.subject}" to ${message.to}`);
    },
    close: () => {},
  };
}

export async function listOutbox(db: Db) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
}

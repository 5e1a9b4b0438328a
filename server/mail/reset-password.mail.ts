import { PRODUCT_TITLE, type Language } from '../../src/config/constants';
import { translate } from '../i18n/messages';
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export interface ResetMailInput {
  lang: Language;
  to: string;
  name: string;
  externalId: string;
  link: string;
  minutes: number;
}

/** The forgot-password email, in the language the request was made in. */
export function resetPasswordMail({ lang, to, name, externalId, link, minutes }: ResetMailInput): MailMessage {
  const t = (key: Parameters<typeof translate>[1]) => translate(lang, key, { product: PRODUCT_TITLE, name, externalId, count: minutes });
  const paragraphs = [t('server:reset_email_greeting'), t('server:reset_email_intro')];
  const closing = [t('server:reset_email_ignore'), t('server:reset_email_signature')];
  const text = [...paragraphs, link, ...closing].join('\n\n') + '\n';
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('server:reset_email_action'))}</a></p>`,
    `<p>${escapeHtml(link)}</p>`,
    ...closing.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { to, subject: t('server:reset_email_subject'), text, html };
}

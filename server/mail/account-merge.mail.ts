import { PRODUCT_TITLE, type Language } from '../../src/config/constants';
import { translate } from '../i18n/messages';
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export interface MergeMailInput {
  lang: Language;
  to: string;
  agentName: string;
  agentCode: string;
  recruitName: string;
  recruitCode: string;
  link: string;
  minutes: number;
}

/** Issue 14: the merge verification link, to the agent's company email, in the recruit's language. */
export function mergeVerificationMail({ lang, to, link, ...vars }: MergeMailInput): MailMessage {
  const t = (key: Parameters<typeof translate>[1]) => translate(lang, key, { product: PRODUCT_TITLE, ...vars, count: vars.minutes });
  const paragraphs = [t('server:merge_email_greeting'), t('server:merge_email_intro')];
  const closing = [t('server:merge_email_ignore'), t('server:reset_email_signature')];
  const text = [...paragraphs, link, ...closing].join('\n\n') + '\n';
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('server:merge_email_action'))}</a></p>`,
    `<p>${escapeHtml(link)}</p>`,
    ...closing.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { to, subject: t('server:merge_email_subject'), text, html };
}

export interface MergeDoneMailInput {
  lang: Language;
  to: string;
  agentName: string;
  agentCode: string;
  recruitName: string;
  recruitCode: string;
  /** The undo page's link, with the merge's undo token. */
  link: string;
  /** Until when the undo works, formatted for the reader. */
  until: string;
}

/** Issue 43: the merge ran; the agent may undo it with the link until `until` (the undo window). */
export function mergeDoneMail({ lang, to, link, ...vars }: MergeDoneMailInput): MailMessage {
  const t = (key: Parameters<typeof translate>[1]) => translate(lang, key, { product: PRODUCT_TITLE, ...vars });
  const paragraphs = [t('server:merge_email_greeting'), t('server:merge_done_email_intro')];
  const closing = [t('server:reset_email_signature')];
  const text = [...paragraphs, link, ...closing].join('\n\n') + '\n';
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('server:merge_done_email_action'))}</a></p>`,
    `<p>${escapeHtml(link)}</p>`,
    ...closing.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { to, subject: t('server:merge_done_email_subject'), text, html };
}

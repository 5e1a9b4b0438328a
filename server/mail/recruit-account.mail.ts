import type { RecruitKind } from '../../src/api/schemas/recruit-accounts.schema';
import { PRODUCT_TITLE, type Language } from '../../src/config/constants';
import { translate } from '../i18n/messages';
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export interface RecruitAccountMailInput {
  lang: Language;
  to: string;
  name: string;
  externalId: string;
  password: string;
  kind: RecruitKind;
  managerName: string;
  link: string;
}

/** Issue 14: the new recruit's first sign-in details, in the language the manager used. */
export function recruitAccountMail({ lang, to, name, externalId, password, kind, managerName, link }: RecruitAccountMailInput): MailMessage {
  const t = (key: Parameters<typeof translate>[1]) =>
    translate(lang, key, { product: PRODUCT_TITLE, name, externalId, password, managerName, kind: translate(lang, `server:recruit_kind_${kind}`) });
  const paragraphs = [t('server:recruit_email_greeting'), t('server:recruit_email_intro'), t('server:recruit_email_agent_code'), t('server:recruit_email_password'), t('server:recruit_email_change')];
  const closing = [t('server:reset_email_signature')];
  const text = [...paragraphs, link, ...closing].join('\n\n') + '\n';
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('server:recruit_email_action'))}</a></p>`,
    ...closing.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { to, subject: t('server:recruit_email_subject'), text, html };
}

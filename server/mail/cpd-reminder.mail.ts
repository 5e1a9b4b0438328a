import { PRODUCT_TITLE, type Language } from '../../src/config/constants';
import { translate } from '../i18n/messages';
import type { MailMessage } from './mailer';

// Issue 45, ADR 087: the CPD reminder emails (cpd-reminders.ts), plain text (nothing to click but the app).

export interface CpdReminderMailInput {
  lang: Language;
  to: string;
  name: string;
  hours: string;
  ethicsHours: string;
  /** Days before the period's last day. */
  count: number;
  endsOn: string;
  courses: string[];
}

/** To a licensee short of the target: the hours still needed (total, E/R) and the approved courses that would close the gap. */
export function cpdReminderMail({ lang, to, name, hours, ethicsHours, count, endsOn, courses }: CpdReminderMailInput): MailMessage {
  const vars = { product: PRODUCT_TITLE, name, hours, ethicsHours, count, endsOn };
  const t = (key: Parameters<typeof translate>[1]) => translate(lang, key, vars);
  const list = courses.length ? courses.map((c) => `- ${c}`).join('\n') : t('server:cpd_reminder_no_courses');
  const text = [t('server:cpd_reminder_email_greeting'), t('server:cpd_reminder_email_intro'), t('server:cpd_reminder_email_courses'), list, t('server:cpd_reminder_email_signature')].join('\n\n') + '\n';
  return { to, subject: t('server:cpd_reminder_title'), text };
}

export interface CpdUplineReminderMailInput {
  lang: Language;
  to: string;
  name: string;
  count: number;
  days: number;
  endsOn: string;
  /** "Name (hours still needed / E/R hours still needed)" per member still short. */
  team: string[];
}

/** To an upline, once a week from the configured day on: the team still short. */
export function cpdUplineReminderMail({ lang, to, name, count, days, endsOn, team }: CpdUplineReminderMailInput): MailMessage {
  const vars = { product: PRODUCT_TITLE, name, count, days, endsOn };
  const t = (key: Parameters<typeof translate>[1]) => translate(lang, key, vars);
  const text = [t('server:cpd_reminder_email_greeting'), t('server:cpd_upline_reminder_email_intro'), team.map((m) => `- ${m}`).join('\n'), t('server:cpd_reminder_email_signature')].join('\n\n') + '\n';
  return { to, subject: t('server:cpd_upline_reminder_title'), text };
}

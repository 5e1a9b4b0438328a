import type { Language } from '../../src/config/constants';
import type { Db } from '../db/client';
import { notificationMessages, notifications, type LocalizedText, type NotificationKind } from '../db/schema';
import { translate, type ServerMessageKey } from '../i18n/messages';
import { localize } from './courses';

// A notification the server writes for a learner (a decision on an enrolment, a promotion from the
// waiting list): the title and body are stored in English (the app's default, for any reader of
// the columns), and their message keys and values in notification_messages, so renderNotification
// shows it in the reader's language. Localized values (a course title) are picked per language.

export interface NotificationMessage {
  titleKey: ServerMessageKey;
  bodyKey: ServerMessageKey;
  params: Record<string, string | number | LocalizedText>;
}

/** A stored notification message in the reader's language. */
export function renderNotification(msg: { titleKey: string; bodyKey: string; params: Record<string, unknown> }, lang: Language): { title: string; body: string } {
  const vars: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(msg.params)) {
    vars[k] = typeof v === 'object' && v !== null ? localize(v as LocalizedText, lang) : (v as string | number);
  }
  return { title: translate(lang, msg.titleKey, vars), body: translate(lang, msg.bodyKey, vars) };
}

/** The kind of a notification and what it is about (the list links there). */
export interface NotificationSubject {
  kind: NotificationKind;
  sender?: string | null;
  courseId?: number;
  offlineCourseId?: number;
}

/** Writes a notification for `userId` with its message keys (inside the caller's transaction); answers its id. */
export async function notifyWithMessage(tx: Db, userId: number, msg: NotificationMessage, now: Date, subject: NotificationSubject): Promise<number> {
  const rendered = renderNotification(msg, 'en');
  const [row] = await tx
    .insert(notifications)
    .values({
      userId,
      kind: subject.kind,
      sender: subject.sender ?? null,
      courseId: subject.courseId ?? null,
      offlineCourseId: subject.offlineCourseId ?? null,
      title: rendered.title,
      body: rendered.body,
      createdAt: now,
    })
    .returning({ id: notifications.id });
  await tx.insert(notificationMessages).values({ notificationId: row.id, titleKey: msg.titleKey, bodyKey: msg.bodyKey, params: msg.params });
  return row.id;
}

import { eq } from 'drizzle-orm';
import type { QuestionKind, QuizKind } from '../../src/api/schemas/quizzes.schema';
import type { Db } from '../db/client';
import { courseEnrolments, courseItems, onScreenLogs, quizExtraTime, quizQuestions, quizzes, users, type QuizOption } from '../db/schema';
import { tri } from './content-factory';

// Quizzes for the route and domain tests (issue 13), built directly in the database.

export interface QuestionInput {
  kind: QuestionKind;
  text?: string;
  points?: number;
  required?: boolean;
  maxChoices?: number | null;
  /** Option ids; their texts are made up from them. */
  options?: string[];
  correct?: string[];
  explanation?: string;
  /** The question's place on the paper (default: its index + 1); questions sharing one are variants (issue 43). */
  place?: number;
}

export interface QuizInput {
  courseId: number;
  kind?: QuizKind;
  title?: string;
  passMark?: number;
  timeLimitMinutes?: number | null;
  attemptsAllowed?: number | null;
  retakeAlertAfter?: number;
  closesAt?: Date | null;
  position?: number;
  /** Each attempt shows choice options in its own order, under its own labels (issue 43). */
  shuffleOptions?: boolean;
}

/** Inserts the quiz and its questions; answers the quiz id and the question ids in order. */
export async function createQuiz(db: Db, q: QuizInput, questions: QuestionInput[]): Promise<{ id: number; questions: number[] }> {
  const [row] = await db
    .insert(quizzes)
    .values({
      courseId: q.courseId,
      kind: q.kind ?? 'quiz',
      title: tri(q.title ?? 'Quiz'),
      description: tri(`About ${q.title ?? 'Quiz'}`),
      passMark: q.passMark ?? 1,
      timeLimitMinutes: q.timeLimitMinutes ?? null,
      attemptsAllowed: q.attemptsAllowed ?? null,
      retakeAlertAfter: q.retakeAlertAfter ?? 3,
      closesAt: q.closesAt ?? null,
      position: q.position ?? 1,
      shuffleOptions: q.shuffleOptions ?? false,
    })
    .returning({ id: quizzes.id });
  const ids: number[] = [];
  for (const [i, question] of questions.entries()) {
    const options: QuizOption[] = (question.options ?? []).map((id) => ({ id, text: tri(`Option ${id}`) }));
    const [qr] = await db
      .insert(quizQuestions)
      .values({
        quizId: row.id,
        position: question.place ?? i + 1,
        kind: question.kind,
        text: tri(question.text ?? `Question ${i + 1}`),
        points: question.points ?? 1,
        required: question.required ?? false,
        maxChoices: question.maxChoices ?? null,
        options,
        correctAnswer: question.correct ?? [],
        explanation: tri(question.explanation ?? `Because of rule ${i + 1}`),
      })
      .returning({ id: quizQuestions.id });
    ids.push(qr.id);
  }
  return { id: row.id, questions: ids };
}

export async function giveExtraTime(db: Db, quizId: number, userId: number, minutes: number): Promise<void> {
  await db.insert(quizExtraTime).values({ quizId, userId, minutes });
}

export async function userIdOf(db: Db, externalId: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.externalId, externalId));
  return row.id;
}

/** Enrols the learner and completes every reading item of the course with an on-screen record. */
export async function completeReadings(db: Db, userId: number, courseId: number, at: Date): Promise<void> {
  await db.insert(courseEnrolments).values({ userId, courseId, enrolledAt: at }).onConflictDoNothing();
  const items = await db.select().from(courseItems).where(eq(courseItems.courseId, courseId));
  for (const [i, item] of items.entries()) {
    const key = at.getTime() + i * 1000;
    await db.insert(onScreenLogs).values({ userId, courseId, itemId: item.id, duration: Math.max(item.requiredSeconds, 1), key, createdAt: new Date(key) });
  }
}

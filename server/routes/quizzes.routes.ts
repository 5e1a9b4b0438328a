import type { Context } from 'hono';
import {
  getAttemptRoute,
  getQuizRoute,
  listCourseQuizzesRoute,
  listQuizRecordsRoute,
  pauseAttemptRoute,
  resumeAttemptRoute,
  saveAnswerRoute,
  startAttemptRoute,
  submitAttemptRoute,
} from '../../src/api/schemas/quizzes.routes';
import { findQuiz, getAttempt, listCourseQuizzes, listQuizRecords, pauseAttempt, quizSummary, resumeAttempt, saveAnswer, startAttempt, submitAttempt, type Caller } from '../domain/quizzes';
import { langOf, type AppEnv } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** Quizzes and examinations (issue 13, ADR 025): the server owns the attempt, its deadline and the score. */
export function registerQuizRoutes(app: ApiApp, s: AppServices): void {
  const auth = s.requireFullAuth;
  const caller = (c: Context<AppEnv>): Caller => ({ userId: c.get('session').userId, lang: langOf(c), now: new Date(s.clock.now()), config: s.config });
  const quizOf = async (id: string, who: Caller) => {
    const quiz = await findQuiz(s.db, Number(id), who.now);
    if (!quiz) throw new HttpError(404, 'server:quiz_not_found');
    return quiz;
  };

  defineRoute(app, listCourseQuizzesRoute, auth, async (c, { params }) => {
    const list = await listCourseQuizzes(s.db, Number(params.id), caller(c));
    if (!list) throw new HttpError(404, 'server:course_not_found');
    return c.json(list, 200);
  });

  defineRoute(app, getQuizRoute, auth, async (c, { params }) => {
    const who = caller(c);
    return c.json(await quizSummary(s.db, await quizOf(params.id, who), who), 200);
  });

  defineRoute(app, startAttemptRoute, auth, async (c, { params }) => {
    const who = caller(c);
    return c.json(await startAttempt(s.db, await quizOf(params.id, who), who), 200);
  });

  defineRoute(app, listQuizRecordsRoute, auth, async (c, { params }) => {
    const who = caller(c);
    return c.json(await listQuizRecords(s.db, await quizOf(params.id, who), who), 200);
  });

  defineRoute(app, getAttemptRoute, auth, async (c, { params }) => c.json(await getAttempt(s.db, Number(params.id), caller(c)), 200));

  defineRoute(app, saveAnswerRoute, auth, async (c, { params, body }) =>
    c.json(await saveAnswer(s.db, Number(params.id), Number(params.questionId), body, caller(c)), 200),
  );

  defineRoute(app, submitAttemptRoute, auth, async (c, { params }) => c.json(await submitAttempt(s.db, Number(params.id), caller(c)), 200));

  defineRoute(app, pauseAttemptRoute, auth, async (c, { params }) => c.json(await pauseAttempt(s.db, Number(params.id), caller(c)), 200));

  defineRoute(app, resumeAttemptRoute, auth, async (c, { params }) => c.json(await resumeAttempt(s.db, Number(params.id), caller(c)), 200));
}

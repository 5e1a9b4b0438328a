import type { Context } from 'hono';
import {
  getMockAttemptRoute,
  getMockExamStatsRoute,
  getMockProgressRoute,
  listMockPapersRoute,
  listMockRecordsRoute,
  saveMockAnswerRoute,
  startMockAttemptRoute,
  submitMockAttemptRoute,
} from '../../src/api/schemas/mock-exams.routes';
import {
  assertMockExamsOn,
  findPaper,
  getMockAttempt,
  listMockRecords,
  listPapers,
  mockExamStats,
  mockProgress,
  saveMockAnswer,
  startMockAttempt,
  submitMockAttempt,
} from '../domain/mock-exams';
import type { Caller } from '../domain/quizzes';
import { langOf, type AppEnv } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** Mock exams (issue 13, ADR 028): behind the mock exam feature flag; the server owns attempts, reveals and scores. */
export function registerMockExamRoutes(app: ApiApp, s: AppServices): void {
  const auth = s.requireFullAuth;
  const caller = (c: Context<AppEnv>): Caller => {
    const who = { userId: c.get('session').userId, lang: langOf(c), now: new Date(s.clock.now()), config: s.config };
    assertMockExamsOn(who);
    return who;
  };

  defineRoute(app, listMockPapersRoute, auth, async (c) => c.json(await listPapers(s.db, caller(c)), 200));

  defineRoute(app, startMockAttemptRoute, auth, async (c, { params, body }) => {
    const who = caller(c);
    const paper = await findPaper(s.db, Number(params.id));
    if (!paper) throw new HttpError(404, 'server:mock_paper_not_found');
    return c.json(await startMockAttempt(s.db, paper, body.mode, who), 200);
  });

  defineRoute(app, getMockAttemptRoute, auth, async (c, { params }) => c.json(await getMockAttempt(s.db, Number(params.id), caller(c)), 200));

  defineRoute(app, saveMockAnswerRoute, auth, async (c, { params, body }) =>
    c.json(await saveMockAnswer(s.db, Number(params.id), Number(params.questionId), body, caller(c)), 200),
  );

  defineRoute(app, submitMockAttemptRoute, auth, async (c, { params }) => c.json(await submitMockAttempt(s.db, Number(params.id), caller(c)), 200));

  defineRoute(app, listMockRecordsRoute, auth, async (c) => c.json(await listMockRecords(s.db, caller(c)), 200));

  defineRoute(app, getMockProgressRoute, auth, async (c) => c.json(await mockProgress(s.db, caller(c)), 200));

  defineRoute(app, getMockExamStatsRoute, auth, async (c) => c.json(await mockExamStats(s.db, caller(c)), 200));
}

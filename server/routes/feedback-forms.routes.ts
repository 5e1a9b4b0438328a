import { getFeedbackFormRoute, submitFeedbackFormRoute } from '../../src/api/schemas/feedback-forms.routes';
import { findPublishedCourse } from '../domain/courses';
import { feedbackFormFor, submitFeedback } from '../domain/feedback-forms';
import { langOf } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { ApiApp, AppServices } from '../http/services';

/** Evaluation and the feedback form of a completed course (SPEC §4, ADR 026). */
export function registerFeedbackFormsRoutes(app: ApiApp, s: AppServices): void {
  const now = () => new Date(s.clock.now());
  const publishedCourse = async (id: string) => {
    const course = await findPublishedCourse(s.db, Number(id), now());
    if (!course) throw new HttpError(404, 'server:course_not_found');
    return course.id;
  };

  defineRoute(app, getFeedbackFormRoute, s.requireFullAuth, async (c, { params }) => {
    const courseId = await publishedCourse(params.id);
    return c.json(await feedbackFormFor(s.db, c.get('session').userId, courseId, langOf(c)), 200);
  });

  defineRoute(app, submitFeedbackFormRoute, s.requireFullAuth, async (c, { params, body }) => {
    const courseId = await publishedCourse(params.id);
    const outcome = await submitFeedback(s.db, c.get('session').userId, courseId, body, now());
    if (outcome.kind === 'refused') throw new HttpError(outcome.status, outcome.key);
    return c.json({ submitted_at: outcome.submittedAt.toISOString() }, 200);
  });
}

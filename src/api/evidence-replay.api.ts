import { callRoute } from './call-route';
import type { EvidenceReplay } from './schemas/evidence-replay.schema';
import { getEvidenceReplayRoute } from './schemas/evidence-replay.routes';

/** What the auditor replays (ADR 097): a Hong Kong day, or one course (e-learning or classroom). */
export type EvidenceReplayAsk = { userId: string } & ({ day: string } | { courseId: string } | { offlineCourseId: string });

export function getEvidenceReplay(ask: EvidenceReplayAsk): Promise<EvidenceReplay> {
  const query = 'day' in ask ? { day: ask.day } : 'courseId' in ask ? { course_id: ask.courseId } : { offline_course_id: ask.offlineCourseId };
  return callRoute(getEvidenceReplayRoute, { params: { userId: ask.userId }, query });
}

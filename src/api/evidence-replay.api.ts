import { callRoute } from './call-route';
import type { EvidenceReplay, EvidenceReplayAsk } from './schemas/evidence-replay.schema';
import { getEvidenceReplayRoute } from './schemas/evidence-replay.routes';

export function getEvidenceReplay(ask: EvidenceReplayAsk): Promise<EvidenceReplay> {
  const query = 'day' in ask ? { day: ask.day } : 'courseId' in ask ? { course_id: ask.courseId } : { offline_course_id: ask.offlineCourseId };
  return callRoute(getEvidenceReplayRoute, { params: { userId: ask.userId }, query });
}

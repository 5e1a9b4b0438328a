import { fromPromise } from 'xstate';
import { getEvidenceReplay } from '../../api/evidence-replay.api';
import type { EvidenceReplay, EvidenceReplayAsk } from '../../api/schemas/evidence-replay.schema';
import { evidenceReplayMachine } from '../../machines/evidence-replay/evidence-replay.machine';
import { withSubmissionError as shown } from '../submission';

/** The one place the evidence replay machine meets the API (DESIGN §2). */
export const evidenceReplayRouteMachine = evidenceReplayMachine.provide({
  actors: {
    loadReplay: fromPromise<EvidenceReplay, EvidenceReplayAsk>(shown((ask: EvidenceReplayAsk) => getEvidenceReplay(ask))),
  },
});

/** What the page's address asks for (?day= | ?course_id= | ?offline_course_id=); a day when none is given is the server's 400. */
export function replayAskOf(userId: string, search: URLSearchParams): EvidenceReplayAsk {
  const courseId = search.get('course_id');
  const offlineCourseId = search.get('offline_course_id');
  if (courseId !== null) return { userId, courseId };
  if (offlineCourseId !== null) return { userId, offlineCourseId };
  return { userId, day: search.get('day') ?? '' };
}

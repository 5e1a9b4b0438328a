import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { courseDetailMachine } from './course-detail.machine';
import { selectCourseDetailView, type CourseDetailSnapshot } from './course-detail.selectors';
import { sampleCourse } from './course-detail.fixtures';
import { SubmissionError } from '../shared/submission-error';
import { describePath, modelPaths, replay, uncoveredByRuns } from '../testing/model-coverage';

const input = { id: '2' };
const actorIds = ['loadCourse', 'saveLike', 'enrolCourse'];
const events = [
  { type: 'retry' },
  { type: 'like.toggle' },
  { type: 'enrol' },
  { type: 'xstate.done.actor.loadCourse', output: sampleCourse },
  { type: 'xstate.error.actor.loadCourse', error: new SubmissionError('The service is unavailable.') },
  { type: 'xstate.done.actor.saveLike' },
  { type: 'xstate.error.actor.saveLike', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.enrolCourse' },
  { type: 'xstate.error.actor.enrolCourse', error: new SubmissionError('Enrolment is closed.') },
];

// Each like flips the count, so simple paths would be many; edge paths take every transition.
const paths = modelPaths(courseDetailMachine, events, { input, simplePaths: false });

function checkInvariants(live: AnyMachineSnapshot, calls: (id: string) => unknown[]) {
  const view = selectCourseDetailView(live as CourseDetailSnapshot);
  expect(view.status === 'loading').toBe(live.hasTag('busy'));
  expect(view.failure === null).toBe(view.status !== 'failed');
  if (view.course) {
    // The count always agrees with the flag: the sample starts unliked with 5 likes.
    expect(view.course.likes).toBe(view.course.liked ? 6 : 5);
    if (view.likeBusy) expect(calls('saveLike').at(-1)).toEqual({ id: '2', liked: view.course.liked });
    if (view.course.status === 'in_progress') expect(view.course.enrolment_count).toBe(11);
  }
  expect(JSON.stringify(view)).not.toContain('Failed to fetch');
}

describe('course-detail machine, model-based', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('replays %s', async (_name, path) => {
    await replay(courseDetailMachine, path, actorIds, (live, _model, calls) => checkInvariants(live, calls), input);
  });

  it('reaches every state and takes every transition of the definition', async () => {
    expect(await uncoveredByRuns(courseDetailMachine, [{ input, paths }], actorIds)).toEqual({ states: [], transitions: [] });
  });
});

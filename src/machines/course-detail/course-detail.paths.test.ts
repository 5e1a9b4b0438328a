import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { courseDetailMachine } from './course-detail.machine';
import { selectCourseDetailView, type CourseDetailSnapshot } from './course-detail.selectors';
import { sampleCourse } from './course-detail.fixtures';
import { SubmissionError } from '../shared/submission-error';
import { modelPaths, replayRuns, type Oracle } from '../testing/model-coverage';

const input = { id: '2' };
/** The loader's first answer has arrived: the page starts with it (ADR 094). */
const withCourse = { id: '2', course: sampleCourse };
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
const pathsWithCourse = modelPaths(courseDetailMachine, events, { input: withCourse, simplePaths: false });

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

// The oracle, from the course page's rules (not read off the machine): once loaded, liking and
// enrolling go on side by side, one call each at a time; only a learner not enrolled can enrol.
// It starts loading, or ready when it was given the course (`start`, below).
type Like = 'idle' | 'saving';
type Enrol = 'idle' | 'enrolling';
const ready = (like: Like, enrol: Enrol) => `ready(like.${like}, enrolment.${enrol})`;
function readyRow(like: Like, enrol: Enrol) {
  return {
    ...(like === 'idle' ? { 'like.toggle': ready('saving', enrol) } : { 'xstate.done.actor.saveLike': ready('idle', enrol), 'xstate.error.actor.saveLike': ready('idle', enrol) }),
    ...(enrol === 'idle'
      ? { enrol: (_: unknown, s: CourseDetailSnapshot) => (s.context.course?.status === 'not_enrolled' ? ready(like, 'enrolling') : null) }
      : { 'xstate.done.actor.enrolCourse': ready(like, 'idle'), 'xstate.error.actor.enrolCourse': ready(like, 'idle') }),
  };
}
const oracle: Oracle<CourseDetailSnapshot> = {
  state: (s) => {
    const v = s.value as { ready?: { like: Like; enrolment: Enrol } };
    return v.ready ? ready(v.ready.like, v.ready.enrolment) : String(s.value);
  },
  start: (input) => ((input as { course?: unknown }).course ? ready('idle', 'idle') : 'loading'),
  table: {
    loading: { 'xstate.done.actor.loadCourse': ready('idle', 'idle'), 'xstate.error.actor.loadCourse': 'failed' },
    failed: { retry: 'loading' },
    ...Object.fromEntries(
      (['idle', 'saving'] as const).flatMap((like) => (['idle', 'enrolling'] as const).map((enrol) => [ready(like, enrol), readyRow(like, enrol)])),
    ),
  },
  offers: (s) => {
    const view = selectCourseDetailView(s);
    return {
      retry: view.status === 'failed',
      'like.toggle': view.status === 'ready' && !view.likeBusy,
      enrol: view.status === 'ready' && !view.enrolBusy && view.course?.status === 'not_enrolled',
    };
  },
};

describe('course-detail machine, model-based', () => {
  it(`replays ${paths.length} + ${pathsWithCourse.length} generated paths (without and with the first answer) against the spec table; every state and transition is covered`, async () => {
    const result = await replayRuns(courseDetailMachine, [{ input, paths }, { input: withCourse, paths: pathsWithCourse }], {
      actorIds,
      events,
      oracle: oracle as Oracle,
      check: (live, _step, calls) => checkInvariants(live, calls),
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  });
});

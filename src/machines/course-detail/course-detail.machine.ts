import { assign, fromPromise, setup } from 'xstate';
import type { CourseDetail } from '../../api/schemas/courses.schema';
import { failureMessage } from '../shared/submission-error';

export interface CourseDetailContext {
  id: string;
  course: CourseDetail | null;
  /** Load failure: the server's message, or null for a generic one. */
  error: string | null;
  /** The last like or enrol call that failed, by its message ('' = generic); cleared on the next try. */
  likeError: string | null;
  enrolError: string | null;
}

/** The course's id, and its first answer when the page's loader already has it (ADR 094). */
export interface CourseDetailInput {
  id: string;
  course?: CourseDetail | null;
}

export type CourseDetailEvent = { type: 'retry' } | { type: 'like.toggle' } | { type: 'enrol' };

export interface SaveLikeInput {
  id: string;
  /** The state to store: true = like, false = unlike. */
  liked: boolean;
}

const flipLike = (course: CourseDetail | null): CourseDetail | null =>
  course && { ...course, liked: !course.liked, likes: Math.max(0, course.likes + (course.liked ? -1 : 1)) };

/**
 * A course page: loading → ready | failed (retry); it starts ready with the course given as input
 * (the loader's first answer, ADR 094), loading without it. While ready, liking is optimistic (the count
 * changes at once and is put back if the server refuses) and enrolling marks the course in
 * progress once the server agrees. `loadCourse`, `saveLike`, `enrolCourse` are provided by the
 * route and reject with a SubmissionError.
 */
export const courseDetailMachine = setup({
  types: {
    context: {} as CourseDetailContext,
    events: {} as CourseDetailEvent,
    input: {} as CourseDetailInput,
  },
  actors: {
    loadCourse: fromPromise<CourseDetail, string>(async () => {
      throw new Error('loadCourse must be provided (src/routes/course-detail/course-detail.actor.ts)');
    }),
    saveLike: fromPromise<void, SaveLikeInput>(async () => {
      throw new Error('saveLike must be provided (src/routes/course-detail/course-detail.actor.ts)');
    }),
    enrolCourse: fromPromise<void, string>(async () => {
      throw new Error('enrolCourse must be provided (src/routes/course-detail/course-detail.actor.ts)');
    }),
  },
  guards: {
    notEnrolled: ({ context }) => context.course?.status === 'not_enrolled',
    hasCourse: ({ context }) => context.course !== null,
  },
  actions: {
    flipLike: assign({ course: ({ context }) => flipLike(context.course) }),
  },
}).createMachine({
  id: 'courseDetail',
  initial: 'start',
  context: ({ input }) => ({ id: input.id, course: input.course ?? null, error: null, likeError: null, enrolError: null }),
  states: {
    /** Where the page starts: with its first answer it asks for nothing. */
    start: {
      always: [{ guard: 'hasCourse', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'loadCourse',
        src: 'loadCourse',
        input: ({ context }) => context.id,
        onDone: { target: 'ready', actions: assign({ course: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        like: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'like.toggle': { target: 'saving', actions: ['flipLike', assign({ likeError: null })] } },
            },
            saving: {
              invoke: {
                id: 'saveLike',
                src: 'saveLike',
                input: ({ context }) => ({ id: context.id, liked: context.course?.liked ?? false }),
                onDone: 'idle',
                // Put back what the learner saw before: the server did not store the change.
                onError: { target: 'idle', actions: ['flipLike', assign({ likeError: ({ event }) => failureMessage(event.error) ?? '' })] },
              },
            },
          },
        },
        enrolment: {
          initial: 'idle',
          states: {
            idle: {
              on: { enrol: { guard: 'notEnrolled', target: 'enrolling', actions: assign({ enrolError: null }) } },
            },
            enrolling: {
              invoke: {
                id: 'enrolCourse',
                src: 'enrolCourse',
                input: ({ context }) => context.id,
                onDone: {
                  target: 'idle',
                  actions: assign({
                    course: ({ context }) => context.course && { ...context.course, status: 'in_progress', enrolment_count: context.course.enrolment_count + 1 },
                  }),
                },
                onError: { target: 'idle', actions: assign({ enrolError: ({ event }) => failureMessage(event.error) ?? '' }) },
              },
            },
          },
        },
      },
    },
  },
});

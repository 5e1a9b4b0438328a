import { assign, fromPromise, setup } from 'xstate';
import type { Achievements } from '../../api/schemas/achievements.schema';
import type { ExamCertificateList } from '../../api/schemas/exam-certificate.schema';
import type { LearningHistory } from '../../api/schemas/learning-history.schema';
import type { MockExamStats } from '../../api/schemas/mock-exams.schema';
import type { CurrentUser } from '../../api/schemas/users.schema';
import { failureMessage } from '../shared/submission-error';

/** The period the page's address asks for; an unset day is the server's default (this IA year). */
export interface ProfilePeriod {
  from?: string;
  to?: string;
}

export type PictureKind = 'icon' | 'cover';

export interface ProfileData {
  history: LearningHistory;
  /** null when mock exams are switched off (no figures to show). */
  stats: MockExamStats | null;
  /** The newest certificates (passed examinations), whatever the period: the pages loaded so far,
   * newest first; `page` is the last page loaded and `total` the server's latest count. */
  certificates: ExamCertificateList;
  /** Issue 45: what the learner has earned, each with its date (whatever the period). */
  achievements: Achievements;
}

export interface ProfileContext {
  period: ProfilePeriod;
  mockExams: boolean;
  data: ProfileData | null;
  /** The server's message after a failed first load. */
  error: string | null;
  /** A new period failed to load: the last figures stay, with this message (null: generic). */
  periodFailed: boolean;
  periodError: string | null;
  /** The picture being sent, or null. */
  uploading: PictureKind | null;
  /** The last picture failed (null message: generic); cleared by the next choice. */
  uploadFailed: PictureKind | null;
  uploadError: string | null;
  /** The last picture the server took (for a polite announcement). */
  uploaded: PictureKind | null;
  /** The picture being sent. */
  pending: PictureUpload | null;
  /** The next page of certificates failed to load (null message: generic); the list shown stays. */
  certificatesFailed: boolean;
  certificatesError: string | null;
}

export type ProfileEvent =
  | { type: 'period.change'; period: ProfilePeriod }
  | { type: 'retry' }
  | { type: 'picture.choose'; kind: PictureKind; file: Blob; name: string }
  | { type: 'certificates.more' };

export interface PictureUpload {
  kind: PictureKind;
  file: Blob;
  name: string;
}

/** The context before anything is loaded (also the fixtures' base). */
export const profileContextOf = (input: { period: ProfilePeriod; mockExams: boolean }): ProfileContext => ({
  period: input.period,
  mockExams: input.mockExams,
  data: null,
  error: null,
  periodFailed: false,
  periodError: null,
  uploading: null,
  uploadFailed: null,
  uploadError: null,
  uploaded: null,
  pending: null,
  certificatesFailed: false,
  certificatesError: null,
});

/** The server has certificates not shown on pages after the last one loaded. */
export const hasMorePages = (list: ExamCertificateList) => list.data.length < list.total && list.page * list.per_page < list.total;

/**
 * The list with the next page after it. A certificate earned meanwhile moves every later one a
 * place down the server's pages, so the next page can repeat the last one shown: it is shown once.
 */
export function withNextPage(list: ExamCertificateList, next: ExamCertificateList): ExamCertificateList {
  const shown = new Set(list.data.map((c) => c.attempt_id));
  return { ...next, data: [...list.data, ...next.data.filter((c) => !shown.has(c.attempt_id))] };
}

const samePeriod = (a: ProfilePeriod, b: ProfilePeriod) => (a.from ?? '') === (b.from ?? '') && (a.to ?? '') === (b.to ?? '');
/** A period the server can answer: both days set are in order (the form says so before sending). */
const periodInOrder = (p: ProfilePeriod) => !p.from || !p.to || p.from <= p.to;

/**
 * The profile page (SPEC §1: a profile with an icon, a cover picture, achievements and history;
 * §7 learning_history/all and mock_exams/stats): the learner's figures for a period (default:
 * this IA year, decided by the server) and the two pictures. Two things move at once and neither
 * waits for the other: a new period reloads the figures (the old ones stay on screen meanwhile),
 * and a chosen picture is sent (one at a time; another choice while one is sent is refused, not
 * queued). The server answers the current user after a picture, which `reportUser` hands to the
 * header. The achievements come with the first load (they do not depend on the period). The certificates come a page at a time: the first with the page, the next ones when
 * asked for (`certificates.more`, while the server counts more). `loadProfile`, `loadHistory`,
 * `uploadPicture`, `loadCertificates` and `reportUser` are provided by
 * src/routes/profile/profile.actor.ts.
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { period: ProfilePeriod; mockExams: boolean },
  },
  actors: {
    loadProfile: fromPromise<ProfileData, { period: ProfilePeriod; mockExams: boolean }>(async () => {
      throw new Error('loadProfile must be provided (src/routes/profile/profile.actor.ts)');
    }),
    loadHistory: fromPromise<LearningHistory, ProfilePeriod>(async () => {
      throw new Error('loadHistory must be provided (src/routes/profile/profile.actor.ts)');
    }),
    uploadPicture: fromPromise<CurrentUser, PictureUpload>(async () => {
      throw new Error('uploadPicture must be provided (src/routes/profile/profile.actor.ts)');
    }),
    loadCertificates: fromPromise<ExamCertificateList, { page: number }>(async () => {
      throw new Error('loadCertificates must be provided (src/routes/profile/profile.actor.ts)');
    }),
  },
  actions: {
    /** The current user the server answered after a picture: the header shows the new icon. */
    reportUser: (_, _user: CurrentUser) => {},
    takePeriod: assign({ period: ({ context, event }) => (event.type === 'period.change' ? event.period : context.period) }),
  },
  guards: {
    periodChanged: ({ context, event }) => event.type === 'period.change' && periodInOrder(event.period) && !samePeriod(context.period, event.period),
    /** The server counts more certificates than are shown, and pages past the last one loaded (a
     * certificate earned meanwhile is on the first page, which is not loaded again: it adds to the
     * count, not to the pages left). */
    moreCertificates: ({ context }) => context.data !== null && hasMorePages(context.data.certificates),
  },
}).createMachine({
  id: 'profile',
  initial: 'loading',
  context: ({ input }) => profileContextOf(input),
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      on: { 'period.change': { guard: 'periodChanged', target: 'loading', reenter: true, actions: 'takePeriod' } },
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ period: context.period, mockExams: context.mockExams }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    failed: {
      on: {
        retry: 'loading',
        'period.change': { guard: 'periodChanged', target: 'loading', actions: 'takePeriod' },
      },
    },
    ready: {
      type: 'parallel',
      states: {
        history: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'period.change': { guard: 'periodChanged', target: 'reloading', actions: 'takePeriod' } },
            },
            reloading: {
              tags: ['reloading'],
              entry: assign({ periodFailed: false, periodError: null }),
              // The latest period wins: the one in flight is dropped (its answer is not shown).
              on: { 'period.change': { guard: 'periodChanged', target: 'reloading', reenter: true, actions: 'takePeriod' } },
              invoke: {
                id: 'loadHistory',
                src: 'loadHistory',
                input: ({ context }) => context.period,
                onDone: { target: 'idle', actions: assign({ data: ({ context, event }) => (context.data ? { ...context.data, history: event.output } : context.data) }) },
                onError: { target: 'idle', actions: assign({ periodFailed: true, periodError: ({ event }) => failureMessage(event.error) }) },
              },
            },
          },
        },
        picture: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'picture.choose': {
                  target: 'uploading',
                  actions: assign({
                    uploading: ({ event }) => event.kind,
                    pending: ({ event }) => ({ kind: event.kind, file: event.file, name: event.name }),
                    uploadFailed: null,
                    uploadError: null,
                    uploaded: null,
                  }),
                },
              },
            },
            uploading: {
              tags: ['uploading'],
              invoke: {
                id: 'uploadPicture',
                src: 'uploadPicture',
                input: ({ context }) => context.pending!,
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'reportUser', params: ({ event }) => event.output }, assign({ uploaded: ({ context }) => context.uploading, uploading: null, pending: null })],
                },
                onError: {
                  target: 'idle',
                  actions: assign({ uploadFailed: ({ context }) => context.uploading, uploadError: ({ event }) => failureMessage(event.error), uploading: null, pending: null }),
                },
              },
            },
          },
        },
        // More certificates, a page at a time, after those shown; the figures and pictures go on meanwhile.
        certificates: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'certificates.more': { guard: 'moreCertificates', target: 'loading' } },
            },
            loading: {
              tags: ['certificatesLoading'],
              entry: assign({ certificatesFailed: false, certificatesError: null }),
              invoke: {
                id: 'loadCertificates',
                src: 'loadCertificates',
                input: ({ context }) => ({ page: context.data!.certificates.page + 1 }),
                onDone: {
                  target: 'idle',
                  actions: assign({ data: ({ context, event }) => (context.data ? { ...context.data, certificates: withNextPage(context.data.certificates, event.output) } : context.data) }),
                },
                onError: { target: 'idle', actions: assign({ certificatesFailed: true, certificatesError: ({ event }) => failureMessage(event.error) }) },
              },
            },
          },
        },
      },
    },
  },
});

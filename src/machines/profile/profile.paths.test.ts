import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { CurrentUser } from '../../api/schemas/users.schema';
import { SubmissionError } from '../shared/submission-error';
import { modelPaths, replayRuns, type Oracle } from '../testing/model-coverage';
import { certificates, firstCertificatePage, someAchievements, learner, mockStats, secondCertificatePage, springHistory, yearHistory } from './profile.fixtures';
import { hasMorePages, profileMachine, withNextPage, type ProfileContext, type ProfilePeriod } from './profile.machine';
import { selectProfileView } from './profile.selectors';

const spring: ProfilePeriod = { from: '2026-01-01', to: '2026-06-30' };
const backwards: ProfilePeriod = { from: '2026-09-01', to: '2026-08-01' };
const picture = new Blob(['png'], { type: 'image/png' });
const withIcon: CurrentUser = { ...learner, icon_url: '/api/pictures/new.png' };

const input = { period: {}, mockExams: true };
const actorIds = ['loadProfile', 'loadHistory', 'uploadPicture', 'loadCertificates'];
const events = [
  { type: 'period.change', period: spring },
  { type: 'period.change', period: {} },
  { type: 'period.change', period: backwards },
  { type: 'retry' },
  { type: 'picture.choose', kind: 'icon', file: picture, name: 'me.png' },
  { type: 'picture.choose', kind: 'cover', file: picture, name: 'harbour.jpg' },
  { type: 'xstate.done.actor.loadProfile', output: { history: yearHistory, stats: mockStats, certificates, achievements: someAchievements } },
  { type: 'xstate.done.actor.loadProfile', output: { history: yearHistory, stats: mockStats, certificates: firstCertificatePage, achievements: someAchievements } },
  { type: 'xstate.error.actor.loadProfile', error: new SubmissionError('The server is busy.') },
  { type: 'xstate.error.actor.loadProfile', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.loadHistory', output: springHistory },
  { type: 'xstate.error.actor.loadHistory', error: new SubmissionError('The period is not valid.') },
  { type: 'xstate.done.actor.uploadPicture', output: withIcon },
  { type: 'xstate.error.actor.uploadPicture', error: new SubmissionError('Choose a PNG, JPEG or WebP picture.') },
  { type: 'certificates.more' },
  { type: 'xstate.done.actor.loadCertificates', output: secondCertificatePage },
  { type: 'xstate.error.actor.loadCertificates', error: new SubmissionError('The server is busy.') },
];

const paths = modelPaths(profileMachine, events, { input, simplePaths: false });

type Snap = AnyMachineSnapshot & { context: ProfileContext };
const periodOf = (s: AnyMachineSnapshot) => (s as Snap).context.period;
/** The server counts more certificates than the page shows, on pages after the last one loaded. */
const moreToShow = (s: AnyMachineSnapshot) => {
  const list = (s as Snap).context.data?.certificates;
  return list !== undefined && list.data.length < list.total && list.page * list.per_page < list.total;
};
/** A period the page asks the server for: a different one, its days in order (the form checks it too). */
const newPeriod = (e: EventObject & { period?: unknown }, s: AnyMachineSnapshot) => {
  const p = e.period as ProfilePeriod;
  const now = periodOf(s);
  const inOrder = !p.from || !p.to || p.from <= p.to;
  return inOrder && ((p.from ?? '') !== (now.from ?? '') || (p.to ?? '') !== (now.to ?? ''));
};

// The oracle, from the page's rules (not read off the machine). Two regions: the figures
// (loading → failed or shown; a new period reloads them, the latest period wins) and the pictures
// (one sent at a time, only once the page is shown; its answer or its failure frees the next).
const oracle: Oracle = {
  regions: {
    figures: {
      state: (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches({ ready: { history: 'reloading' } }) ? 'reloading' : 'shown'),
      table: {
        loading: {
          'period.change': (e, s) => (newPeriod(e, s) ? 'loading' : null),
          'xstate.done.actor.loadProfile': 'shown',
          'xstate.error.actor.loadProfile': 'failed',
        },
        failed: { retry: 'loading', 'period.change': (e, s) => (newPeriod(e, s) ? 'loading' : null) },
        shown: { 'period.change': (e, s) => (newPeriod(e, s) ? 'reloading' : null) },
        reloading: {
          'period.change': (e, s) => (newPeriod(e, s) ? 'reloading' : null),
          'xstate.done.actor.loadHistory': 'shown',
          'xstate.error.actor.loadHistory': 'shown',
        },
      },
    },
    pictures: {
      state: (s) => (!s.matches('ready') ? 'closed' : s.matches({ ready: { picture: 'uploading' } }) ? 'sending' : 'open'),
      table: {
        // The page shown opens the pictures.
        closed: { 'xstate.done.actor.loadProfile': (_, s) => (s.matches('loading') ? 'open' : null) },
        open: { 'picture.choose': 'sending' },
        sending: { 'xstate.done.actor.uploadPicture': 'open', 'xstate.error.actor.uploadPicture': 'open' },
      },
    },
    // More certificates: asked for only once the page is shown and while the server counts more
    // than it shows; one page at a time (asking again while one loads does nothing).
    certificates: {
      state: (s) => (!s.matches('ready') ? 'closed' : s.matches({ ready: { certificates: 'loading' } }) ? 'loading' : 'open'),
      table: {
        closed: { 'xstate.done.actor.loadProfile': (_, s) => (s.matches('loading') ? 'open' : null) },
        open: { 'certificates.more': (_, s) => (moreToShow(s) ? 'loading' : null) },
        loading: { 'xstate.done.actor.loadCertificates': 'open', 'xstate.error.actor.loadCertificates': 'open' },
      },
    },
  },
  offers: (s) => {
    const view = selectProfileView(s as Parameters<typeof selectProfileView>[0]);
    return { 'picture.choose': view.canChoosePicture, 'certificates.more': view.moreCertificates.offered && !view.moreCertificates.busy };
  },
};

describe('profile machine, model-based', () => {
  it(`replays ${paths.length} generated paths against the spec table; every state and transition is covered`, async () => {
    const reported: CurrentUser[] = [];
    let answered = 0;
    const machine = profileMachine.provide({ actions: { reportUser: (_, user: CurrentUser) => void reported.push(user) } });
    const result = await replayRuns(machine, [{ input, paths }], {
      actorIds,
      events,
      oracle,
      onPathStart: () => {
        reported.length = 0;
        answered = 0;
      },
      check: (live, step, calls) => {
        const view = selectProfileView(live as Parameters<typeof selectProfileView>[0]);
        const ctx = (live as Snap).context;
        // What loads is the latest period asked for.
        if (live.matches('loading')) expect(calls('loadProfile').at(-1)).toEqual({ period: ctx.period, mockExams: true });
        if (live.matches({ ready: { history: 'reloading' } })) expect(calls('loadHistory').at(-1)).toEqual(ctx.period);
        expect(view.periodBusy).toBe(live.matches({ ready: { history: 'reloading' } }));
        // The figures shown are the last ones the server answered; a failed period keeps them.
        if (step.event.type === 'xstate.done.actor.loadHistory') expect(view.history).toEqual(springHistory);
        if (step.event.type === 'xstate.error.actor.loadHistory') {
          expect(view.history).toEqual(step.before.context.data.history);
          expect(view.periodFailure).toEqual({ kind: 'server', message: 'The period is not valid.' });
        }
        // The picture sent is the one chosen; the header hears of the new user at once.
        if (step.event.type === 'picture.choose') {
          expect(calls('uploadPicture').at(-1)).toEqual({ kind: step.event.kind, file: picture, name: step.event.name });
          expect(view.uploading).toBe(step.event.kind);
        }
        if (step.event.type === 'xstate.done.actor.uploadPicture') {
          expect(reported.at(-1)).toEqual(withIcon);
          expect(view.uploaded).toBe(step.before.context.uploading);
          expect(view.uploadFailure).toBeNull();
          answered += 1;
        }
        // Only the server's answer to a picture tells the header about a new user.
        expect(reported.length).toBe(answered);
        if (step.event.type === 'xstate.error.actor.uploadPicture') {
          expect(view.uploadFailure).toEqual({ kind: step.before.context.uploading, failure: { kind: 'server', message: 'Choose a PNG, JPEG or WebP picture.' } });
          expect(view.uploading).toBeNull();
        }
        // The next page is the one after the last loaded, and it goes after the certificates shown.
        if (step.event.type === 'certificates.more' && live.matches({ ready: { certificates: 'loading' } })) {
          expect(calls('loadCertificates').at(-1)).toEqual({ page: step.before.context.data.certificates.page + 1 });
          expect(view.moreCertificates).toEqual({ offered: true, busy: true, failure: null });
        }
        if (step.event.type === 'xstate.done.actor.loadCertificates') {
          expect(view.certificates?.data.map((c) => c.attempt_id)).toEqual(['31', '12']);
          expect(view.certificates?.total).toBe(2);
          expect(view.moreCertificates).toEqual({ offered: false, busy: false, failure: null });
        }
        if (step.event.type === 'xstate.error.actor.loadCertificates') {
          expect(view.certificates).toEqual(step.before.context.data.certificates);
          expect(view.moreCertificates).toEqual({ offered: true, busy: false, failure: { kind: 'server', message: 'The server is busy.' } });
        }
        expect(view.status).toBe(live.matches('ready') ? 'loaded' : live.matches('failed') ? 'failed' : 'loading');
        expect(view.failure === null).toBe(!live.matches('failed'));
        expect(JSON.stringify(view)).not.toContain('Failed to fetch');
      },
    });
    expect(result.uncovered).toEqual({ states: [], transitions: [] });
  }, 120_000);
});

describe('hasMorePages', () => {
  it('offers the next page while the server has pages after the last one loaded, not past the end', () => {
    expect(hasMorePages(firstCertificatePage)).toBe(true);
    expect(hasMorePages(withNextPage(firstCertificatePage, secondCertificatePage))).toBe(false);
    // A certificate earned after the first page: the second repeats one shown, and the newest is on
    // the first page, not loaded again. The count says 3, but no page after the second has any.
    const moved = { ...secondCertificatePage, data: [firstCertificatePage.data[0]], total: 3 };
    const list = withNextPage({ ...firstCertificatePage, total: 3 }, moved);
    expect(list.data).toHaveLength(1);
    expect(hasMorePages(list)).toBe(true);
    expect(hasMorePages(withNextPage(list, { ...moved, data: [secondCertificatePage.data[0]], page: 3 }))).toBe(false);
  });
});

describe('withNextPage', () => {
  it('puts the next page after the certificates shown, once each, with the latest count', () => {
    const moved = { ...secondCertificatePage, data: [firstCertificatePage.data[0], ...secondCertificatePage.data], total: 3 };
    expect(withNextPage(firstCertificatePage, moved)).toEqual({ ...moved, data: [firstCertificatePage.data[0], secondCertificatePage.data[0]] });
  });
});

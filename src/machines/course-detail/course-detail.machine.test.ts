import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { waitFor } from '../testing/wait-for';
import type { CourseDetail } from '../../api/schemas/courses.schema';
import { courseDetailMachine, type SaveLikeInput } from './course-detail.machine';
import { selectCourseDetailView } from './course-detail.selectors';
import { sampleCourse } from './course-detail.fixtures';
import { SubmissionError } from '../shared/submission-error';

interface Pending<I, O> {
  input: I;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

function start(id = '2') {
  const loads: Pending<string, CourseDetail>[] = [];
  const likes: Pending<SaveLikeInput, void>[] = [];
  const enrols: Pending<string, void>[] = [];
  const pending = <I, O>(list: Pending<I, O>[]) =>
    fromPromise<O, I>(({ input }) => new Promise<O>((resolve, reject) => list.push({ input, resolve, reject })));
  const actor = createActor(
    courseDetailMachine.provide({ actors: { loadCourse: pending(loads), saveLike: pending(likes), enrolCourse: pending(enrols) } }),
    { input: { id } },
  ).start();
  return { actor, loads, likes, enrols, view: () => selectCourseDetailView(actor.getSnapshot()) };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('course-detail machine', () => {
  it('loads the course by id', async () => {
    const { actor, loads, view } = start('7');
    expect(view().status).toBe('loading');
    expect(loads.map((l) => l.input)).toEqual(['7']);
    loads[0].resolve(sampleCourse);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view()).toMatchObject({ status: 'ready', course: sampleCourse, failure: null, likeBusy: false, enrolBusy: false });
  });

  it("shows a load failure with the server's message and retries", async () => {
    const { actor, loads, view } = start();
    loads[0].reject(new SubmissionError('The service is unavailable.'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().failure).toEqual({ kind: 'server', message: 'The service is unavailable.' });
    actor.send({ type: 'retry' });
    expect(loads).toHaveLength(2);
    loads[1].resolve(sampleCourse);
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('likes at once (optimistic) and keeps it when the server agrees', async () => {
    const { actor, loads, likes, view } = start();
    loads[0].resolve(sampleCourse);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'like.toggle' });
    expect(view().course).toMatchObject({ liked: true, likes: 6 });
    expect(view().likeBusy).toBe(true);
    // A second press while saving is ignored: one call at a time keeps the rollback exact.
    actor.send({ type: 'like.toggle' });
    expect(likes.map((l) => l.input)).toEqual([{ id: '2', liked: true }]);
    likes[0].resolve();
    await settle();
    expect(view()).toMatchObject({ likeBusy: false, likeFailure: null, course: { liked: true, likes: 6 } });
    actor.send({ type: 'like.toggle' });
    expect(likes[1].input).toEqual({ id: '2', liked: false });
    expect(view().course).toMatchObject({ liked: false, likes: 5 });
  });

  it('puts the like back when the server refuses it', async () => {
    const { actor, loads, likes, view } = start();
    loads[0].resolve({ ...sampleCourse, liked: true, likes: 3 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'like.toggle' });
    expect(view().course).toMatchObject({ liked: false, likes: 2 });
    likes[0].reject(new SubmissionError('Could not save.'));
    await settle();
    expect(view()).toMatchObject({ likeBusy: false, likeFailure: { kind: 'server', message: 'Could not save.' }, course: { liked: true, likes: 3 } });
    likes.length = 0;
    actor.send({ type: 'like.toggle' });
    expect(view().likeFailure).toBeNull();
    likes[0].reject(new TypeError('Failed to fetch'));
    await settle();
    expect(view().likeFailure).toEqual({ kind: 'generic' });
  });

  it('enrols once, then shows the course in progress; a refusal keeps it not enrolled', async () => {
    const { actor, loads, enrols, view } = start();
    loads[0].resolve(sampleCourse);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'enrol' });
    expect(view().enrolBusy).toBe(true);
    enrols[0].reject(new SubmissionError('Enrolment is closed.'));
    await settle();
    expect(view()).toMatchObject({ enrolBusy: false, enrolFailure: { kind: 'server', message: 'Enrolment is closed.' }, course: { status: 'not_enrolled' } });
    actor.send({ type: 'enrol' });
    enrols[1].resolve();
    await settle();
    expect(view()).toMatchObject({ enrolFailure: null, course: { status: 'in_progress', enrolment_count: 11 } });
    actor.send({ type: 'enrol' });
    expect(enrols).toHaveLength(2);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enrol, getCourse, getDepartments, likeCourse, listCourses, unlikeCourse } from './courses.api';
import { json, stubFetch, tokenFor } from './test-helpers';
import { trackWrite } from './page-data';
import { setToken } from '../platform/storage/token-storage';
import { cardPage, sampleCard, sampleCourse } from '../ui/courses/samples';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setToken(tokenFor('1')));

const noContent = () => new Response(null, { status: 204 });
const pathOf = (r: Request) => new URL(r.url).pathname;
const paramsOf = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);

describe('course calls', () => {
  it.each([
    ['all', '/api/courses'],
    ['latest', '/api/courses/latest'],
    ['ranking', '/api/courses/ranking'],
    ['recommended', '/api/courses/recommended'],
    ['mine', '/api/courses/mine'],
    ['search', '/api/courses/search'],
  ] as const)('lists %s from %s with the query, blank filters left out', async (list, path) => {
    const net = stubFetch(() => json(cardPage([sampleCard])));
    await expect(listCourses(list, { q: ' ethics ', kind: 'elective', department: '', page: 2, per_page: 12 })).resolves.toEqual(cardPage([sampleCard]));
    expect(pathOf(net.last())).toBe(path);
    expect(paramsOf(net.last())).toEqual({ q: 'ethics', kind: 'elective', page: '2', per_page: '12' });
    expect(net.last().headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses a list that breaks the contract', async () => {
    stubFetch(() => json({ data: [{ ...sampleCard, kind: 'optional' }], page: 1, per_page: 12, total: 1 }));
    await expect(listCourses('all')).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });

  it('rejects with the server message', async () => {
    stubFetch(() => json({ status_code: 400, message: 'The page is not valid.' }, 400));
    await expect(listCourses('all', { page: 0 })).rejects.toMatchObject({ status: 400, message: 'The page is not valid.' });
  });

  it('passes an abort signal through', async () => {
    const controller = new AbortController();
    const net = stubFetch(() => new Promise<Response>(() => undefined));
    void listCourses('all', {}, { signal: controller.signal }).catch(() => undefined);
    await vi.waitFor(() => expect(net.requests).toHaveLength(1));
    expect(net.last().signal.aborted).toBe(false);
    controller.abort();
    expect(net.last().signal.aborted).toBe(true);
  });

  it('reads the departments and a course', async () => {
    const net = stubFetch((r) => (pathOf(r) === '/api/courses/departments' ? json([{ id: '1', name: 'Sales' }]) : json(sampleCourse)));
    await expect(getDepartments()).resolves.toEqual([{ id: '1', name: 'Sales' }]);
    await expect(getCourse('2')).resolves.toEqual(sampleCourse);
    expect(pathOf(net.last())).toBe('/api/courses/2');
  });

  it('asks for a course only once the on-screen records this tab is sending have arrived (completion depends on them)', async () => {
    const net = stubFetch(() => json(sampleCourse));
    let arrive!: () => void;
    trackWrite(new Promise<void>((resolve) => (arrive = resolve)));
    const course = getCourse('2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(net.requests, 'not asked while the record is in flight').toHaveLength(0);
    arrive();
    await expect(course).resolves.toEqual(sampleCourse);
    expect(net.requests).toHaveLength(1);
  });

  it('enrols, likes and unlikes with the right verbs', async () => {
    const net = stubFetch(noContent);
    await enrol('2');
    await likeCourse('2');
    await unlikeCourse('2');
    expect(net.requests.map((r) => `${r.method} ${pathOf(r)}`)).toEqual(['POST /api/courses/2/enrol', 'PUT /api/courses/2/like', 'DELETE /api/courses/2/like']);
  });
});

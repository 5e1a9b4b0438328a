import { describe, expect, it } from 'vitest';
import { currentLanguage } from '../api/http';
import { courseDetailSchema } from '../api/schemas/courses.schema';
import { coursePath } from '../api/schemas/courses.paths';
import { sampleCourse } from '../ui/courses/samples';
import { firstAnswerOf } from './first-answer';

// ADR 094: the page reads the loader's first answer with its contract, or gets null (its machine asks).

const read = { path: coursePath, params: { id: '2' } };
const handed = (answers: Record<string, unknown>, language = currentLanguage()) => ({ language, answers });

describe('the first answer a page receives from its loader', () => {
  it('is the answer for this request, read with the contract', () => {
    expect(firstAnswerOf(handed({ 'courses/2?': sampleCourse }), read, courseDetailSchema)).toEqual(sampleCourse);
  });

  it('is null for another request, another language, an answer the contract refuses, or no loader data', () => {
    expect(firstAnswerOf(handed({ 'courses/3?': sampleCourse }), read, courseDetailSchema)).toBeNull();
    expect(firstAnswerOf(handed({ 'courses/2?': sampleCourse }, 'xx'), read, courseDetailSchema)).toBeNull();
    expect(firstAnswerOf(handed({ 'courses/2?': { ...sampleCourse, likes: 'many' } }), read, courseDetailSchema)).toBeNull();
    expect(firstAnswerOf(undefined, read, courseDetailSchema)).toBeNull();
  });

  it('names a query in any order', () => {
    const list = { path: '/api/courses', query: { per_page: '12', page: '1' } };
    const schema = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };
    expect(firstAnswerOf(handed({ 'courses?page=1&per_page=12': 'page one' }), list, schema)).toBe('page one');
  });
});

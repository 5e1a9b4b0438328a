import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { vocabBookmarksSchema, vocabListSchema } from '../../src/api/schemas/vocab.schema';
import { DEMO_VOCAB, DEMO_VOCAB_BOOKMARKS } from '../db/fixtures/demo-vocab';
import { vocabEntries } from '../db/schema';
import { createTestContext, type TestContext } from '../test-support';
import { signIn, type Learner } from '../testing/content-factory';

let ctx: TestContext;
let agent01: Learner;
let agent02: Learner;
beforeAll(async () => {
  ctx = await createTestContext();
  agent01 = await signIn(ctx, 'agent01');
  agent02 = await signIn(ctx, 'agent02');
});
afterAll(() => ctx?.close());

const glossary = async (learner: Learner) => {
  const res = await learner.request('/api/vocabs');
  expect(res.status).toBe(200);
  return vocabListSchema.parse(await res.json());
};
const lastUpdate = async (learner: Learner) => {
  const res = await learner.request('/api/vocabs/last_update');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
};
const bookmarkedWords = async (learner: Learner) => {
  const res = await learner.request('/api/vocabs/bookmarks');
  expect(res.status).toBe(200);
  const ids = new Set(vocabBookmarksSchema.parse(await res.json()).map((b) => b.id));
  return (await glossary(learner)).filter((e) => ids.has(e.id)).map((e) => e.word_en);
};
const idOf = async (word: string) => (await glossary(agent01)).find((e) => e.word_en === word)!.id;

describe('GET /api/vocabs', () => {
  it('answers the whole demo glossary in the order of its English words, with ISO times', async () => {
    const entries = await glossary(agent01);
    expect(entries.map((e) => e.word_en)).toEqual(DEMO_VOCAB.map((v) => v.wordEn).sort((a, b) => a.localeCompare(b, 'en')));
    const cooling = entries.find((e) => e.word_en === 'Cooling-off period')!;
    expect(cooling).toMatchObject({ word_zh_cn: '冷静期', word_zh_hk: '冷靜期' });
    expect(cooling.explanation_zh_hk).toContain('保單');
    expect(cooling.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('refuses a caller without a token', async () => {
    expect((await ctx.request('/api/vocabs')).status).toBe(401);
    expect((await ctx.request('/api/vocabs/last_update')).status).toBe(401);
  });
});

describe('GET /api/vocabs/last_update', () => {
  it('moves later at every change of the glossary, a removal included', async () => {
    const times = [await lastUpdate(agent01)];
    expect(Number.isNaN(Date.parse(times[0]))).toBe(false);
    const db = ctx.database.db;
    const [added] = await db
      .insert(vocabEntries)
      .values({ wordEn: 'Agent', wordZhCn: '代理人', wordZhHk: '代理人', explanationEn: 'x', explanationZhCn: 'x', explanationZhHk: 'x' })
      .returning({ id: vocabEntries.id });
    times.push(await lastUpdate(agent01));
    await db.update(vocabEntries).set({ explanationEn: 'A person appointed to sell for an insurer.' }).where(eq(vocabEntries.id, added.id));
    times.push(await lastUpdate(agent01));
    await db.delete(vocabEntries).where(eq(vocabEntries.id, added.id));
    times.push(await lastUpdate(agent01));
    for (let i = 1; i < times.length; i++) expect(Date.parse(times[i]), `change ${i}`).toBeGreaterThan(Date.parse(times[i - 1]));
    expect((await glossary(agent01)).some((e) => e.word_en === 'Agent')).toBe(false);
  });
});

describe('vocabulary bookmarks', () => {
  it('keeps each learner’s own: the demo’s two for agent01, none for agent02', async () => {
    expect((await bookmarkedWords(agent01)).sort()).toEqual([...DEMO_VOCAB_BOOKMARKS].sort());
    expect(await bookmarkedWords(agent02)).toEqual([]);
  });

  it('adds with PUT and takes back with DELETE; a repeat changes nothing', async () => {
    const premium = await idOf('Premium');
    for (let i = 0; i < 2; i++) expect((await agent02.request(`/api/vocabs/bookmarks/${premium}`, { method: 'PUT' })).status).toBe(204);
    expect(await bookmarkedWords(agent02)).toEqual(['Premium']);
    expect(await bookmarkedWords(agent01)).not.toContain('Premium');
    for (let i = 0; i < 2; i++) expect((await agent02.request(`/api/vocabs/bookmarks/${premium}`, { method: 'DELETE' })).status).toBe(204);
    expect(await bookmarkedWords(agent02)).toEqual([]);
  });

  it('answers 404 for an entry that does not exist and 400 for an id that is not one', async () => {
    const missing = await agent01.request('/api/vocabs/bookmarks/987654', { method: 'PUT' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('This vocabulary entry does not exist.');
    expect((await agent01.request('/api/vocabs/bookmarks/abc', { method: 'PUT' })).status).toBe(400);
  });

  it('refuses a write without the XSRF header, and a caller without a token', async () => {
    const premium = await idOf('Premium');
    expect((await ctx.request(`/api/vocabs/bookmarks/${premium}`, { method: 'PUT', token: agent02.token, xsrf: false })).status).toBe(403);
    expect((await ctx.request(`/api/vocabs/bookmarks/${premium}`, { method: 'PUT' })).status).toBe(401);
    expect(await bookmarkedWords(agent02)).toEqual([]);
  });
});

describe('vocabulary: the feature flag', () => {
  it('answers 404 everywhere while the vocab feature is off (SPEC §9 default)', async () => {
    const off = await createTestContext({ config: { demoMode: false } });
    try {
      const learner = await signIn(off, 'agent01');
      for (const [path, method] of [
        ['/api/vocabs', 'GET'],
        ['/api/vocabs/last_update', 'GET'],
        ['/api/vocabs/bookmarks', 'GET'],
        ['/api/vocabs/bookmarks/1', 'PUT'],
        ['/api/vocabs/bookmarks/1', 'DELETE'],
      ]) {
        expect((await learner.request(path, { method })).status, `${method} ${path}`).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});

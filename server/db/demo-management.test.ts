import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedEnrolmentListSchema, reportSchema } from '../../src/api/schemas/management.schema';
import { createTestContext, type TestContext } from '../test-support';
import { signIn } from '../testing/content-factory';

// Issue 14 demo content for /management, read through the API as manager01.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('demo management', () => {
  it('manager01 sees pending, confirmed, rejected and assigned enrolments, and a report with CPD hours and an overdue course', async () => {
    const m = await signIn(ctx, 'manager01', 'Manager2026');
    const list = async (path: string) => managedEnrolmentListSchema.parse(await (await m.request(path)).json());
    expect((await list('/api/management/enrolments?list=pending')).data.map((e) => e.agent_code)).toEqual(expect.arrayContaining(['agent02', 'agent03', 'agent01', 'recruit01']));
    expect((await list('/api/management/enrolments?list=confirmed')).data.map((e) => e.agent_code)).toEqual(expect.arrayContaining(['agent01', 'agent03']));
    const rejected = await list('/api/management/enrolments?list=rejected');
    expect(rejected.data[0]).toMatchObject({ agent_code: 'agent02', reason: 'Please attend the next run after your AML course.' });
    expect((await list('/api/management/assignments')).data.map((e) => e.agent_code)).toContain('agent01');
    const report = reportSchema.parse(await (await m.request('/api/management/report')).json());
    const agent01 = report.rows.find((r) => r.agent_code === 'agent01')!;
    expect(agent01.cpd_ethics_hours).toBeGreaterThanOrEqual(3);
    expect(agent01.on_screen_hours).toBeGreaterThan(0);
    expect(report.rows.find((r) => r.agent_code === 'agent02')!.overdue).toBe(1);
  });
});

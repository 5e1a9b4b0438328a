import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '../../src/api/schemas/app-config.schema';
import { demoAppConfig, specDefaultAppConfig } from '../../src/config/app-config.defaults';
import { createApp } from '../app';
import { testConfig } from '../config';
import { createTestContext, TEST_SECRET, type TestContext } from '../test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { sessionTimeoutSeconds: 900, sessionWarningSeconds: 90 } });
});
afterAll(() => ctx?.close());

const appWith = (overrides: Parameters<typeof testConfig>[0]) =>
  createApp({ config: testConfig(overrides), db: ctx.database.db, secret: TEST_SECRET, mailer: ctx.services.mailer, log: () => {} }).app;

describe('GET /api/app-config', () => {
  it('answers the demo configuration (every feature on) with the timeouts from the environment, without sign-in', async () => {
    const res = await ctx.request('/api/app-config');
    expect(res.status).toBe(200);
    const body = appConfigSchema.parse(await res.json());
    expect(body.appEnabledFunction).toMatchObject({ mockExam: true, learningMap: true, vocab: true, recommend: true, discussion: true, offlineCourse: true });
    expect(body.appEnabledFunction.setTimeoutFunction).toEqual({ enabled: true, timeoutTimeSecond: 900, confirmBoxTimeleftSecond: 90 });
    expect({ ...body, appEnabledFunction: { ...body.appEnabledFunction, setTimeoutFunction: demoAppConfig.appEnabledFunction.setTimeoutFunction } }).toEqual(demoAppConfig);
  });

  it('answers the spec defaults with DEMO_MODE=0', async () => {
    const body = await (await appWith({ demoMode: false }).request('/api/app-config')).json();
    expect(body).toEqual(specDefaultAppConfig);
    expect(body.appEnabledFunction).toMatchObject({ mockExam: false, learningMap: false, vocab: false, offlineCourse: true });
  });

  it('follows TWO_FACTOR_REQUIRED', async () => {
    const body = await (await appWith({ twoFactorRequired: true }).request('/api/app-config')).json();
    expect(body.twoFactorRequired).toBe(true);
  });

  it('answers continualAuthentication from the environment: on in the demo, off by the spec, minutes by default', async () => {
    const demo = appConfigSchema.parse(await (await ctx.request('/api/app-config')).json());
    expect(demo.appEnabledFunction.continualAuthentication).toEqual({ enabled: true, min: 15, max: 30, unitSeconds: 60 });
    const spec = await (await appWith({ demoMode: false }).request('/api/app-config')).json();
    expect(spec.appEnabledFunction.continualAuthentication).toEqual({ enabled: false, min: 15, max: 30, unitSeconds: 60 });
    const short = await (await appWith({ continualAuth: { enabled: true, min: 2, max: 4, unitSeconds: 1, slackSeconds: 120 } }).request('/api/app-config')).json();
    expect(short.appEnabledFunction.continualAuthentication).toEqual({ enabled: true, min: 2, max: 4, unitSeconds: 1 });
  });

  it('lets an iPhone user close the download-app dialog in the demo (no app exists), but not with DEMO_MODE=0 (SPEC §9)', async () => {
    const demo = appConfigSchema.parse(await (await ctx.request('/api/app-config')).json());
    expect(demo.downloadApp).toEqual({ enabled: true, closable: true, blockplatform: ['ios'], link: null });
    const spec = appConfigSchema.parse(await (await appWith({ demoMode: false }).request('/api/app-config')).json());
    expect(spec.downloadApp).toEqual({ enabled: true, closable: false, blockplatform: ['ios'], link: null });
  });

  it('has no /api/demo/outbox with DEMO_MODE=0', async () => {
    const res = await appWith({ demoMode: false }).request('/api/demo/outbox');
    expect(res.status).toBe(404);
    expect((await res.json()).status_code).toBe(404);
  });
});

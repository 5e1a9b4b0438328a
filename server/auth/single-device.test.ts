import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/config/constants';
import { loadConfig } from '../config';
import { createTestContext, type TestContext } from '../test-support';

const PHONE = '0b5b7f6e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const LAPTOP = '9c8d7e6f-5a4b-4c3d-9e2f-1a0b9c8d7e6f';

describe('single-device sessions (SINGLE_DEVICE_SESSIONS)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { singleDeviceSessions: true } });
  });
  afterAll(() => ctx.close());

  async function loginFrom(clientId: string, externalId = 'agent01', password = 'Learner2026'): Promise<string> {
    const res = await ctx.request('/api/auth/login', { method: 'POST', json: { external_id: externalId, password }, headers: { [HEADER.clientId]: clientId } });
    expect(res.status).toBe(200);
    return res.text();
  }
  const current = (token: string, lang?: string) =>
    ctx.request('/api/users/current', { token, headers: lang ? { [HEADER.language]: lang } : {} });

  it('a sign-in from another device expires the older session with "The device has been expired"', async () => {
    const onPhone = await loginFrom(PHONE);
    expect((await current(onPhone)).status).toBe(200);

    const onLaptop = await loginFrom(LAPTOP);
    const refused = await current(onPhone);
    expect(refused.status).toBe(401);
    const body = (await refused.json()) as { status_code: number; message: string };
    expect(body.status_code).toBe(401);
    expect(body.message).toContain('The device has been expired');
    expect((await current(onLaptop)).status).toBe(200);
  });

  it('keeps the recognisable words in every language (the client matches them)', async () => {
    const old = await loginFrom(PHONE);
    await loginFrom(LAPTOP);
    for (const lang of ['zh-HK', 'zh-CN', 'en']) {
      const res = await current(old, lang);
      expect(((await res.json()) as { message: string }).message).toContain('The device has been expired');
    }
  });

  it('a refresh of an expired device is refused too', async () => {
    const old = await loginFrom(PHONE);
    await loginFrom(LAPTOP);
    const res = await ctx.request('/api/auth/refresh', { method: 'POST', token: old });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toContain('The device has been expired');
  });

  it('the same browser signing in again is not another device; other users are untouched', async () => {
    const first = await loginFrom(LAPTOP);
    const other = await loginFrom(PHONE, 'agent02', 'Learner2026');
    const second = await loginFrom(LAPTOP);
    expect((await current(first)).status).toBe(200);
    expect((await current(second)).status).toBe(200);
    expect((await current(other)).status).toBe(200);
  });
});

describe('SINGLE_DEVICE_SESSIONS setting', () => {
  it('follows DEMO_MODE when unset and can be set either way', () => {
    const read = (env: Record<string, string>) => {
      const r = loadConfig({ DATA_DIR: '/x', ...env });
      if (!r.ok) throw new Error(r.errors.join());
      return r.config.singleDeviceSessions;
    };
    expect(read({})).toBe(true);
    expect(read({ DEMO_MODE: '0' })).toBe(false);
    expect(read({ DEMO_MODE: '0', SINGLE_DEVICE_SESSIONS: '1' })).toBe(true);
    expect(read({ SINGLE_DEVICE_SESSIONS: 'off' })).toBe(false);
    expect(loadConfig({ SINGLE_DEVICE_SESSIONS: 'maybe' }).ok).toBe(false);
  });
});

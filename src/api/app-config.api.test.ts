import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppConfig } from './app-config.api';
import { InvalidResponseError } from './http';
import { demoAppConfig } from '../config/app-config.defaults';
import { json, stubFetch } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

describe('app config call', () => {
  it('reads GET app-config without a token', async () => {
    const net = stubFetch(() => json(demoAppConfig));
    await expect(getAppConfig()).resolves.toEqual(demoAppConfig);
    expect(net.last().url).toBe(`${location.origin}/api/app-config`);
    expect(net.last().headers.has('Authorization')).toBe(false);
  });

  it('rejects a configuration with a missing section', async () => {
    const { appEnabledFunction: _dropped, ...broken } = demoAppConfig;
    stubFetch(() => json(broken));
    const error = (await getAppConfig().catch((e: unknown) => e)) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.details).toContain('appEnabledFunction');
  });
});

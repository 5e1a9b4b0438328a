import type { AppConfig } from '../../src/api/schemas/app-config.schema';
import { demoAppConfig, specDefaultAppConfig } from '../../src/config/app-config.defaults';
import type { ServerConfig } from '../config';

/** DESIGN §6: the spec's values, or the demo's (every feature on); timeouts and continual
 * authentication from the environment. */
export function buildAppConfig(config: ServerConfig): AppConfig {
  const base = config.demoMode ? demoAppConfig : specDefaultAppConfig;
  return {
    ...base,
    twoFactorRequired: config.twoFactorRequired,
    appEnabledFunction: {
      ...base.appEnabledFunction,
      offlineCourse: base.appEnabledFunction.offlineCourse && config.offlineCourse,
      setTimeoutFunction: {
        ...base.appEnabledFunction.setTimeoutFunction,
        timeoutTimeSecond: config.sessionTimeoutSeconds,
        confirmBoxTimeleftSecond: config.sessionWarningSeconds,
      },
      continualAuthentication: { enabled: config.continualAuth.enabled, min: config.continualAuth.min, max: config.continualAuth.max, unitSeconds: config.continualAuth.unitSeconds },
    },
  };
}

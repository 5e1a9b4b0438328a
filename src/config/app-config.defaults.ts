import type { AppConfig } from '../api/schemas/app-config.schema';
import {
  CONTINUAL_AUTH_MAX,
  CONTINUAL_AUTH_MIN,
  CONTINUAL_AUTH_UNIT_SECONDS,
  DEFAULT_SESSION_TIMEOUT_SECONDS,
  DEFAULT_SESSION_WARNING_SECONDS,
  PRODUCT_TITLE,
  UPLOAD_LIMIT_FILE_BYTES,
  UPLOAD_LIMIT_IMAGE_BYTES,
  UPLOAD_LIMIT_VIDEO_BYTES,
} from './constants';

/** SPEC §9's values. The server answers these unless the demo (or env) turns features on. */
export const specDefaultAppConfig: AppConfig = {
  productTitle: PRODUCT_TITLE,
  defaultLanguage: 'en',
  login: {
    externalId: true,
    simpleLogin: true,
    twoFactor: true,
    languageChange: true,
    forgotPassword: true,
    register: false,
    disclaimer: false,
    singleSignOn: false,
  },
  twoFactorRequired: false,
  appEnabledFunction: {
    mockExam: false,
    learningMap: false,
    vocab: false,
    quizResult: true,
    recommend: false,
    discussion: false,
    offlineCourse: true,
    sideNav: true,
    setTimeoutFunction: {
      enabled: true,
      timeoutTimeSecond: DEFAULT_SESSION_TIMEOUT_SECONDS,
      confirmBoxTimeleftSecond: DEFAULT_SESSION_WARNING_SECONDS,
    },
    continualAuthentication: { enabled: false, min: CONTINUAL_AUTH_MIN, max: CONTINUAL_AUTH_MAX, unitSeconds: CONTINUAL_AUTH_UNIT_SECONDS },
  },
  uploadLimits: {
    file: UPLOAD_LIMIT_FILE_BYTES,
    video: UPLOAD_LIMIT_VIDEO_BYTES,
    image: UPLOAD_LIMIT_IMAGE_BYTES,
  },
  downloadApp: { enabled: true, closable: false, blockplatform: ['ios'], link: null },
};

/** The demo that `npm start` runs turns every feature on (DESIGN §6). */
export const demoAppConfig: AppConfig = {
  ...specDefaultAppConfig,
  appEnabledFunction: {
    ...specDefaultAppConfig.appEnabledFunction,
    mockExam: true,
    learningMap: true,
    vocab: true,
    recommend: true,
    discussion: true,
    offlineCourse: true,
    continualAuthentication: { ...specDefaultAppConfig.appEnabledFunction.continualAuthentication, enabled: true },
  },
  // The demo has no app to download: the spec's dialog that cannot be closed would leave an iPhone
  // user with no way in. It still shows (the feature is visible) but with OK; DEMO_MODE=0 blocks.
  downloadApp: { ...specDefaultAppConfig.downloadApp, closable: true },
};

import { z } from 'zod/mini';

/** GET /api/app-config (no sign-in needed): SPEC §9 configuration, read by the client at start. */
export const appConfigSchema = z.object({
  productTitle: z.string(),
  defaultLanguage: z.enum(['en', 'cn', 'zh']),
  login: z.object({
    externalId: z.boolean(),
    simpleLogin: z.boolean(),
    twoFactor: z.boolean(),
    languageChange: z.boolean(),
    forgotPassword: z.boolean(),
    register: z.boolean(),
    disclaimer: z.boolean(),
    singleSignOn: z.boolean(),
  }),
  /** Whether the second factor must be passed before pages open. */
  twoFactorRequired: z.boolean(),
  appEnabledFunction: z.object({
    mockExam: z.boolean(),
    learningMap: z.boolean(),
    vocab: z.boolean(),
    quizResult: z.boolean(),
    recommend: z.boolean(),
    discussion: z.boolean(),
    offlineCourse: z.boolean(),
    sideNav: z.boolean(),
    setTimeoutFunction: z.object({
      enabled: z.boolean(),
      timeoutTimeSecond: z.int().check(z.positive()),
      confirmBoxTimeleftSecond: z.int().check(z.nonnegative()),
    }),
    /** SPEC §4: a prompt after a random whole number of units in [min, max); a unit is unitSeconds
     * long (60: minutes; tests shorten it). */
    continualAuthentication: z.object({
      enabled: z.boolean(),
      min: z.int().check(z.nonnegative()),
      max: z.int().check(z.positive()),
      unitSeconds: z.int().check(z.positive()),
    }),
  }),
  uploadLimits: z.object({
    file: z.int(),
    video: z.int(),
    image: z.int(),
  }),
  downloadApp: z.object({
    enabled: z.boolean(),
    closable: z.boolean(),
    blockplatform: z.array(z.enum(['ios', 'android'])),
    /** null when this environment has no app to download. */
    link: z.nullable(z.string()),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

import { z } from 'zod';

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
      timeoutTimeSecond: z.number().int().positive(),
      confirmBoxTimeleftSecond: z.number().int().nonnegative(),
    }),
    continualAuthentication: z.object({
      enabled: z.boolean(),
      min: z.number().int().nonnegative(),
      max: z.number().int().positive(),
    }),
  }),
  uploadLimits: z.object({
    file: z.number().int(),
    video: z.number().int(),
    image: z.number().int(),
  }),
  downloadApp: z.object({
    enabled: z.boolean(),
    closable: z.boolean(),
    blockplatform: z.array(z.enum(['ios', 'android'])),
    /** null when this environment has no app to download. */
    link: z.string().nullable(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

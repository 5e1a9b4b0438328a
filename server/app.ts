import { bodyLimit } from 'hono/body-limit';
import { putCoverRoute, putIconRoute } from '../src/api/schemas/profile-pictures.routes';
import { PICTURE_MAX_BYTES } from '../src/api/schemas/profile-pictures.schema';
import { postCpdClaimRoute } from '../src/api/schemas/cpd-claim.routes';
import { UPLOAD_LIMIT_FILE_BYTES } from '../src/config/constants';
import { requireAuth, requirePasswordChanged, requireSecondFactorWhenRequired } from './auth/bearer';
import { createTokenSigner } from './auth/jwt';
import { createRateLimiter } from './auth/rate-limit';
import { createSessionService } from './auth/sessions';
import { createXsrf } from './auth/xsrf';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import type { Db } from './db/client';
import { registerApiDocs } from './http/api-docs';
import { compressJson } from './http/compress-json';
import { ApiApp } from './http/define-route';
import { errorResponse, handleError } from './http/errors';
import { SECURITY_HEADERS, securityHeaders } from './http/security-headers';
import { isWholeAnswer } from './http/whole-answer';
import type { AppServices } from './http/services';
import { serveSpa } from './http/static-files';
import { xsrfProtection } from './http/xsrf.middleware';
import type { Mailer } from './mail/mailer';
import { createFileStore, type FileStore } from './storage/file-store';
import path from 'node:path';
import { registerAccountMergeRoutes } from './routes/account-merge.routes';
import { registerAppConfigRoutes } from './routes/app-config.routes';
import { registerLearningMapRoutes } from './routes/learning-map.routes';
import { registerReadingNoteRoutes } from './routes/reading-note.routes';
import { registerCourseRecommendationRoutes } from './routes/course-recommendation.routes';
import { registerNewJoinerWelcomeRoutes } from './routes/new-joiner-welcome.routes';
import { registerHomeSummaryRoutes } from './routes/home-summary.routes';
import { registerEvidenceReplayRoutes } from './routes/evidence-replay.routes';
import { registerCpdStatementRoutes } from './routes/cpd-statement.routes';
import { registerCpdClaimRoutes } from './routes/cpd-claim.routes';
import { registerCpdLedgerRoutes } from './routes/cpd-ledger.routes';
import { registerCpdReportRoutes } from './routes/cpd-report.routes';
import { registerCpdTeamRoutes } from './routes/cpd-team.routes';
import { registerAchievementsRoutes } from './routes/achievements.routes';
import { registerVocabRoutes } from './routes/vocab.routes';
import { registerNotificationsRoutes } from './routes/notifications.routes';
import { registerLearningHistoryRoutes } from './routes/learning-history.routes';
import { registerFeedbackFormsRoutes } from './routes/feedback-forms.routes';
import { registerAttachmentRoutes } from './routes/attachments.routes';
import { registerAuthRoutes } from './routes/sign-in.routes';
import { registerCourseRoutes } from './routes/courses.routes';
import { registerFileRoutes } from './routes/files.routes';
import { registerDemoRoutes } from './routes/demo.routes';
import { registerIdentityCheckRoutes } from './routes/identity-checks.routes';
import { registerMaterialRoutes } from './routes/materials.routes';
import { registerNewsRoutes } from './routes/news.routes';
import { registerOfflineCourseRoutes } from './routes/offline-courses.routes';
import { registerOfflineEnrolmentRoutes } from './routes/offline-enrolments.routes';
import { registerManagementRoutes } from './routes/management.routes';
import { registerOfflineTrainerRoutes } from './routes/offline-trainer.routes';
import { registerMockExamRoutes } from './routes/mock-exams.routes';
import { registerQuizRoutes } from './routes/quizzes.routes';
import { registerExamCertificateRoutes } from './routes/exam-certificate.routes';
import { registerRecruitAccountRoutes } from './routes/recruit-accounts.routes';
import { registerScormFileRoutes, registerScormRoutes } from './routes/scorm.routes';
import { registerOnScreenLogRoutes } from './routes/on-screen-time.routes';
import { registerViewingRoutes } from './routes/viewings.routes';
import { registerTwoFactorRoutes } from './routes/two-factor.routes';
import { registerUserRoutes } from './routes/users.routes';
import { registerProfilePictureRoutes } from './routes/profile-pictures.routes';
import { createBackgroundTasks, type BackgroundTasks } from './tasks';

const API_CACHE_CONTROL = 'no-store';

// JSON calls are small. A profile picture may take the spec's image limit (SPEC §9: 2 MB; the
// browser scales it down first).
const API_BODY_LIMIT_BYTES = 1024 * 1024;
const PICTURE_UPLOAD_PATHS = new Set([putIconRoute.path, putCoverRoute.path]);
// ADR 086: a CPD claim carries its evidence, a PDF up to the spec's file limit (the image limit for a
// picture is checked by the bytes), plus the form's few fields.
const CPD_CLAIM_BODY_LIMIT_BYTES = UPLOAD_LIMIT_FILE_BYTES + 64 * 1024;
const isCpdClaimUpload = (method: string, path: string) => (method === 'POST' && path === postCpdClaimRoute.path) || (method === 'PUT' && /^\/api\/cpd\/claims\/[^/]+$/.test(path));

export interface AppDeps {
  config: ServerConfig;
  db: Db;
  /** The signing secret (see auth/secret.ts). */
  secret: string;
  mailer: Mailer;
  clock?: Clock;
  /** The built SPA (dist/) to serve beside /api. */
  staticDir?: string;
  log?: (line: string) => void;
  tasks?: BackgroundTasks;
  /** Attachment files; default DATA_DIR/files. */
  files?: FileStore;
}

/** Builds the whole HTTP app without listening: main.ts serves it, tests call app.request(). */
export function createApp(deps: AppDeps) {
  const log = deps.log ?? ((line: string) => console.log(line));
  const clock = deps.clock ?? systemClock;
  const sessions = createSessionService({
    db: deps.db,
    signer: createTokenSigner(deps.secret),
    clock,
    timeoutSeconds: deps.config.sessionTimeoutSeconds,
    singleDevice: deps.config.singleDeviceSessions,
  });
  const authenticated = requireAuth(sessions);
  const secondFactor = requireSecondFactorWhenRequired(deps.config.twoFactorRequired);
  const services: AppServices = {
    config: deps.config,
    db: deps.db,
    clock,
    mailer: deps.mailer,
    sessions,
    xsrf: createXsrf(deps.secret, sessions),
    tasks: deps.tasks ?? createBackgroundTasks(log),
    log,
    requireAuth: authenticated,
    requireFullAuth: [authenticated, secondFactor, requirePasswordChanged()],
    requireAuthToChangePassword: [authenticated, secondFactor],
    rateLimiter: createRateLimiter({ db: deps.db, clock, ...deps.config.rateLimit }),
    files: deps.files ?? createFileStore(path.join(deps.config.dataDir, 'files')),
    secret: deps.secret,
  };

  // Validation failures answer 400 with the first problem, translated: see http/define-route.ts.
  const app = new ApiApp();

  app.use('*', securityHeaders());
  // Outermost on /api, so it sees every JSON answer as sent, errors included (ADR 015). A small
  // answer it builds whole, with the headers of the middleware around it (ADR 037).
  app.use('/api/*', compressJson({ wholeAnswerHeaders: { ...SECURITY_HEADERS, 'cache-control': API_CACHE_CONTROL } }));
  // Tokens and personal data must not sit in shared caches; the API docs' assets set their own.
  app.use('/api/*', async (c, next) => {
    await next();
    // On the answer's own headers: c.header() after the answer rebuilds it as a web Response (ADR 037).
    if (!isWholeAnswer(c.res) && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', API_CACHE_CONTROL);
  });
  const limitBody = bodyLimit({ maxSize: API_BODY_LIMIT_BYTES, onError: (c) => errorResponse(c, 413, 'server:payload_too_large') });
  const limitPicture = bodyLimit({ maxSize: PICTURE_MAX_BYTES, onError: (c) => errorResponse(c, 413, 'server:payload_too_large') });
  const limitClaim = bodyLimit({ maxSize: CPD_CLAIM_BODY_LIMIT_BYTES, onError: (c) => errorResponse(c, 413, 'server:payload_too_large') });
  // ADR 037: hono's bodyLimit asks every request for its body stream, which makes @hono/node-server
  // build a whole web Request; a GET or HEAD has no body to limit.
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (isCpdClaimUpload(c.req.method, c.req.path)) return limitClaim(c, next);
    return (c.req.method === 'PUT' && PICTURE_UPLOAD_PATHS.has(c.req.path) ? limitPicture : limitBody)(c, next);
  });
  app.use('/api/*', xsrfProtection(services.xsrf, sessions));

  registerAppConfigRoutes(app, services);
  registerAuthRoutes(app, services);
  registerTwoFactorRoutes(app, services);
  registerUserRoutes(app, services);
  registerProfilePictureRoutes(app, services);
  registerIdentityCheckRoutes(app, services);
  registerCourseRoutes(app, services);
  registerMaterialRoutes(app, services);
  registerNewsRoutes(app, services);
  registerAttachmentRoutes(app, services);
  registerOnScreenLogRoutes(app, services);
  registerViewingRoutes(app, services);
  registerQuizRoutes(app, services);
  registerExamCertificateRoutes(app, services);
  registerMockExamRoutes(app, services);
  registerScormRoutes(app, services);
  registerOfflineCourseRoutes(app, services);
  registerOfflineEnrolmentRoutes(app, services);
  registerRecruitAccountRoutes(app, services);
  registerAccountMergeRoutes(app, services);
  registerManagementRoutes(app, services);
  registerOfflineTrainerRoutes(app, services);
  registerFileRoutes(app, services);
  registerFeedbackFormsRoutes(app, services);
  registerNotificationsRoutes(app, services);
  registerLearningHistoryRoutes(app, services);
  registerVocabRoutes(app, services);
  registerCpdLedgerRoutes(app, services);
  registerCpdStatementRoutes(app, services);
  registerCpdTeamRoutes(app, services);
  registerCpdReportRoutes(app, services);
  registerAchievementsRoutes(app, services);
  registerCpdClaimRoutes(app, services);
  registerHomeSummaryRoutes(app, services);
  registerEvidenceReplayRoutes(app, services);
  registerLearningMapRoutes(app, services);
  registerNewJoinerWelcomeRoutes(app, services);
  registerReadingNoteRoutes(app, services);
  registerCourseRecommendationRoutes(app, services);
  registerDemoRoutes(app, services);
  registerApiDocs(app);
  // ADR 029: installed SCORM packages, same origin, listed files only.
  registerScormFileRoutes(app, { db: deps.db, scormDir: deps.config.scormDir });

  if (deps.staticDir) serveSpa(app, deps.staticDir);

  app.notFound((c) => errorResponse(c, 404, 'server:not_found'));
  app.onError((error, c) => handleError(error, c, log));

  return { app, services };
}
export type App = ReturnType<typeof createApp>['app'];

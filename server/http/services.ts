import type { MiddlewareHandler } from 'hono';
import type { RateLimiter } from '../auth/rate-limit';
import type { SessionService } from '../auth/sessions';
import type { Xsrf } from '../auth/xsrf';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { FileStore } from '../storage/file-store';
import type { BackgroundTasks } from '../tasks';
import type { AppEnv } from './context';

export type { ApiApp } from './define-route';

/** What route modules get: built once by createApp. */
export interface AppServices {
  config: ServerConfig;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionService;
  xsrf: Xsrf;
  tasks: BackgroundTasks;
  log: (line: string) => void;
  requireAuth: MiddlewareHandler<AppEnv>;
  /** requireAuth, then (TWO_FACTOR_REQUIRED) the second factor, then a changed initial password:
   * for everything but the way to them. */
  requireFullAuth: MiddlewareHandler<AppEnv>[];
  /** requireFullAuth without the password check: for changing the password itself. */
  requireAuthToChangePassword: MiddlewareHandler<AppEnv>[];
  rateLimiter: RateLimiter;
  /** Attachment files (DATA_DIR/files). */
  files: FileStore;
  /** The server secret: derive a key per purpose from it (auth/jwt.ts deriveKey). */
  secret: string;
}


/** What the auth handlers and hooks share in one app: its database, limits, throttle and mail (server/app.ts). */
import type { Knex } from 'knex';
import type { MailService } from '../../mail/index.js';
import type { AuthLimits } from './limits.js';
import type { AuthThrottle } from './throttle.js';

export interface AuthRuntime {
  db: Knex;
  limits: AuthLimits;
  throttle: AuthThrottle;
  mail: MailService;
}

/** What the auth handlers and hooks share in one app: its database, limits, throttle, mail and the spec's mail texts (server/app.ts). */
import type { Knex } from 'knex';
import type { LoginRealms } from '../../../common/bindings.js';
import type { MailTemplates } from '../../../common/model.js';
import type { MailService } from '../../mail/index.js';
import type { AuthLimits } from './limits.js';
import type { FederationConfig } from './federation/config.js';
import type { AuthThrottle } from './throttle.js';

export interface AuthRuntime {
  db: Knex;
  limits: AuthLimits;
  throttle: AuthThrottle;
  mail: MailService;
  /** The wording of the password mails (spec/platform/messages.yaml `mails`). */
  mails: MailTemplates;
  /** The login realms a client logs in as (spec/platform/bindings.yaml `loginRealms`). */
  realms: LoginRealms;
  /** Keys, issuer and audiences of single sign-on and one-time login (federation/config.ts). */
  federation: FederationConfig;
}

import type { TTokens, TUser } from '@ipatient/contracts/accounts';
import type { Database } from '@ipatient/db';
import type { Config } from '../../config.ts';
import type { OutboxMailer } from '../../lib/service-deps.ts';

export interface AuthDeps {
  db: Database;
  config: Config;
  mail: OutboxMailer;
}

/** Who is asking: the client key (for abuse limits) and the device (for the session list). */
export interface RequestContext {
  /** `request.clientKey`: the address, IPv6 cut to its /64 (lib/client-key.ts). */
  clientKey: string;
  userAgent: string | undefined;
}

export interface SignedIn {
  message: string;
  tokens: TTokens;
  result: TUser;
  sessionId: string;
}

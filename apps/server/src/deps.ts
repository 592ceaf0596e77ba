import type { IdentityDeps } from '@brigade/core/identity/auth-service';
import type { Database } from '@brigade/db/database';
import type { Config } from './config';

/** What handlers may use: passed explicitly, never read from globals. */
export interface AppDeps {
  config: Config;
  database: Database;
  version: string;
  identity: IdentityDeps;
}

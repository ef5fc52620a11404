// What the test run's global setup (apps/server/test/global-setup.ts) provides to every test file.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test PostgreSQL server (its `postgres` database). */
    adminDatabaseUrl: string;
    /** A migrated database every test file copies its own database from. */
    templateDatabase: string;
  }
}

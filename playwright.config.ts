import { defineConfig, devices } from '@playwright/test';

const port = 3107;
const baseURL = `http://127.0.0.1:${port}`;
const emptySitePort = 3108;

/**
 * `npm start` on its own port and a fresh data directory each run: abuse counters and accounts of
 * an earlier run must not carry over (the code-send limit per network address, for one).
 */
function e2eServer(options: { port: number; dataDir: string; seedDemo: boolean }) {
  const url = `http://127.0.0.1:${options.port}`;
  return {
    command: `node -e "fs.rmSync('${options.dataDir}', { recursive: true, force: true })" && npm start`,
    url: `${url}/healthz`,
    env: {
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      SEED_DEMO: String(options.seedDemo),
      LOG_LEVEL: 'warn',
      // Every test browses from 127.0.0.1, two workers at a time: far above what one visitor
      // does, so the per-address request limit is off (its own tests cover it).
      API_REQUESTS_PER_MINUTE: '0',
      // Members made through the API (test set-up) each come from an address of their own, as
      // real members do, by X-Forwarded-For through one trusted hop; the browser's own requests
      // send none and count as 127.0.0.1. Without it the suite's set-up alone would reach the
      // per-address limit of code emails.
      TRUST_PROXY: '1',
    },
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    // SIGTERM lets the server stop its embedded PostgreSQL; Playwright's default kill leaves
    // the database process running after the tests.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  };
}

/**
 * Browser tests in real Chromium. The machine's Debian Chromium is used (`apt-get install -y
 * chromium`); Playwright's own browser downloads are not available here.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  // In CI a failed test runs once more, so the report tells a flaky test from a broken one; a
  // test that passes only on its retry still fails the run (tests must not lean on timing or on
  // each other's data). Locally nothing is retried.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  reporter: 'list',
  // Most tests are whole journeys (sign-up, forms, axe on each page) on a 2-core machine that also
  // runs the server and its database: a fresh CI machine was found up to a third slower than the
  // one the suite was written on, so a test gets three times Playwright's default 30 s. A test
  // that needs longer says so with test.setTimeout.
  timeout: 90_000,
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    // The site as a newcomer gets it: demo content on a fresh database.
    e2eServer({ port, dataDir: '.data-e2e', seedDemo: true }),
    // An empty site, for tests that need to rank their own campaigns (the demo campaigns would
    // hold the leaderboard otherwise). See e2e/support/site.ts `emptySiteURL`.
    e2eServer({ port: emptySitePort, dataDir: '.data-e2e-empty', seedDemo: false }),
  ],
});

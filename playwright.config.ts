import { defineConfig, devices } from '@playwright/test';

const port = 3107;
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Browser tests in real Chromium. The machine's Debian Chromium is used (`apt-get install -y
 * chromium`); Playwright's own browser downloads are not available here.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
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
  webServer: {
    // A fresh data directory each run: abuse counters and accounts of an earlier run must not
    // carry over (the code-send limit per network address, for one).
    command: 'node -e "fs.rmSync(\'.data-e2e\', { recursive: true, force: true })" && npm start',
    url: `${baseURL}/healthz`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: '.data-e2e',
      LOG_LEVEL: 'warn',
    },
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    // SIGTERM lets the server stop its embedded PostgreSQL; Playwright's default kill leaves
    // the database process running after the tests.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});

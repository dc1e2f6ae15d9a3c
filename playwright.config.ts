import { defineConfig } from '@playwright/test';
import { phone } from './e2e/support/phone.ts';

// Journeys against the real app: the built web app (scripts/e2e.ts runs `vite build` first) served
// by the real server on an in-memory database with the demo data. Debian's Chromium, never a
// downloaded browser (ARCHITECTURE §1).
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3199);
const oidcURL = `http://127.0.0.1:${oidcPort}`;
const ci = Boolean(process.env.CI) && process.env.CI !== 'false';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  reporter: ci ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [{ name: 'phone', use: { browserName: 'chromium', ...phone } }],
  webServer: [
    {
      // Google sign-in runs against this local OpenID provider (decision 011), so it starts first.
      command: 'npx tsx e2e/support/google-provider.ts',
      url: `${oidcURL}/.well-known/openid-configuration`,
      env: { OIDC_PORT: String(oidcPort) },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'npx tsx src/server/main.ts',
      url: `${baseURL}/api/health`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseURL,
        PGLITE_DIR: 'memory://',
        DEMO_SEED: 'on',
        SEED_VENDORS: '60',
        LOG_LEVEL: 'warn',
        // Every page says who it is in X-Forwarded-For (e2e/support/auth.ts: newPhonePage), as the
        // proxy in front of production does: otherwise all journeys are one client, 127.0.0.1, and
        // share its rate limits, its open-request caps and any vendor's block of it (decision 036).
        TRUST_PROXY: '1',
        // Booking mails reach the dev mailbox within half a second (the default poll is 5 s).
        OUTBOX_POLL_MS: '500',
        GOOGLE_CLIENT_ID: 'barrio-e2e',
        GOOGLE_CLIENT_SECRET: 'barrio-e2e-secret',
        GOOGLE_DISCOVERY_URL: `${oidcURL}/.well-known/openid-configuration`,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});

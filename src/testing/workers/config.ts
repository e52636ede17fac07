/** The unit tests' backend configuration, shared by the global setup (Node) and the tests. */

/** The tests' fixed time: the demo seed's "now" (22 Nov 2026, 15:00 UTC). */
export const TEST_NOW = Date.UTC(2026, 10, 22, 15, 0, 0);

/** The origins the SPA calls in tests (vite.config.ts `test.env`), and the payment platform's demo origin. */
export const TEST_API_URL = 'http://localhost:8787';
export const TEST_VPN_API_URL = 'http://localhost:8788';
export const TEST_PAY_URL = 'http://localhost:8789';

/** What both Workers receive in the tests: demo mode, the Auth emulator's unsigned tokens, the payment secrets. */
export const TEST_VARS: Record<string, string> = {
  DEMO: 'true',
  FIREBASE_PROJECT_ID: 'demo-ponte',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  SECRETS_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=',
  WEBHOOK_SECRET: 'unit-test-webhook-secret',
  ALLOWED_ORIGINS: 'http://localhost:3000,http://localhost:5173',
};

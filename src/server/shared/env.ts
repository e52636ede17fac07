/**
 * The bindings and variables both Workers receive (wrangler config, `wrangler secret put`, or `--var` locally).
 *
 * - `FIREBASE_PROJECT_ID`: the project whose ID tokens are accepted (`aud`, and `iss` of securetoken).
 * - `FIREBASE_AUTH_EMULATOR_HOST`: set only by the local dev runner and the tests (never in the deploy config);
 *   with it, and only for a `demo-*` project, the emulator's unsigned tokens are accepted.
 * - `DEMO`: `"true"` adds the demo's routes (reset, mailbox, simulations). Never set in the deploy config. Read only
 *   in src/server/demo: the routes ask `demoMode(env)` (demo/mode.ts) what it changes.
 * - `SECRETS_KEY`: base64 of a 32-byte AES-GCM key for payment platform secrets (a Worker secret).
 * - `WEBHOOK_SECRET`: the payment platform's webhook signing secret (a Worker secret).
 * - `ALLOWED_ORIGINS`: comma-separated origins allowed by CORS (the three hosts).
 * - `PAY_URL`: the payment platform's base URL for card charges (main Worker; the demo platform, src/server/pay, locally).
 *   No default outside demo mode: a Worker missing PAY_URL, SECRETS_KEY or WEBHOOK_SECRET answers the routes that need
 *   it 503 with one line and logs which is missing (shared/settings.ts).
 * - `REMOTE_ACCESS_HOUR_MS`: test configuration only (the network test, `npm run test:network`): how many ms one hour
 *   of a remote-access window lasts, so a "1 hora" window can end within seconds. Unset: 3 600 000. Never set in the
 *   deploy config.
 * - `LOCAL_SHARED_D1`: `"true"` from the local runner only, where both Workers open one D1 file from two processes
 *   (src/server/shared/local-d1.ts). Never set in the deploy config.
 * - `RATE_LIMIT_*`: the main Worker's Rate Limiting bindings (`ratelimits` in main/wrangler.jsonc; src/server/shared/rate-limit.ts).
 * - `MAIL_QUEUE`: the main Worker's producer of the `ponte-mail` queue, which the same Worker consumes
 *   (src/server/main/mail/). `MAIL_API_KEY` (a Worker secret), `MAIL_FROM` and `MAIL_API_URL`: the e-mail provider
 *   (mail/provider.ts). `PORTAL_URL` and `SITE_URL`: the portal's and the landing's origins, which e-mails link to.
 *   Without them an e-mail waits on the queue, retried, its row saying which setting is missing.
 * - `WEBHOOK_QUEUE`: the main Worker's producer of the `ponte-webhook` queue, which the same Worker consumes
 *   (src/server/main/webhooks/). `DNS_RESOLVER_URL`: the DNS-over-HTTPS resolver webhook hosts are checked with
 *   (default https://cloudflare-dns.com/dns-query; tests point it at their double). `DEMO_WEBHOOK_RECEIVER_URL`: the
 *   demo's own webhook receiver (`<main Worker's origin>/demo/webhook-receiver`, honoured in demo mode only: the one
 *   plain-http, loopback URL a webhook may have). `WEBHOOK_TRANSPORT`: set only by the browser tests' harness (what
 *   a webhook's look-up and delivery are sent to, so none leaves the process); unset: `fetch`.
 */
export interface Env {
  DB: D1Database;
  FIREBASE_PROJECT_ID: string;
  FIREBASE_AUTH_EMULATOR_HOST?: string;
  /** The service account's JSON (a Worker secret): Firebase Admin's REST calls (shared/firebase-admin/, issue 38). */
  FIREBASE_SERVICE_ACCOUNT?: string;
  /** Set only by the browser tests' harness: where Firebase Admin's requests go (none leaves the tests); unset: `fetch`. */
  FIREBASE_ADMIN_TRANSPORT?: (request: Request) => Promise<Response>;
  DEMO?: string;
  SECRETS_KEY?: string;
  WEBHOOK_SECRET?: string;
  ALLOWED_ORIGINS?: string;
  LOCAL_SHARED_D1?: string;
  PAY_URL?: string;
  REMOTE_ACCESS_HOUR_MS?: string;
  RATE_LIMIT_SIGN_UP?: RateLimit;
  RATE_LIMIT_INVITATION?: RateLimit;
  RATE_LIMIT_SETUP_CODE?: RateLimit;
  RATE_LIMIT_NEWSLETTER?: RateLimit;
  RATE_LIMIT_FACTORY_DECISION?: RateLimit;
  RATE_LIMIT_CSP_REPORT?: RateLimit;
  MAIL_QUEUE?: Queue;
  MAIL_API_KEY?: string;
  MAIL_API_URL?: string;
  MAIL_FROM?: string;
  PORTAL_URL?: string;
  SITE_URL?: string;
  WEBHOOK_QUEUE?: Queue;
  DNS_RESOLVER_URL?: string;
  DEMO_WEBHOOK_RECEIVER_URL?: string;
  WEBHOOK_TRANSPORT?: (request: Request) => Promise<Response>;
}

/**
 * "Plataforma de pagamento demo": the payment platform of the demo and of the e2e suite, a Worker of its own on its
 * own origin (:8789 under `npm run dev`, E2E_PAY_PORT — default 8799 — in the e2e), so the checkout posts the card
 * to it and never to the main API, as with a real platform.
 *
 * - `POST /v1/tokens` (CORS: the app's origins): `{ publicKey, card: { number, holder, expiry, cvc } }` → a
 *   single-use token, the brand and the last four digits.
 * - `POST /v1/charges` (server to server, the main Worker): `{ token, amount, idempotencyKey, publicKey }` → the
 *   charge (idempotent per key); `GET /v1/charges/{idempotencyKey}`: what that key charged (404: nothing, or
 *   another merchant's). Both only with the merchant's secret key (`Authorization: Bearer <secret>`, accounts.ts):
 *   without it, or with another account's, 401 and nothing charged.
 * - Demo only (`DEMO=true`): `GET /demo/ledger` (every charge), `POST /demo/faults` (`{ mode, target, times,
 *   delayMs }`: down / lost answer / slow), `POST /demo/reset`.
 * The books: ledger.ts.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { Ledger, type Fault } from '@/contracts/payments/demo-ledger';
import { bearerOf, knownSecret, ownsKey, type PayEnv } from './accounts';

/** One ledger per Worker instance (the demo's platform keeps its books in memory). */
export const ledger = new Ledger();

const FAULT_MODES: readonly Fault['mode'][] = ['down', 'lost', 'slow'];
const FAULT_TARGETS: readonly Fault['target'][] = ['tokens', 'charges'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MAX_DELAY_MS = 60_000;

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return null;
  }
}

const unavailable = { error: { code: 'platform-error', message: 'A plataforma de pagamento não respondeu.' } };
const unauthorized = { error: { code: 'unauthorized', message: 'Chave secreta ausente ou inválida.' } };

export function payApp(books: Ledger = ledger) {
  const app = new Hono<{ Bindings: PayEnv }>();

  app.use('/v1/tokens', (c, next) =>
    cors({
      origin: (origin) => ((c.env.ALLOWED_ORIGINS ?? '').split(',').includes(origin) ? origin : null),
      allowMethods: ['POST', 'OPTIONS'],
      allowHeaders: ['Content-Type'],
      maxAge: 600,
    })(c, next),
  );

  app.get('/openapi.json', (c) =>
    c.json({
      openapi: '3.1.0',
      info: { title: 'Plataforma de pagamento demo', version: '1' },
      paths: { '/v1/tokens': {}, '/v1/charges': {}, '/v1/charges/{idempotencyKey}': {} },
    }),
  );

  app.post('/v1/tokens', async (c) => {
    const fault = books.takeFault('tokens');
    if (fault?.mode === 'slow') await sleep(Math.min(fault.delayMs ?? 15_000, MAX_DELAY_MS));
    else if (fault) return c.json(unavailable, 502);
    const answer = books.tokenise(await readJson(c.req.raw));
    if (!answer.ok) return c.json({ error: { code: answer.code, message: answer.message, field: answer.field ?? null } }, answer.status);
    return c.json({ token: answer.token, brand: answer.brand, last4: answer.last4 }, 201);
  });

  app.post('/v1/charges', async (c) => {
    const body = (await readJson(c.req.raw)) as Record<string, unknown> | null;
    const token = typeof body?.token === 'string' ? body.token : '';
    const idempotencyKey = typeof body?.idempotencyKey === 'string' ? body.idempotencyKey : '';
    const publicKey = typeof body?.publicKey === 'string' ? body.publicKey : '';
    const amount = typeof body?.amount === 'number' && Number.isInteger(body.amount) && body.amount > 0 ? body.amount : 0;
    if (!ownsKey(c.env, publicKey, bearerOf(c.req.raw))) return c.json(unauthorized, 401);
    if (!token || !idempotencyKey || !publicKey || amount === 0) {
      return c.json({ error: { code: 'invalid-request', message: 'Informe token, amount, idempotencyKey e publicKey.' } }, 400);
    }
    const fault = books.takeFault('charges');
    if (fault?.mode === 'slow') await sleep(Math.min(fault.delayMs ?? 15_000, MAX_DELAY_MS));
    if (fault?.mode === 'down') return c.json(unavailable, 502);
    const answer = books.charge({ token, amount, idempotencyKey, publicKey });
    if (fault?.mode === 'lost') return c.json(unavailable, 502);
    if (!answer.ok) return c.json({ error: { code: answer.code, message: answer.message } }, answer.status);
    return c.json(answer.charge, answer.status);
  });

  app.get('/v1/charges/:key', (c) => {
    const secret = bearerOf(c.req.raw);
    if (!knownSecret(c.env, secret)) return c.json(unauthorized, 401);
    const charge = books.chargeOf(c.req.param('key'));
    // Another merchant's charge is not found, as if there were none.
    if (!charge || !ownsKey(c.env, charge.publicKey, secret)) {
      return c.json({ error: { code: 'not-found', message: 'Nenhuma cobrança com esta chave.' } }, 404);
    }
    return c.json(charge, 200);
  });

  app.use('/demo/*', async (c, next) => {
    if (c.env.DEMO !== 'true') return c.notFound();
    await next();
  });
  app.get('/demo/ledger', (c) => c.json({ charges: books.charges }));
  app.post('/demo/faults', async (c) => {
    const body = (await readJson(c.req.raw)) as Partial<Fault> | null;
    const mode = FAULT_MODES.find((candidate) => candidate === body?.mode);
    const target = FAULT_TARGETS.find((candidate) => candidate === body?.target);
    // Anything else (an empty body) switches the fault off.
    books.fault = mode && target ? { mode, target, times: Math.max(1, Number(body?.times) || 1), delayMs: Number(body?.delayMs) || undefined } : null;
    return c.body(null, 204);
  });
  app.post('/demo/reset', (c) => {
    books.reset();
    return c.body(null, 204);
  });
  return app;
}

export default payApp();

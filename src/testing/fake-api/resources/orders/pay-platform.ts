/**
 * The demo payment platform in the browser demo backend, as src/server/pay serves it: `POST <VITE_PAY_URL>/v1/tokens`
 * (its own origin: the card goes there and nowhere else) on books kept per demo database (demo-ledger.ts, shared
 * with the Worker); the orders' handlers charge the token on the same books.
 */
import { http, HttpResponse } from 'msw';
import { getEnv } from '@/config/env';
import { Ledger } from '@/contracts/payments/demo-ledger';
import type { DemoDb } from '@/testing/fake-api/db';
import { apiError, readJson } from '@/testing/fake-api/http';

const books = new WeakMap<DemoDb['data'], Ledger>();

/** The books for the demo database's current data: a reset of the demo starts new books. */
export function demoPlatformBooks(db: DemoDb): Ledger {
  let found = books.get(db.data);
  if (!found) {
    found = new Ledger();
    books.set(db.data, found);
  }
  return found;
}

export function payPlatformHandlers(db: DemoDb) {
  return [
    http.post(`${getEnv().payUrl}/v1/tokens`, async ({ request }) => {
      const answer = demoPlatformBooks(db).tokenise(await readJson(request));
      if (!answer.ok) return apiError(answer.status, answer.code, answer.message, { field: answer.field ?? null });
      return HttpResponse.json({ token: answer.token, brand: answer.brand, last4: answer.last4 }, { status: 201 });
    }),
  ];
}

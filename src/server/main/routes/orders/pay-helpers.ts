/**
 * The demo payment platform (src/server/pay) for the orders' tests: the main Worker's calls to `PAY_URL` go to the
 * platform's app in this process, on books of the test's own; `cardOrder` tokenises a card there, as the page does.
 */
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, vi } from 'vitest';
import { payApp } from '../../../pay';
import { Ledger } from '@/contracts/payments/demo-ledger';
import { payUrl } from './card-platform';
import { PIX_ORDER } from './test-helpers';

export interface CardFields {
  number: string;
  holder: string;
  expiry: string;
  cvc: string;
}

/** A request the main Worker made to the platform, as the platform saw it. */
export interface PlatformRequest {
  method: string;
  path: string;
  authorization: string | null;
}

/** An answer of the platform held back: the charge is made, its answer not given until `release()`. */
export interface HeldAnswer {
  /** Resolves once the platform has charged (the answer is held). */
  charged: Promise<void>;
  release: () => void;
}

/**
 * Installs the platform for each test of the file; returns its books (the ledger the e2e reads in demo mode), the
 * requests it received, and `holdNextCharge` (a slow platform: the next POST /v1/charges answers only when released).
 */
export function arrangePayPlatform(): { books: () => Ledger; requests: () => PlatformRequest[]; holdNextCharge: () => HeldAnswer } {
  let books = new Ledger();
  let seen: PlatformRequest[] = [];
  let hold: { reached: () => void; released: () => boolean } | null = null;
  beforeEach(() => {
    books = new Ledger();
    seen = [];
    hold = null;
    const app = payApp(books);
    const base = payUrl(env);
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.startsWith(base)) return realFetch(input, init);
      const path = new URL(request.url).pathname;
      seen.push({ method: request.method, path, authorization: request.headers.get('Authorization') });
      const answer = await app.fetch(request, { DEMO: 'true', ALLOWED_ORIGINS: '' });
      const held = request.method === 'POST' && path === '/v1/charges' ? hold : null;
      if (held) {
        hold = null;
        held.reached();
        // Polled on this request's own timers: a promise resolved from the test's context would not resume it.
        while (!held.released()) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return answer;
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return {
    books: () => books,
    requests: () => seen,
    holdNextCharge: () => {
      let reached = () => {};
      let released = false;
      const charged = new Promise<void>((resolve) => (reached = resolve));
      hold = { reached, released: () => released };
      return { charged, release: () => (released = true) };
    },
  };
}

/** The public key of the seed's card method's platform. */
export async function storedCardPublicKey(): Promise<string> {
  const row = await env.DB.prepare(
    "SELECT p.public_key AS k FROM payment_method m JOIN payment_platform p ON p.id = m.platform_id WHERE m.id = 'payment-method-cartao'",
  ).first<{ k: string }>();
  return row?.k ?? '';
}

/** A token for `card` (what the page sends POST /order instead of the card). */
export async function makeCardToken(books: Ledger, card: CardFields, publicKey?: string) {
  const answer = books.tokenise({ publicKey: publicKey ?? (await storedCardPublicKey()), card });
  if (!answer.ok) throw new Error(answer.message);
  return { token: answer.token, brand: answer.brand, last4: answer.last4 };
}

/** A card order of two Wi-Fi gateways in `installments`, paid with `card` tokenised now. */
export async function makeCardOrder(books: Ledger, card: CardFields, installments = 3) {
  return {
    ...PIX_ORDER,
    items: [{ productId: 'product-g1-wifi', quantity: 2 }],
    paymentMethodId: 'payment-method-cartao',
    installments,
    card: await makeCardToken(books, card),
  };
}

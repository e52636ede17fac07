/**
 * The card, tokenised at the payment platform (its base: `VITE_PAY_URL`; the key: the method's platform's public
 * key): the ONLY place the card number and security code leave the page. A plain function, outside Redux and RTK
 * Query, so the card never shows in an action, a cache key or a DevTools log; it logs nothing and its errors carry
 * no card data. The main API then gets the token, the brand and the last four digits.
 */
import { getEnv } from '@/config/env';
import type { OrderCardToken } from '@/contracts/order';
import type { OrderCardInput } from './payment-form';

/** How long the platform has to answer before the page says it is unavailable. */
export const TOKENISE_TIMEOUT_MS = 10_000;

export const TOKENISE_MESSAGES = {
  unavailable:
    'A plataforma de pagamento não respondeu. Nenhuma cobrança foi feita e nenhum pedido foi criado: os dados do cartão continuam preenchidos, tente novamente em instantes.',
  refused: 'A plataforma de pagamento recusou os dados do cartão: confira-os e tente novamente.',
} as const;

/** Why a card could not be tokenised: the platform down or slow, or the card refused (with the field, if named). */
export class TokeniseError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused',
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'TokeniseError';
  }
}

async function errorOf(response: Response): Promise<{ message: string | null; field: string | null }> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown; field?: unknown } };
    return {
      message: typeof body.error?.message === 'string' ? body.error.message : null,
      field: typeof body.error?.field === 'string' ? body.error.field : null,
    };
  } catch {
    return { message: null, field: null };
  }
}

/** Tokenises `card` with `publicKey`; throws a {@link TokeniseError}. */
export async function tokeniseCard(card: OrderCardInput, publicKey: string, payUrl = getEnv().payUrl): Promise<OrderCardToken> {
  let response: Response;
  try {
    response = await fetch(`${payUrl}/v1/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ publicKey, card }),
      credentials: 'omit',
      signal: AbortSignal.timeout(TOKENISE_TIMEOUT_MS),
    });
  } catch {
    throw new TokeniseError('unavailable', TOKENISE_MESSAGES.unavailable);
  }
  if (response.status === 400) {
    const { message, field } = await errorOf(response);
    throw new TokeniseError('refused', message ?? TOKENISE_MESSAGES.refused, field);
  }
  if (!response.ok) throw new TokeniseError('unavailable', TOKENISE_MESSAGES.unavailable);
  const body = (await response.json()) as Partial<OrderCardToken>;
  if (typeof body.token !== 'string' || typeof body.last4 !== 'string') throw new TokeniseError('unavailable', TOKENISE_MESSAGES.unavailable);
  return { token: body.token, brand: typeof body.brand === 'string' ? body.brand : null, last4: body.last4 };
}

/**
 * The demo payment platform's books: single-use card tokens and the charges made with them, kept in the Worker's
 * memory (a demo simulator: restarting it starts an empty ledger; a real platform keeps its own). The card number
 * and security code are read once, to make a token, and dropped: a token holds the brand, the last four digits and
 * what the sandbox answers for that test card (4111 1111 1111 1111 approved, 4000 0000 0000 0002 declined,
 * 4000 0000 0000 0119 no answer).
 *
 * Charges are idempotent per key: a key that was charged answers that charge again, whatever token comes with it; a
 * key whose attempts were all declined or never reached the bank may be tried again (nothing was charged).
 */
import { orderCardSchema } from '@/contracts/order';
import { cardBrand, CARD_BRAND_LABELS, demoCardOutcome, lastFour, type DemoCardOutcome } from '@/contracts/validators/card';

/** How long a token may be used. */
export const TOKEN_TTL_MS = 15 * 60 * 1000;

export interface TokenRecord {
  token: string;
  publicKey: string;
  brand: string | null;
  last4: string;
  outcome: DemoCardOutcome;
  createdAt: number;
  usedAt: number | null;
}

export type ChargeStatus = 'approved' | 'declined';

export interface ChargeRecord {
  id: string;
  idempotencyKey: string;
  publicKey: string;
  amount: number;
  status: ChargeStatus;
  brand: string | null;
  last4: string;
  at: number;
}

/** A fault the demo can switch on (e2e, trying the checkout's failures): see `applyFault`. */
export interface Fault {
  /** `down`: 502, nothing charged; `lost`: charged, but answers 502 (the answer lost on the way); `slow`: waits. */
  mode: 'down' | 'lost' | 'slow';
  /** `tokens` or `charges`. */
  target: 'tokens' | 'charges';
  /** How many requests it affects (then it is off). */
  times: number;
  /** For `slow`. */
  delayMs?: number;
}

export type TokenAnswer =
  | { ok: true; token: string; brand: string | null; last4: string }
  | { ok: false; status: 400; code: 'invalid-card' | 'invalid-key'; message: string; field?: string };

export type ChargeAnswer =
  | { ok: true; status: 200 | 201; charge: ChargeRecord }
  | { ok: false; status: 402 | 409 | 400 | 502; code: string; message: string };

export const PLATFORM_MESSAGES = {
  invalidKey: 'Chave pública desconhecida.',
  tokenUnknown: 'Token de cartão inválido ou vencido.',
  tokenUsed: 'Este token de cartão já foi usado.',
  declined: 'Pagamento recusado pela operadora do cartão.',
  unavailable: 'A plataforma de pagamento não respondeu.',
} as const;

const PUBLIC_KEY = /^\S{1,200}$/;

const randomId = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '')}`;

export class Ledger {
  readonly tokens = new Map<string, TokenRecord>();
  readonly charges: ChargeRecord[] = [];
  fault: Fault | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The fault for the next request to `target`, if any (counted down). */
  takeFault(target: Fault['target']): Fault | null {
    const fault = this.fault;
    if (!fault || fault.target !== target) return null;
    fault.times -= 1;
    if (fault.times <= 0) this.fault = null;
    return fault;
  }

  /** Card fields (as the checkout's form has them) + the platform's public key → a single-use token. */
  tokenise(body: unknown): TokenAnswer {
    const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const publicKey = typeof raw.publicKey === 'string' ? raw.publicKey : '';
    if (!PUBLIC_KEY.test(publicKey)) return { ok: false, status: 400, code: 'invalid-key', message: PLATFORM_MESSAGES.invalidKey };
    const card = orderCardSchema.safeParse(raw.card);
    if (!card.success) {
      const issue = card.error.issues[0];
      return { ok: false, status: 400, code: 'invalid-card', message: issue?.message ?? 'Cartão inválido.', field: `card.${String(issue?.path[0] ?? 'number')}` };
    }
    const brand = cardBrand(card.data.number);
    const record: TokenRecord = {
      token: randomId('tok'),
      publicKey,
      brand: brand === 'outra' ? null : CARD_BRAND_LABELS[brand],
      last4: lastFour(card.data.number),
      outcome: demoCardOutcome(card.data.number),
      createdAt: this.now(),
      usedAt: null,
    };
    this.tokens.set(record.token, record);
    return { ok: true, token: record.token, brand: record.brand, last4: record.last4 };
  }

  /** The approved charge of a key, or else its last attempt (declined); null when nothing was ever recorded. */
  chargeOf(idempotencyKey: string): ChargeRecord | null {
    const mine = this.charges.filter((charge) => charge.idempotencyKey === idempotencyKey);
    return mine.find((charge) => charge.status === 'approved') ?? mine.at(-1) ?? null;
  }

  /**
   * Charges `amount` with a token, once per key: a key already charged answers that charge (200); otherwise the
   * token is spent (unknown or expired 400, already used 409) and the sandbox answers for its card: approved (201),
   * declined (402, kept as an attempt), no answer (502, nothing recorded).
   */
  charge(input: { token: string; amount: number; idempotencyKey: string; publicKey: string }): ChargeAnswer {
    const done = this.chargeOf(input.idempotencyKey);
    if (done?.status === 'approved') return { ok: true, status: 200, charge: done };
    const token = this.tokens.get(input.token);
    if (!token || token.publicKey !== input.publicKey || this.now() - token.createdAt > TOKEN_TTL_MS) {
      return { ok: false, status: 400, code: 'token-unknown', message: PLATFORM_MESSAGES.tokenUnknown };
    }
    if (token.usedAt !== null) return { ok: false, status: 409, code: 'token-used', message: PLATFORM_MESSAGES.tokenUsed };
    if (token.outcome === 'platform-error') return { ok: false, status: 502, code: 'platform-error', message: PLATFORM_MESSAGES.unavailable };
    token.usedAt = this.now();
    const charge: ChargeRecord = {
      id: randomId('ch'),
      idempotencyKey: input.idempotencyKey,
      publicKey: input.publicKey,
      amount: input.amount,
      status: token.outcome === 'approved' ? 'approved' : 'declined',
      brand: token.brand,
      last4: token.last4,
      at: this.now(),
    };
    this.charges.push(charge);
    if (charge.status === 'declined') return { ok: false, status: 402, code: 'card-declined', message: PLATFORM_MESSAGES.declined };
    return { ok: true, status: 201, charge };
  }

  /** Empties the books (the demo's reset). */
  reset(): void {
    this.tokens.clear();
    this.charges.length = 0;
    this.fault = null;
  }
}

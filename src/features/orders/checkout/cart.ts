/**
 * The checkout's cart as it is kept in the browser: the items, the chosen address and payment method and the
 * instalments (never card data), under one localStorage key that every tab of the same browser shares, scoped to
 * the account that filled it (another account signing in on the same browser starts empty).
 *
 * The Idempotency-Key of the order is made when the review step opens and stored with the cart, together with a
 * fingerprint of what it orders: a reload, a retry after a timeout or a second tab placing the same cart send the
 * same key, so the server answers the first order again instead of making a second. Changing the cart afterwards
 * (another quantity, address, method or number of instalments) makes a new key at the next review: it is another
 * order. After a success the cart and its key are cleared and the placed order is noted, so a tab still showing
 * that cart can say it was placed.
 */
import { z } from 'zod';

/** The one localStorage key of the checkout. */
export const CART_STORAGE_KEY = 'ponte-checkout';
const STORAGE_VERSION = 1;

export interface CartLine {
  productId: string;
  /** A whole number of units, 1 or more (what the field holds while invalid is the screen's, not the cart's). */
  quantity: number;
}

/** The Idempotency-Key of this cart's order and what it was made for. */
export interface CartSubmission {
  key: string;
  /** {@link cartFingerprint} of the cart when the key was made. */
  fingerprint: string;
  /** A request with this key was sent and its outcome is not known (no answer yet, a timeout, a dropped network). */
  attempted: boolean;
  /** The key replaced one whose request may have created an order (the cart changed after an unanswered attempt). */
  afterUncertain: boolean;
}

export interface CheckoutCart {
  items: CartLine[];
  addressId: string | null;
  paymentMethodId: string | null;
  installments: number;
  submission: CartSubmission | null;
}

/** An order this browser placed from its cart: a tab still on that cart shows it instead of placing it again. */
export interface PlacedOrder {
  key: string;
  orderId: string;
  number: number;
}

/** What the storage key holds. */
export interface StoredCheckout {
  owner: string;
  cart: CheckoutCart;
  placed: PlacedOrder | null;
}

export const EMPTY_CART: CheckoutCart = {
  items: [],
  addressId: null,
  paymentMethodId: null,
  installments: 1,
  submission: null,
};

const id = z.string().min(1).max(64);

const storedSchema = z.object({
  v: z.literal(STORAGE_VERSION),
  owner: z.string().min(1),
  cart: z.object({
    items: z.array(z.object({ productId: id, quantity: z.number().int().min(1).max(100_000) })).max(50),
    addressId: id.nullable(),
    paymentMethodId: id.nullable(),
    installments: z.number().int().min(1).max(99),
    submission: z
      .object({
        key: z.string().min(8).max(100),
        fingerprint: z.string().max(5000),
        attempted: z.boolean(),
        afterUncertain: z.boolean(),
      })
      .nullable(),
  }),
  placed: z.object({ key: z.string().min(8).max(100), orderId: id, number: z.number().int() }).nullable(),
});

/**
 * The stored checkout of `owner`, or null: nothing stored, another account's, or unreadable (another version, edited
 * by hand) — a cart that cannot be trusted is started over rather than sent.
 */
export function parseStoredCheckout(raw: string | null, owner: string): StoredCheckout | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = storedSchema.safeParse(json);
  if (!parsed.success || parsed.data.owner !== owner) return null;
  const { cart, placed } = parsed.data;
  // One line per product (the first wins): a hand-edited duplicate never reaches the server.
  const seen = new Set<string>();
  const items = cart.items.filter((line) => {
    if (seen.has(line.productId)) return false;
    seen.add(line.productId);
    return true;
  });
  return { owner, cart: { ...cart, items }, placed };
}

export function serializeCheckout(stored: StoredCheckout): string {
  return JSON.stringify({ v: STORAGE_VERSION, ...stored });
}

/** What the order would be: items (by product), address, method and instalments. Card data is never part of it. */
export function cartFingerprint(cart: Pick<CheckoutCart, 'items' | 'addressId' | 'paymentMethodId' | 'installments'>): string {
  const items = [...cart.items]
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))
    .map((line) => [line.productId, line.quantity]);
  return JSON.stringify([items, cart.addressId, cart.paymentMethodId, cart.installments]);
}

/**
 * The cart with the key of its order (made when the review opens): the stored key while the cart is the one it was
 * made for, else a new one from `makeKey`.
 */
export function withSubmissionKey(cart: CheckoutCart, makeKey: () => string): CheckoutCart {
  const fingerprint = cartFingerprint(cart);
  if (cart.submission?.fingerprint === fingerprint) return cart;
  const afterUncertain = Boolean(cart.submission && (cart.submission.attempted || cart.submission.afterUncertain));
  return { ...cart, submission: { key: makeKey(), fingerprint, attempted: false, afterUncertain } };
}

/** The key of the cart as it is now, or null (none made yet, or made for what the cart was before a change). */
export function currentSubmissionKey(cart: CheckoutCart): string | null {
  return cart.submission && cart.submission.fingerprint === cartFingerprint(cart) ? cart.submission.key : null;
}

/** Marks whether a request with the cart's key is out with an unknown outcome. */
export function withAttempt(cart: CheckoutCart, attempted: boolean): CheckoutCart {
  if (!cart.submission || cart.submission.attempted === attempted) return cart;
  return { ...cart, submission: { ...cart.submission, attempted } };
}

/** The units of a product in the cart (0 when it is not in it). */
export function quantityOf(cart: CheckoutCart, productId: string): number {
  return cart.items.find((line) => line.productId === productId)?.quantity ?? 0;
}

/** Sets a product's units (added at the end when new); 0 or less removes it. */
export function withQuantity(cart: CheckoutCart, productId: string, quantity: number): CheckoutCart {
  const exists = cart.items.some((line) => line.productId === productId);
  if (quantity <= 0) {
    return exists ? { ...cart, items: cart.items.filter((line) => line.productId !== productId) } : cart;
  }
  if (!exists) return { ...cart, items: [...cart.items, { productId, quantity }] };
  if (quantityOf(cart, productId) === quantity) return cart;
  return { ...cart, items: cart.items.map((line) => (line.productId === productId ? { productId, quantity } : line)) };
}

/**
 * What a failed "Finalizar pedido" means for the buyer, from POST /order's answer (after the API layer's own
 * retries with the same Idempotency-Key):
 *
 * - `method-disabled` (409 `payment-method-disabled`): staff turned the method off meanwhile: choose another.
 * - `product-inactive` (409 `product-inactive`): staff deactivated a product of the cart meanwhile: the catalog is
 *   read again and the items step says which line to remove.
 * - `declined` (402): the card was refused; nothing was charged, no order: another card, or another method.
 * - `invalid` (400 with a `field`): the field's step, the field and the message (a line's quantity is named by
 *   its product).
 * - `not-placed` (502 platform error, other 5xx, the network down, any other refusal): no order was made.
 * - `unknown` (timeout, an unreadable success): the server may have made the order; trying again with the same
 *   key answers it if so.
 */
import { ORDER_ERROR_CODES } from '@/contracts/order';
import { apiErrorCode, apiErrorMessage, apiErrorStatus, isFetchBaseQueryError } from '@/lib/api/errors';
import type { CheckoutStep, ProblemField } from './steps';

export type SubmitFailure =
  | { kind: 'method-disabled'; message: string }
  | { kind: 'product-inactive'; message: string }
  | { kind: 'declined'; message: string }
  | { kind: 'invalid'; step: CheckoutStep; field: ProblemField | `card.${string}`; message: string }
  | { kind: 'not-placed'; reason: 'platform' | 'network' | 'server' | 'refused'; message: string }
  | { kind: 'unknown'; message: string };

function errorField(error: unknown): string | null {
  if (!isFetchBaseQueryError(error)) return null;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null) return null;
  const part = (data as { error?: unknown }).error;
  if (typeof part !== 'object' || part === null) return null;
  const field = (part as { field?: unknown }).field;
  return typeof field === 'string' && field !== '' ? field : null;
}

/**
 * Classifies a failed POST /order. `items` is the order's lines in the order they were sent (a server error on
 * `items.2.quantity` is the third line's).
 */
export function classifySubmitFailure(error: unknown, items: readonly { productId: string }[]): SubmitFailure {
  const status = apiErrorStatus(error);
  const code = apiErrorCode(error);
  const message = apiErrorMessage(error);

  if (isFetchBaseQueryError(error) && error.status === 'TIMEOUT_ERROR') return { kind: 'unknown', message };
  // A success whose body could not be read: the order may well exist.
  if (isFetchBaseQueryError(error) && error.status === 'PARSING_ERROR' && error.originalStatus < 300) return { kind: 'unknown', message };
  if (isFetchBaseQueryError(error) && error.status === 'FETCH_ERROR') return { kind: 'not-placed', reason: 'network', message };
  if (status === 409 && code === ORDER_ERROR_CODES.paymentMethodDisabled) return { kind: 'method-disabled', message };
  if (status === 409 && code === ORDER_ERROR_CODES.productInactive) return { kind: 'product-inactive', message };
  if (status === 402 || code === ORDER_ERROR_CODES.cardDeclined) return { kind: 'declined', message };
  if (code === ORDER_ERROR_CODES.platformError) return { kind: 'not-placed', reason: 'platform', message };

  const field = status === 400 ? errorField(error) : null;
  if (field) {
    const line = /^items\.(\d+)\./.exec(field);
    if (line) {
      const productId = items[Number(line[1])]?.productId;
      return { kind: 'invalid', step: 'itens', field: productId ? `items.${productId}` : 'items', message };
    }
    if (field === 'items') return { kind: 'invalid', step: 'itens', field: 'items', message };
    if (field === 'addressId') return { kind: 'invalid', step: 'entrega', field: 'addressId', message };
    if (field === 'paymentMethodId' || field === 'installments') return { kind: 'invalid', step: 'pagamento', field, message };
    if (field.startsWith('card.')) return { kind: 'invalid', step: 'pagamento', field: field as `card.${string}`, message };
  }
  if (status !== null && status >= 500) return { kind: 'not-placed', reason: 'server', message };
  return { kind: 'not-placed', reason: 'refused', message };
}

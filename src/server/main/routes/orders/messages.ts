/**
 * Refusals of the order's payment routes the demo words inline (src/testing/fake-api/resources/orders/handlers.ts): not in
 * src/contracts yet — keep them in step with the demo until they move there.
 */
export const NOT_AWAITING_MESSAGES = {
  cancelled: 'Este pedido foi cancelado: não há pagamento a confirmar.',
  card: 'Pagamentos com cartão são confirmados na hora.',
  pixExpired: 'Este código Pix expirou. Gere um novo código para pagar.',
  notPix: 'Este pedido não está aguardando um pagamento por Pix.',
} as const;

/** A card charge the platform already had under the order's key that is not this order's (422). */
export const CHARGE_NOT_THIS_ORDER =
  'A cobrança feita com esta chave pertence a outro pedido ou tem outro valor. Envie o pedido de novo com uma nova chave.';

/**
 * Refusals of the order's payment routes: the main Worker's own words (the browser's unit and e2e tests read them
 * through the routes).
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

/**
 * The closed sets every commerce contract shares (orders, payment methods, the back office's order screens): order
 * statuses and payment kinds, with the pt-BR labels people and tests read (screens.md).
 */

export const ORDER_STATUSES = ['aguardando-pagamento', 'pago', 'em-separacao', 'enviado', 'entregue', 'cancelado'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  'aguardando-pagamento': 'Aguardando pagamento',
  pago: 'Pago',
  'em-separacao': 'Em separação',
  enviado: 'Enviado',
  entregue: 'Entregue',
  cancelado: 'Cancelado',
};

export const PAYMENT_KINDS = ['pix', 'boleto', 'cartao-credito'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_KIND_LABELS: Readonly<Record<PaymentKind, string>> = {
  pix: 'Pix',
  boleto: 'Boleto',
  'cartao-credito': 'Cartão de crédito',
};

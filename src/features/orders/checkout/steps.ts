/**
 * The checkout's four steps and what each needs before the next one opens: pure checks of the cart against the
 * catalog, the saved addresses and the payment methods in force. The screen runs them on "Continuar", when a step
 * is opened from the URL (a reload, a link) and once more before "Finalizar pedido".
 */
import type { Product } from '@/contracts/catalog';
import { MAX_ORDER_LINES, maxInstallmentsMessage, ORDER_MESSAGES, type OrderCardToken, type OrderCreateInput } from '@/contracts/order';
import type { CheckoutPaymentMethod } from '@/contracts/payment-method';
import type { OrderCardInput } from './payment-form';
import type { CheckoutCart } from './cart';
import { stockLimitText } from './price-preview';

export const CHECKOUT_STEPS = ['itens', 'entrega', 'pagamento', 'revisao'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const CHECKOUT_STEP_LABELS: Readonly<Record<CheckoutStep, string>> = {
  itens: 'Itens',
  entrega: 'Entrega',
  pagamento: 'Pagamento',
  revisao: 'Revisão',
};

/** The URL's `?etapa=`; anything else is the first step. */
export function parseStep(value: string | null): CheckoutStep {
  return (CHECKOUT_STEPS as readonly string[]).includes(value ?? '') ? (value as CheckoutStep) : 'itens';
}

export function stepIndex(step: CheckoutStep): number {
  return CHECKOUT_STEPS.indexOf(step);
}

/** What the checks know besides the cart. */
export interface CheckoutContext {
  products: readonly Pick<Product, 'id' | 'name' | 'stockLimit'>[];
  addressIds: readonly string[];
  methods: readonly CheckoutPaymentMethod[];
  /** The card typed on the payment step (kept in memory only), or null. */
  card: OrderCardInput | null;
}

/** Where a problem is shown: a line's quantity, the catalog as a whole, the address, the method, the card. */
export type ProblemField = `items.${string}` | 'items' | 'addressId' | 'paymentMethodId' | 'installments' | 'card';

export interface StepProblem {
  step: CheckoutStep;
  field: ProblemField;
  message: string;
}

function itemProblems(cart: CheckoutCart, ctx: CheckoutContext): StepProblem[] {
  const problems: StepProblem[] = [];
  if (cart.items.length === 0) return [{ step: 'itens', field: 'items', message: ORDER_MESSAGES.noItems }];
  if (cart.items.length > MAX_ORDER_LINES) problems.push({ step: 'itens', field: 'items', message: ORDER_MESSAGES.tooManyItems });
  for (const line of cart.items) {
    const product = ctx.products.find((candidate) => candidate.id === line.productId);
    if (!product) {
      problems.push({ step: 'itens', field: `items.${line.productId}`, message: ORDER_MESSAGES.productInactive });
    } else if (!Number.isInteger(line.quantity) || line.quantity < 1) {
      problems.push({ step: 'itens', field: `items.${line.productId}`, message: ORDER_MESSAGES.quantity });
    } else if (line.quantity > product.stockLimit) {
      problems.push({ step: 'itens', field: `items.${line.productId}`, message: stockLimitText(product.stockLimit) });
    }
  }
  return problems;
}

function deliveryProblems(cart: CheckoutCart, ctx: CheckoutContext): StepProblem[] {
  if (cart.addressId === null) return [{ step: 'entrega', field: 'addressId', message: ORDER_MESSAGES.address }];
  if (!ctx.addressIds.includes(cart.addressId)) {
    return [{ step: 'entrega', field: 'addressId', message: `${ORDER_MESSAGES.addressNotFound} ${ORDER_MESSAGES.address}` }];
  }
  return [];
}

function paymentProblems(cart: CheckoutCart, ctx: CheckoutContext): StepProblem[] {
  if (cart.paymentMethodId === null) return [{ step: 'pagamento', field: 'paymentMethodId', message: ORDER_MESSAGES.paymentMethod }];
  const method = ctx.methods.find((candidate) => candidate.id === cart.paymentMethodId);
  if (!method) return [{ step: 'pagamento', field: 'paymentMethodId', message: ORDER_MESSAGES.paymentMethodDisabled }];
  const problems: StepProblem[] = [];
  if (!Number.isInteger(cart.installments) || cart.installments < 1) {
    problems.push({ step: 'pagamento', field: 'installments', message: ORDER_MESSAGES.installments });
  } else if (cart.installments > Math.max(1, method.maxInstallments)) {
    problems.push({ step: 'pagamento', field: 'installments', message: maxInstallmentsMessage(method.maxInstallments) });
  }
  if (method.kind === 'cartao-credito' && !ctx.card) {
    problems.push({ step: 'pagamento', field: 'card', message: ORDER_MESSAGES.cardRequired });
  }
  return problems;
}

/** What keeps `step` from being done (nothing to check on the review). */
export function stepProblems(step: CheckoutStep, cart: CheckoutCart, ctx: CheckoutContext): StepProblem[] {
  switch (step) {
    case 'itens':
      return itemProblems(cart, ctx);
    case 'entrega':
      return deliveryProblems(cart, ctx);
    case 'pagamento':
      return paymentProblems(cart, ctx);
    case 'revisao':
      return [];
  }
}

/**
 * The first step before `target` that is not done, with its problems, or null when `target` may open: a reload on
 * the review with a card sends the buyer back to the payment step (card data is never kept), an emptied cart to
 * the items.
 */
export function blockingStep(target: CheckoutStep, cart: CheckoutCart, ctx: CheckoutContext): { step: CheckoutStep; problems: StepProblem[] } | null {
  for (const step of CHECKOUT_STEPS.slice(0, stepIndex(target))) {
    const problems = stepProblems(step, cart, ctx);
    if (problems.length > 0) return { step, problems };
  }
  return null;
}

/**
 * The body of POST /order for the cart: for a card method, the card's token from the payment platform (its brand and
 * last four) — never the card itself.
 */
export function toOrderInput(cart: CheckoutCart, ctx: Pick<CheckoutContext, 'methods'>, cardToken?: OrderCardToken): OrderCreateInput {
  if (cart.addressId === null || cart.paymentMethodId === null) throw new Error('Carrinho incompleto.');
  const method = ctx.methods.find((candidate) => candidate.id === cart.paymentMethodId);
  const card = method?.kind === 'cartao-credito' ? cardToken : undefined;
  return {
    items: cart.items.map((line) => ({ productId: line.productId, quantity: line.quantity })),
    addressId: cart.addressId,
    paymentMethodId: cart.paymentMethodId,
    installments: method?.kind === 'cartao-credito' ? cart.installments : 1,
    ...(card ? { card } : {}),
  };
}

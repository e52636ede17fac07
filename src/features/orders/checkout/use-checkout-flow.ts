/**
 * The state of the checkout's four steps (`?etapa=itens|entrega|pagamento|revisao`), for `CheckoutFlow` to show:
 * the queries (products, discount tiers, payment methods, addresses), the cart kept in the browser, the step in the
 * URL (a later step asked for before the ones before it are done lands on the first one left to do, saying why), the
 * default address chosen, the order's Idempotency-Key made when the review opens, and the submit with that key
 * (a double click, a retry, a reload or another tab never place a second order). A card is tokenised at the
 * payment platform on each submit (tokenise-card.ts) and kept in this hook's state only: POST /order gets the token.
 *
 * Over 300 lines on purpose: the step guard, the key, the address pick and the submit read and write the same cart
 * and refs in one order of effects; split apart they would have to hand those around and could run out of step.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { addressListQuery, defaultAddress, type Address } from '@/contracts/address';
import { useListAddressesQuery } from '@/entities/addresses/api';
import { useCheckoutPaymentMethods, useDiscountTiers } from '@/entities/checkout-options/api';
import { useCreateOrderMutation, useListProductsQuery } from '@/features/orders/api';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { cartFingerprint, currentSubmissionKey, withAttempt, withQuantity, withSubmissionKey, type CheckoutCart } from './cart';
import { useCheckoutCart } from './cart-store';
import { EMPTY_CARD, type CardFormValues, type OrderCardInput, type PaymentStepOutput } from './payment-form';
import { previewCart } from './price-preview';
import {
  blockingStep,
  CHECKOUT_STEPS,
  stepIndex,
  stepProblems,
  toOrderInput,
  parseStep,
  type CheckoutContext,
  type CheckoutStep,
  type StepProblem,
} from './steps';
import { classifySubmitFailure, type SubmitFailure } from './submit-outcome';
import { tokeniseCard, TokeniseError, TOKENISE_MESSAGES } from './tokenise-card';

const TOKENISE_FALLBACK = TOKENISE_MESSAGES.unavailable;

/** Every saved address (an account has a handful; the list's largest page). */
const ADDRESS_QUERY = { ...addressListQuery.parse(new URLSearchParams()), perPage: 100 };

/** Said when the review is opened again (a reload, a link) for a card payment: card data is never kept. */
export const CARD_AGAIN_MESSAGE = 'Por segurança, os dados do cartão não ficam guardados: informe-os de novo para revisar e finalizar o pedido.';

export interface Notice {
  step: CheckoutStep;
  tone: 'danger' | 'warning' | 'info';
  message: string;
}

/** Field errors to show on a step: its own check's ("Continuar") or the server's. */
interface StepErrors {
  step: CheckoutStep;
  errors: Partial<Record<string, string>>;
}

function errorsOf(problems: readonly StepProblem[]): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const problem of problems) errors[problem.field] ??= problem.message;
  return errors;
}

export function useCheckoutFlow(owner: string) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = parseStep(params.get('etapa'));

  const products = useListProductsQuery();
  const tiers = useDiscountTiers();
  const methods = useCheckoutPaymentMethods();
  const addresses = useListAddressesQuery(ADDRESS_QUERY);
  const [createOrder] = useCreateOrderMutation();
  const { cart, placed, update, markPlaced, refresh } = useCheckoutCart(owner);

  const [card, setCard] = useState<OrderCardInput | null>(null);
  const [cardDraft, setCardDraft] = useState<CardFormValues>(EMPTY_CARD);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [stepErrors, setStepErrors] = useState<StepErrors | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [invalidDrafts, setInvalidDrafts] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const inFlight = useRef(false);
  const navigated = useRef(false);
  const createdAddresses = useRef(new Set<string>());
  const knownKeys = useRef(new Set<string>());
  const selfPlaced = useRef<string | null>(null);
  const stepContainer = useRef<HTMLDivElement>(null);

  const productList = products.data?.data;
  const tierList = tiers.data;
  const methodList = methods.data;
  const addressList = addresses.data?.data;
  const ready = Boolean(productList && tierList && methodList && addressList);

  const ctx: CheckoutContext = {
    products: productList ?? [],
    addressIds: [...(addressList ?? []).map((address) => address.id), ...createdAddresses.current],
    methods: methodList ?? [],
    card,
  };
  const preview = useMemo(() => previewCart(cart.items, productList ?? [], tierList ?? []), [cart.items, productList, tierList]);

  // ---- another tab placed this very cart: show its order ----
  useEffect(() => {
    if (cart.submission) knownKeys.current.add(cart.submission.key);
  }, [cart.submission]);
  const placedElsewhere = placed !== null && knownKeys.current.has(placed.key) && selfPlaced.current !== placed.key;
  const placedOrderId = placedElsewhere ? (placed?.orderId ?? null) : null;
  useEffect(() => {
    if (placedOrderId) navigate({ search: `?${new URLSearchParams({ pedido: placedOrderId, origem: 'outra-aba' }).toString()}` }, { replace: true });
  }, [placedOrderId, navigate]);

  // This tab has just placed the order and is on its way to the result: the emptied cart is not a step to fix.
  const justPlaced = placed !== null && selfPlaced.current === placed.key;

  // ---- the step on screen: the one asked for, or the first one before it that is not done ----
  const block = ready && !placedElsewhere && !justPlaced ? blockingStep(requested, cart, ctx) : null;
  const step = block?.step ?? requested;
  const blockStep = block?.step ?? null;
  const blockNotice: Omit<Notice, 'step'> | null = block
    ? block.problems.every((problem) => problem.field === 'card')
      ? { tone: 'info', message: CARD_AGAIN_MESSAGE }
      : { tone: 'danger', message: block.problems[0]?.message ?? '' }
    : null;
  const blockTone = blockNotice?.tone;
  const blockMessage = blockNotice?.message;
  useEffect(() => {
    if (blockStep === null || blockStep === requested || !blockTone || blockMessage === undefined) return;
    navigated.current = true;
    setNotice({ step: blockStep, tone: blockTone, message: blockMessage });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('etapa', blockStep);
        return next;
      },
      { replace: true },
    );
  }, [blockStep, blockTone, blockMessage, requested, setParams]);

  // ---- the default address comes chosen ----
  const chosenAddress = cart.addressId;
  useEffect(() => {
    if (!addressList || addresses.isFetching || justPlaced) return;
    if (chosenAddress && (addressList.some((address) => address.id === chosenAddress) || createdAddresses.current.has(chosenAddress))) return;
    const fallback = defaultAddress(addressList);
    if (fallback) update((current) => (current.addressId === chosenAddress ? { ...current, addressId: fallback.id } : current));
  }, [addressList, addresses.isFetching, chosenAddress, justPlaced, update]);

  // ---- the review makes the order's Idempotency-Key (kept while the cart stays the same) ----
  const fingerprint = cartFingerprint(cart);
  const onReview = step === 'revisao' && blockStep === null && ready && !justPlaced && !placedElsewhere;
  useEffect(() => {
    if (onReview) update((current) => withSubmissionKey(current, newIdempotencyKey));
  }, [onReview, fingerprint, update]);

  // ---- focus: the first field to fix after a "Continuar" that found something ----
  useEffect(() => {
    if (focusRequest === 0) return;
    const container = stepContainer.current;
    const target =
      container?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)') ?? container?.querySelector<HTMLElement>('[data-problem-focus]');
    target?.focus();
  }, [focusRequest]);

  const goTo = useCallback(
    (target: CheckoutStep, options: { notice?: Omit<Notice, 'step'>; errors?: Partial<Record<string, string>> } = {}) => {
      navigated.current = true;
      setNotice(options.notice ? { step: target, ...options.notice } : null);
      setStepErrors(options.errors ? { step: target, errors: options.errors } : null);
      setAttempt(0);
      if (target !== 'revisao') setFailure(null);
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('etapa', target);
        return next;
      });
    },
    [setParams],
  );

  /** "Continuar": the step's check on the cart as it is now; the next step, or the errors and the focus on them. */
  const next = (from: CheckoutStep, nowCart: CheckoutCart = cart, nowCtx: CheckoutContext = ctx) => {
    const problems = stepProblems(from, nowCart, nowCtx);
    if (problems.length > 0 || (from === 'itens' && invalidDrafts)) {
      setStepErrors({ step: from, errors: errorsOf(problems) });
      setAttempt((count) => count + 1);
      setFocusRequest((count) => count + 1);
      return;
    }
    const following = CHECKOUT_STEPS[stepIndex(from) + 1];
    if (following) goTo(following);
  };

  const showPlacedElsewhere = (orderId: string) =>
    navigate({ search: `?${new URLSearchParams({ pedido: orderId, origem: 'outra-aba' }).toString()}` }, { replace: true });

  const placeOrder = async () => {
    if (inFlight.current) return;
    // Another tab may have just placed this very cart: show its order rather than send it again.
    const stored = refresh();
    if (stored.placed && knownKeys.current.has(stored.placed.key)) {
      showPlacedElsewhere(stored.placed.orderId);
      return;
    }
    const keyed = update((current) => withSubmissionKey(current, newIdempotencyKey));
    const pending = blockingStep('revisao', keyed, ctx);
    if (pending) {
      goTo(pending.step, { notice: { tone: 'danger', message: pending.problems[0]?.message ?? '' }, errors: errorsOf(pending.problems) });
      return;
    }
    const key = keyed.submission?.key;
    if (!key) return;
    inFlight.current = true;
    setSubmitting(true);
    setFailure(null);
    const method = ctx.methods.find((candidate) => candidate.id === keyed.paymentMethodId);
    let input: ReturnType<typeof toOrderInput>;
    try {
      // The card goes to the payment platform only; the order gets its single-use token.
      input = toOrderInput(keyed, ctx, method?.kind === 'cartao-credito' && card ? await tokeniseCard(card, method.publicKey) : undefined);
    } catch (error) {
      inFlight.current = false;
      setSubmitting(false);
      if (error instanceof TokeniseError && error.kind === 'refused') {
        goTo('pagamento', { notice: { tone: 'danger', message: error.message }, errors: error.field ? { [error.field]: error.message } : {} });
      } else {
        // Down or slow: no order, nothing charged, the card's fields kept for "Tentar novamente".
        setFailure({ kind: 'not-placed', reason: 'platform', message: error instanceof TokeniseError ? error.message : TOKENISE_FALLBACK });
      }
      return;
    }
    update((current) => withAttempt(current, true));
    try {
      const order = await createOrder({ input, idempotencyKey: key }).unwrap();
      selfPlaced.current = key;
      markPlaced({ key, orderId: order.id, number: order.number });
      setCard(null);
      setCardDraft(EMPTY_CARD);
      navigate({ search: `?${new URLSearchParams({ pedido: order.id }).toString()}` }, { replace: true });
    } catch (error) {
      const outcome = classifySubmitFailure(error, input.items);
      // Only a timeout (or an unreadable success) leaves the outcome open: every other answer says no order exists.
      if (outcome.kind !== 'unknown') update((current) => withAttempt(current, false));
      switch (outcome.kind) {
        case 'method-disabled':
          // The methods are read again: the one turned off disappears from the step (and from the cart's choice).
          void methods.refetch();
          goTo('pagamento', { notice: { tone: 'danger', message: outcome.message } });
          break;
        case 'product-inactive': {
          // As for a disabled method: the catalog is read again; what it no longer sells leaves the cart, named.
          const names = new Map((productList ?? []).map((product) => [product.id, product.name]));
          const fresh = await products.refetch();
          const sold = fresh.data ? new Set(fresh.data.data.map((product) => product.id)) : null;
          const gone = sold ? input.items.filter((line) => !sold.has(line.productId)).map((line) => names.get(line.productId) ?? line.productId) : [];
          if (sold) update((current) => ({ ...current, items: current.items.filter((line) => sold.has(line.productId)) }));
          const message = gone.length > 0 ? `${outcome.message} Retirado do carrinho: ${gone.join(', ')}.` : outcome.message;
          goTo('itens', { notice: { tone: 'danger', message } });
          break;
        }
        case 'declined':
          goTo('pagamento', {
            notice: {
              tone: 'danger',
              message: `${outcome.message} Nenhum valor foi cobrado e nenhum pedido foi criado: confira os dados do cartão ou escolha outra forma de pagamento.`,
            },
            errors: { 'card.number': outcome.message },
          });
          break;
        case 'invalid':
          goTo(outcome.step, { notice: { tone: 'danger', message: outcome.message }, errors: { [outcome.field]: outcome.message } });
          break;
        default:
          setFailure(outcome);
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const onDraftsChange = useCallback((invalid: boolean) => setInvalidDrafts(invalid), []);
  const onInstallments = useCallback(
    (installments: number) => update((current) => (current.installments === installments ? current : { ...current, installments })),
    [update],
  );
  const onCardDraft = useCallback((draft: CardFormValues) => setCardDraft(draft), []);

  /** The queries that failed with nothing to show (the checkout waits for all four). */
  const failed = ready ? [] : [products, tiers, methods, addresses].filter((query) => query.error !== undefined && query.data === undefined);

  return {
    /** The order was placed (here or in another tab): the result is on its way. */
    opening: justPlaced || placedElsewhere,
    ready,
    loadFailure:
      failed.length > 0
        ? {
            error: failed[0]?.error,
            retrying: failed.some((query) => query.isFetching),
            retry: () => failed.forEach((query) => void query.refetch()),
          }
        : null,
    step,
    /** The step's heading takes the focus when it opens, once the user (or a redirect) has moved between steps. */
    focusOnMount: navigated.current,
    stepContainer,
    notice: notice?.step === step ? notice : null,
    errors: stepErrors?.step === step ? stepErrors.errors : {},
    attempt,
    cart,
    preview,
    products: productList ?? [],
    addresses: addressList ?? [],
    methods: methodList ?? [],
    methodsLoading: methods.isFetching,
    address: (addressList ?? []).find((candidate) => candidate.id === cart.addressId) ?? null,
    method: (methodList ?? []).find((candidate) => candidate.id === cart.paymentMethodId) ?? null,
    card,
    cardDraft,
    submitting,
    failure,
    submission: currentSubmissionKey(cart) ? cart.submission : null,
    reachable: (target: CheckoutStep) =>
      stepIndex(target) < stepIndex(step) || (!(step === 'itens' && invalidDrafts) && blockingStep(target, cart, ctx) === null),
    goTo,
    next,
    placeOrder,
    onQuantity: (productId: string, quantity: number) => update((current) => withQuantity(current, productId, quantity)),
    onDraftsChange,
    onSelectAddress: (addressId: string) => {
      update((current) => ({ ...current, addressId }));
      setStepErrors(null);
    },
    onAddressCreated: (created: Address) => {
      createdAddresses.current.add(created.id);
      update((current) => ({ ...current, addressId: created.id }));
      setStepErrors(null);
    },
    onChoosePayment: (paymentMethodId: string, installments: number) => update((current) => ({ ...current, paymentMethodId, installments })),
    onInstallments,
    onCardDraft,
    onPaymentDone: (output: PaymentStepOutput) => {
      const fresh = update((current) => ({ ...current, paymentMethodId: output.paymentMethodId, installments: output.installments }));
      setCard(output.card);
      next('pagamento', fresh, { ...ctx, card: output.card });
    },
  };
}

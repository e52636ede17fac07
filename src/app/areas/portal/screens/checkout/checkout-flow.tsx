import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { addressListQuery, defaultAddress, type Address } from '@/contracts/address';
import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { PageLoader } from '@/components/ui/spinner';
import { useListAddressesQuery } from '@/features/addresses/api';
import { useCreateOrderMutation, useListProductsQuery } from '@/features/orders/api';
import { cartFingerprint, currentSubmissionKey, withAttempt, withQuantity, withSubmissionKey, type CheckoutCart } from '@/features/orders/checkout/cart';
import { useCheckoutCart } from '@/features/orders/checkout/cart-store';
import { EMPTY_CARD, type CardFormValues, type OrderCardInput, type PaymentStepOutput } from '@/features/orders/checkout/payment-form';
import { previewCart } from '@/features/orders/checkout/price-preview';
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
} from '@/features/orders/checkout/steps';
import { classifySubmitFailure, type SubmitFailure } from '@/features/orders/checkout/submit-outcome';
import { useCheckoutPaymentMethods, useDiscountTiers } from '@/entities/checkout-options/api';
import { apiErrorMessage } from '@/lib/api/errors';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { DeliveryStep } from './delivery-step';
import { ItemsStep } from './items-step';
import { OrderSummary } from './order-summary';
import { PaymentStep } from './payment-step';
import { ReviewStep } from './review-step';
import { StepActions, StepFrame, StepNav, StepNotice } from './step-frame';

/** Every saved address (an account has a handful; the list's largest page). */
const ADDRESS_QUERY = { ...addressListQuery.parse(new URLSearchParams()), perPage: 100 };

/** Said when the review is opened again (a reload, a link) for a card payment: card data is never kept. */
export const CARD_AGAIN_MESSAGE = 'Por segurança, os dados do cartão não ficam guardados: informe-os de novo para revisar e finalizar o pedido.';

interface Notice {
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

function LoadingState() {
  return (
    <div aria-busy="true" className="grid gap-6 lg:grid-cols-3">
      <p role="status" className="sr-only">
        Carregando o checkout…
      </p>
      <div className="space-y-4 lg:col-span-2">
        <Skeleton className="h-10 w-full" />
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-32 w-full" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

function LoadError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry(): void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-12 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-red-100 text-red-700 [&>svg]:h-6 [&>svg]:w-6">
        <AlertIcon />
      </span>
      <div className="space-y-2">
        <h2 className="text-xl font-semibold text-slate-900">Não foi possível carregar o checkout</h2>
        <p className="text-sm text-slate-600">{apiErrorMessage(error)} Seu carrinho continua guardado.</p>
      </div>
      <Button loading={retrying} onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}

/**
 * The four steps of the checkout (`?etapa=itens|entrega|pagamento|revisao`) over the cart kept in the browser.
 * A step opens only once the ones before it are done (a reload or a link to a later step lands on the first one
 * left to do, saying why); the step's heading takes the focus when it opens; "Finalizar pedido" sends the key made
 * when the review opened, whatever happens in between (a double click, a retry, a reload, another tab).
 */
export function CheckoutFlow({ owner }: { owner: string }) {
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
    const input = toOrderInput(keyed, ctx);
    inFlight.current = true;
    setSubmitting(true);
    setFailure(null);
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

  if (justPlaced || placedElsewhere) return <PageLoader label="Abrindo o pedido…" />;

  if (!ready) {
    const failed = [products, tiers, methods, addresses].filter((query) => query.error !== undefined && query.data === undefined);
    if (failed.length > 0) {
      return (
        <LoadError
          error={failed[0]?.error}
          retrying={failed.some((query) => query.isFetching)}
          onRetry={() => failed.forEach((query) => void query.refetch())}
        />
      );
    }
    return <LoadingState />;
  }

  const errors = stepErrors?.step === step ? stepErrors.errors : {};
  const shownNotice: ReactNode = notice?.step === step ? <StepNotice tone={notice.tone}>{notice.message}</StepNotice> : null;
  const reachable = (target: CheckoutStep) =>
    stepIndex(target) < stepIndex(step) || (!(step === 'itens' && invalidDrafts) && blockingStep(target, cart, ctx) === null);
  const address = (addressList ?? []).find((candidate) => candidate.id === cart.addressId) ?? null;
  const method = (methodList ?? []).find((candidate) => candidate.id === cart.paymentMethodId) ?? null;
  const previous = CHECKOUT_STEPS[stepIndex(step) - 1];
  const back = previous ? () => goTo(previous) : undefined;
  const submission = currentSubmissionKey(cart) ? cart.submission : null;

  let content: ReactNode;
  switch (step) {
    case 'itens':
      content = (
        <>
          <ItemsStep
            products={productList ?? []}
            cart={cart}
            errors={errors}
            attempt={attempt}
            onQuantity={(productId, quantity) => update((current) => withQuantity(current, productId, quantity))}
            onDraftsChange={onDraftsChange}
          />
          <StepActions next={<Button onClick={() => next('itens')}>Continuar</Button>} />
        </>
      );
      break;
    case 'entrega':
      content = (
        <>
          <DeliveryStep
            addresses={addressList ?? []}
            selectedId={cart.addressId}
            error={errors.addressId}
            onSelect={(addressId) => {
              update((current) => ({ ...current, addressId }));
              setStepErrors(null);
            }}
            onCreated={(created: Address) => {
              createdAddresses.current.add(created.id);
              update((current) => ({ ...current, addressId: created.id }));
              setStepErrors(null);
            }}
          />
          <StepActions onBack={back} next={<Button onClick={() => next('entrega')}>Continuar</Button>} />
        </>
      );
      break;
    case 'pagamento':
      content = (
        <PaymentStep
          methods={methodList ?? []}
          methodsLoading={methods.isFetching}
          paymentMethodId={cart.paymentMethodId}
          installments={cart.installments}
          cardDraft={cardDraft}
          total={preview.price.total}
          serverErrors={errors}
          onChoose={(paymentMethodId, installments) => update((current) => ({ ...current, paymentMethodId, installments }))}
          onInstallments={onInstallments}
          onCardDraft={onCardDraft}
          onBack={() => goTo('entrega')}
          onDone={(output: PaymentStepOutput) => {
            const fresh = update((current) => ({ ...current, paymentMethodId: output.paymentMethodId, installments: output.installments }));
            setCard(output.card);
            next('pagamento', fresh, { ...ctx, card: output.card });
          }}
        />
      );
      break;
    case 'revisao':
      content = (
        <ReviewStep
          preview={preview}
          address={address}
          method={method}
          installments={cart.installments}
          card={card}
          submitting={submitting}
          failure={failure}
          attempted={Boolean(submission?.attempted) && !submitting}
          afterUncertain={Boolean(submission?.afterUncertain)}
          onEdit={(target) => goTo(target)}
          onBack={() => goTo('pagamento')}
          onPlace={() => void placeOrder()}
        />
      );
      break;
  }

  return (
    <div>
      <StepNav current={step} reachable={reachable} onSelect={(target) => goTo(target)} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div ref={stepContainer} className="min-w-0 lg:col-span-2">
          <StepFrame key={step} step={step} focusOnMount={navigated.current} notice={shownNotice}>
            {content}
          </StepFrame>
        </div>
        {step === 'revisao' ? null : (
          <div className="min-w-0">
            <OrderSummary preview={preview} />
          </div>
        )}
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { PageLoader } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api/errors';
import { DeliveryStep } from './delivery-step';
import { ItemsStep } from './items-step';
import { OrderSummary } from './order-summary';
import { PaymentStep } from './payment-step';
import { ReviewStep } from './review-step';
import { StepActions, StepFrame, StepNav, StepNotice } from './step-frame';
import { CHECKOUT_STEPS, stepIndex } from './steps';
import { useCheckoutFlow } from './use-checkout-flow';

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
 * The four steps of the checkout (`?etapa=itens|entrega|pagamento|revisao`) over the cart kept in the browser; its
 * state (queries, cart, step, submit) is `useCheckoutFlow`'s. A step opens only once the ones before it are done (a
 * reload or a link to a later step lands on the first one left to do, saying why); the step's heading takes the
 * focus when it opens; "Finalizar pedido" sends the key made when the review opened, whatever happens in between (a
 * double click, a retry, a reload, another tab).
 */
export function CheckoutFlow({ owner }: { owner: string }) {
  const flow = useCheckoutFlow(owner);
  const { step, cart, errors, goTo, next } = flow;

  if (flow.opening) return <PageLoader label="Abrindo o pedido…" />;

  if (!flow.ready) {
    const failure = flow.loadFailure;
    if (failure) return <LoadError error={failure.error} retrying={failure.retrying} onRetry={failure.retry} />;
    return <LoadingState />;
  }

  const shownNotice: ReactNode = flow.notice ? <StepNotice tone={flow.notice.tone}>{flow.notice.message}</StepNotice> : null;
  const previous = CHECKOUT_STEPS[stepIndex(step) - 1];
  const back = previous ? () => goTo(previous) : undefined;

  let content: ReactNode;
  switch (step) {
    case 'itens':
      content = (
        <>
          <ItemsStep
            products={flow.products}
            cart={cart}
            errors={errors}
            attempt={flow.attempt}
            onQuantity={flow.onQuantity}
            onDraftsChange={flow.onDraftsChange}
          />
          <StepActions next={<Button onClick={() => next('itens')}>Continuar</Button>} />
        </>
      );
      break;
    case 'entrega':
      content = (
        <>
          <DeliveryStep
            addresses={flow.addresses}
            selectedId={cart.addressId}
            error={errors.addressId}
            onSelect={flow.onSelectAddress}
            onCreated={flow.onAddressCreated}
          />
          <StepActions onBack={back} next={<Button onClick={() => next('entrega')}>Continuar</Button>} />
        </>
      );
      break;
    case 'pagamento':
      content = (
        <PaymentStep
          methods={flow.methods}
          methodsLoading={flow.methodsLoading}
          paymentMethodId={cart.paymentMethodId}
          installments={cart.installments}
          cardDraft={flow.cardDraft}
          total={flow.preview.price.total}
          serverErrors={errors}
          onChoose={flow.onChoosePayment}
          onInstallments={flow.onInstallments}
          onCardDraft={flow.onCardDraft}
          onBack={() => goTo('entrega')}
          onDone={flow.onPaymentDone}
        />
      );
      break;
    case 'revisao':
      content = (
        <ReviewStep
          preview={flow.preview}
          address={flow.address}
          method={flow.method}
          installments={cart.installments}
          card={flow.card}
          submitting={flow.submitting}
          failure={flow.failure}
          attempted={Boolean(flow.submission?.attempted) && !flow.submitting}
          afterUncertain={Boolean(flow.submission?.afterUncertain)}
          onEdit={(target) => goTo(target)}
          onBack={() => goTo('pagamento')}
          onPlace={() => void flow.placeOrder()}
        />
      );
      break;
  }

  return (
    <div>
      <StepNav current={step} reachable={flow.reachable} onSelect={(target) => goTo(target)} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div ref={flow.stepContainer} className="min-w-0 lg:col-span-2">
          <StepFrame key={step} step={step} focusOnMount={flow.focusOnMount} notice={shownNotice}>
            {content}
          </StepFrame>
        </div>
        {step === 'revisao' ? null : (
          <div className="min-w-0">
            <OrderSummary preview={flow.preview} />
          </div>
        )}
      </div>
    </div>
  );
}

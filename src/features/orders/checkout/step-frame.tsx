import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { AlertIcon, CheckIcon } from '@/components/ui/icons';
import { CHECKOUT_STEP_LABELS, CHECKOUT_STEPS, stepIndex, type CheckoutStep } from './steps';
import { cn } from '@/lib/cn';

/**
 * "Etapas do pedido": where the buyer is (`aria-current="step"`), the steps that may be opened (buttons: those
 * done, and any later one whose earlier steps are all done) and those not yet reachable.
 */
export function StepNav({
  current,
  reachable,
  onSelect,
}: {
  current: CheckoutStep;
  reachable: (step: CheckoutStep) => boolean;
  onSelect: (step: CheckoutStep) => void;
}) {
  const currentIndex = stepIndex(current);
  return (
    <nav aria-label="Etapas do pedido" className="mb-6">
      <ol className="grid grid-cols-4 gap-1 sm:gap-2">
        {CHECKOUT_STEPS.map((step, index) => {
          const label = CHECKOUT_STEP_LABELS[step];
          const done = index < currentIndex;
          const isCurrent = step === current;
          const marker = (
            <span
              aria-hidden="true"
              className={cn(
                'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                isCurrent ? 'bg-accent text-white' : done ? 'bg-accent-soft text-accent-strong' : 'bg-slate-100 text-slate-600',
              )}
            >
              {done ? <CheckIcon width={14} height={14} /> : index + 1}
            </span>
          );
          const text = (
            <span className={cn('truncate text-xs sm:text-sm', isCurrent ? 'font-semibold text-slate-900' : 'text-slate-700')}>
              {label}
              <span className="sr-only">{isCurrent ? ', etapa atual' : done ? ', concluída' : ''}</span>
            </span>
          );
          const box = 'flex w-full min-w-0 flex-col items-center gap-1 rounded-md px-1 py-1.5 sm:flex-row sm:gap-2 sm:px-2';
          return (
            <li key={step} className="min-w-0">
              {isCurrent ? (
                <span aria-current="step" className={box}>
                  {marker}
                  {text}
                </span>
              ) : reachable(step) ? (
                <button
                  type="button"
                  onClick={() => onSelect(step)}
                  className={cn(
                    box,
                    'hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring',
                  )}
                >
                  {marker}
                  {text}
                </button>
              ) : (
                <span className={box}>
                  {marker}
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** A message at the top of a step: why the buyer was sent here, or what to fix. */
export function StepNotice({ tone = 'danger', children }: { tone?: 'danger' | 'warning' | 'info'; children: ReactNode }) {
  return (
    <div
      role={tone === 'info' ? 'status' : 'alert'}
      className={cn(
        'flex gap-3 rounded-md border px-4 py-3 text-sm',
        tone === 'danger' && 'border-red-200 bg-red-50 text-red-900',
        tone === 'warning' && 'border-amber-300 bg-amber-50 text-amber-900',
        tone === 'info' && 'border-sky-200 bg-sky-50 text-sky-900',
      )}
    >
      <AlertIcon width={18} height={18} className="mt-0.5 shrink-0" />
      <div className="min-w-0 space-y-1">{children}</div>
    </div>
  );
}

/**
 * One step: "Etapa N de 4", its heading (which takes the focus when the step is opened, so a screen reader says
 * where the buyer is), a notice and the content.
 */
export function StepFrame({
  step,
  focusOnMount,
  notice,
  description,
  children,
}: {
  step: CheckoutStep;
  focusOnMount: boolean;
  notice?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shouldFocus = useRef(focusOnMount);
  // Before paint: the step appears with the focus on its heading (a screen reader reads the new step).
  useLayoutEffect(() => {
    if (shouldFocus.current) heading.current?.focus();
  }, []);
  return (
    <section aria-labelledby={headingId} data-checkout-step={step} className="min-w-0 space-y-5">
      <div>
        <p className="text-sm text-slate-600">
          Etapa {stepIndex(step) + 1} de {CHECKOUT_STEPS.length}
        </p>
        <h2
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="rounded-sm text-xl font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
        >
          {CHECKOUT_STEP_LABELS[step]}
        </h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {notice}
      {children}
    </section>
  );
}

/** "Voltar" and the step's main action at its foot. */
export function StepActions({
  onBack,
  next,
}: {
  onBack?: () => void;
  next: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:justify-between">
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          Voltar
        </Button>
      ) : (
        <span />
      )}
      {next}
    </div>
  );
}

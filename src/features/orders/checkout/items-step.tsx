import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { PRODUCT_KIND_LABELS, type Product, type ProductKind } from '@/contracts/catalog';
import { Button } from '@/components/ui/button';
import { FieldError, FieldHint, inputClasses } from '@/components/ui/field';
import { quantityOf, type CheckoutCart } from './cart';
import { parseQuantity, quantityProblem, stockLimitText } from './price-preview';
import { ProductImage } from '@/entities/catalog/product-image';
import { formatBRL } from '@/lib/money';
import { cn } from '@/lib/cn';

const GROUPS: ReadonlyArray<{ kind: ProductKind; title: string; description: string }> = [
  { kind: 'gateway', title: 'Gateways', description: 'Cada unidade vira um dispositivo na sua conta, com seu código de configuração, assim que o pedido é pago.' },
  { kind: 'plan', title: 'Planos de conectividade', description: 'Acesso remoto VPN para os seus gateways.' },
];

const stepperButton =
  'flex h-10 w-10 shrink-0 items-center justify-center border border-slate-300 bg-white text-lg font-medium text-slate-800 ' +
  'hover:bg-slate-50 focus-visible:z-10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

interface QuantityControlProps {
  product: Product;
  quantity: number;
  /** What the field holds when it is not the cart's quantity (typed, not valid yet). */
  draft: string | undefined;
  /** An error from elsewhere (the server, the step's check) while the field holds the cart's quantity. */
  outsideError: string | undefined;
  showEmptyError: boolean;
  onDraft(text: string | undefined): void;
  onQuantity(quantity: number): void;
  onRemove(): void;
  inputRef(element: HTMLInputElement | null): void;
}

/** − [quantity] + and "Remover": a whole number from 1 to the product's limit, typed or stepped. */
function QuantityControl({ product, quantity, draft, outsideError, showEmptyError, onDraft, onQuantity, onRemove, inputRef }: QuantityControlProps) {
  const id = useId();
  const [blurred, setBlurred] = useState(false);
  const text = draft ?? String(quantity);
  const typedProblem = draft === undefined ? null : quantityProblem(draft, product.stockLimit);
  // An emptied field is not called out while the buyer is still typing a new number.
  const problem = typedProblem && draft?.trim() === '' && !blurred && !showEmptyError ? null : typedProblem;
  const error = problem ?? (draft === undefined ? outsideError : undefined);
  const base = parseQuantity(text, product.stockLimit) ?? quantity;

  const set = (value: string) => {
    setBlurred(false);
    const parsed = parseQuantity(value, product.stockLimit);
    // A good number goes to the cart at once (the price follows); what is typed stays as typed until it is one.
    onDraft(parsed !== null && value === String(parsed) ? undefined : value);
    if (parsed !== null) onQuantity(parsed);
  };
  const step = (delta: number) => {
    const next = Math.min(product.stockLimit, Math.max(1, base + delta));
    onDraft(undefined);
    onQuantity(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      step(1);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      step(-1);
    }
  };

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        Quantidade{' '}
        <span className="sr-only">de {product.name}</span>
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex">
          <button
            type="button"
            className={cn(stepperButton, 'rounded-l-md')}
            onClick={() => step(-1)}
            disabled={base <= 1}
            aria-label={`Diminuir quantidade de ${product.name}`}
          >
            −
          </button>
          <div className="-mx-px w-20 shrink-0">
            <input
              ref={inputRef}
              id={id}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={text}
              onChange={(event) => set(event.target.value)}
              onBlur={() => setBlurred(true)}
              onKeyDown={onKeyDown}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
              className={inputClasses(Boolean(error), 'rounded-none text-center tabular-nums focus:relative')}
            />
          </div>
          <button
            type="button"
            className={cn(stepperButton, 'rounded-r-md')}
            onClick={() => step(1)}
            disabled={base >= product.stockLimit}
            aria-label={`Aumentar quantidade de ${product.name}`}
          >
            +
          </button>
        </div>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          Remover <span className="sr-only">{product.name}</span>
        </Button>
      </div>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : <FieldHint id={`${id}-hint`}>{stockLimitText(product.stockLimit)}</FieldHint>}
    </div>
  );
}

export interface ItemsStepProps {
  products: readonly Product[];
  cart: CheckoutCart;
  /** Errors by field (`items` for the cart, `items.<productId>` for a line): the step's check or the server's. */
  errors: Partial<Record<string, string>>;
  /** Bumped on every "Continuar" that found something to fix: shows the errors of emptied fields too. */
  attempt: number;
  onQuantity(productId: string, quantity: number): void;
  /** Whether every line holds a good quantity (no typed draft left to fix). */
  onDraftsChange(invalid: boolean): void;
}

/**
 * Step 1, "Itens": the catalog by kind, each product with its unit price, "Adicionar", then its quantity (typed or
 * stepped, up to its limit: "Máximo de N unidades por pedido.") and its line total.
 */
export function ItemsStep({ products, cart, errors, attempt, onQuantity, onDraftsChange }: ItemsStepProps) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfter = useRef<{ productId: string; target: 'input' | 'add' } | null>(null);

  const invalidDrafts = Object.entries(drafts).some(([productId, text]) => {
    const product = products.find((candidate) => candidate.id === productId);
    return product !== undefined && quantityOf(cart, productId) > 0 && quantityProblem(text, product.stockLimit) !== null;
  });
  useEffect(() => onDraftsChange(invalidDrafts), [invalidDrafts, onDraftsChange]);

  useEffect(() => {
    const pending = focusAfter.current;
    if (!pending) return;
    const element = pending.target === 'input' ? inputs.current.get(pending.productId) : addButtons.current.get(pending.productId);
    if (element) {
      focusAfter.current = null;
      element.focus();
      if (element instanceof HTMLInputElement) element.select();
    }
  });

  const setDraft = (productId: string, text: string | undefined) =>
    setDrafts((current) => {
      if (text === undefined) {
        if (!(productId in current)) return current;
        const { [productId]: _removed, ...rest } = current;
        return rest;
      }
      return current[productId] === text ? current : { ...current, [productId]: text };
    });

  const cartError = errors.items;
  const firstAddable = products.find((product) => quantityOf(cart, product.id) === 0)?.id;

  return (
    <div className="space-y-6">
      {cartError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {cartError}
        </p>
      ) : null}
      {GROUPS.map((group) => {
        const items = products.filter((product) => product.kind === group.kind);
        if (items.length === 0) return null;
        return (
          <section key={group.kind} aria-labelledby={`catalogo-${group.kind}`} className="space-y-3">
            <div>
              <h3 id={`catalogo-${group.kind}`} className="text-base font-semibold text-slate-900">
                {group.title}
              </h3>
              <p className="text-sm text-slate-600">{group.description}</p>
            </div>
            <ul className="space-y-3">
              {items.map((product) => {
                const quantity = quantityOf(cart, product.id);
                return (
                  <li key={product.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                      <div className="flex min-w-0 gap-4">
                        <ProductImage image={product.image} className="hidden h-14 w-16 sm:block" />
                        <div className="min-w-0 space-y-1">
                          <h4 className="font-medium text-slate-900">{product.name}</h4>
                          <p className="text-sm text-slate-600">{product.description}</p>
                          <p className="text-xs text-slate-600">
                            <span className="font-mono">{product.sku}</span> · {PRODUCT_KIND_LABELS[product.kind]}
                          </p>
                        </div>
                      </div>
                      <p className="shrink-0 text-sm text-slate-700 sm:text-right">
                        <span className="block text-base font-semibold tabular-nums text-slate-900">{formatBRL(product.unitPrice)}</span>
                        por unidade
                      </p>
                    </div>
                    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
                      {quantity > 0 ? (
                        <>
                          <QuantityControl
                            product={product}
                            quantity={quantity}
                            draft={drafts[product.id]}
                            outsideError={errors[`items.${product.id}`]}
                            showEmptyError={attempt > 0}
                            onDraft={(text) => setDraft(product.id, text)}
                            onQuantity={(next) => onQuantity(product.id, next)}
                            onRemove={() => {
                              setDraft(product.id, undefined);
                              focusAfter.current = { productId: product.id, target: 'add' };
                              onQuantity(product.id, 0);
                            }}
                            inputRef={(element) => {
                              if (element) inputs.current.set(product.id, element);
                              else inputs.current.delete(product.id);
                            }}
                          />
                          <p className="text-sm text-slate-700 sm:text-right">
                            Total do item:{' '}
                            <span className="font-semibold tabular-nums text-slate-900">{formatBRL(product.unitPrice * quantity)}</span>
                          </p>
                        </>
                      ) : (
                        <Button
                          variant="secondary"
                          ref={(element) => {
                            if (element) addButtons.current.set(product.id, element);
                            else addButtons.current.delete(product.id);
                          }}
                          data-problem-focus={cartError && product.id === firstAddable ? '' : undefined}
                          onClick={() => {
                            focusAfter.current = { productId: product.id, target: 'input' };
                            onQuantity(product.id, 1);
                          }}
                          className="self-start"
                        >
                          Adicionar <span className="sr-only">{product.name}</span>
                        </Button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

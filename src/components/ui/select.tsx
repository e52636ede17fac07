import * as SelectPrimitive from '@radix-ui/react-select';
import {
  forwardRef,
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ElementRef,
  type ReactElement,
} from 'react';
import { cn } from '@/lib/cn';
import { CheckIcon, ChevronRightIcon } from './icons';

/**
 * Radix Select: a button (role="combobox") and a listbox with keyboard support and type-ahead (1 s).
 * Give the trigger an accessible name: `aria-label`, or an `id` with a `<label htmlFor>` (FieldLabel).
 *
 * Radix reserves the empty string: a `SelectItem` must never have `value=""` (the select would show its
 * placeholder instead), and `value=""` on the root means "nothing chosen". For an "all"/"any" choice use
 * `SimpleSelect`, which maps an option with `value: ''` to `SELECT_EMPTY_VALUE` and back, or use that
 * sentinel yourself with the composed parts.
 */
export const Select = SelectPrimitive.Root;
export const SelectGroup = SelectPrimitive.Group;
export const SelectValue = SelectPrimitive.Value;

/** Stands for the empty string inside Radix Select (see above). */
export const SELECT_EMPTY_VALUE = '__empty__';

/** The kit's chevron, turned down (or up). */
const Chevron = ({ up = false, className }: { up?: boolean; className?: string }) => (
  <ChevronRightIcon width={16} height={16} className={cn(up ? '-rotate-90' : 'rotate-90', className)} />
);

export const selectTriggerClasses = (className?: string) =>
  cn(
    'flex h-10 w-full items-center justify-between gap-2 whitespace-nowrap rounded-md border border-slate-300 bg-white px-3 text-left text-sm text-slate-900 shadow-sm',
    'focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring focus-visible:ring-offset-1 data-[state=open]:ring-2 data-[state=open]:ring-accent-ring',
    'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 data-[placeholder]:text-slate-500',
    'aria-[invalid=true]:border-red-600 [&>span]:truncate',
    className,
  );

export const SelectTrigger = forwardRef<
  ElementRef<typeof SelectPrimitive.Trigger>,
  ComponentPropsWithoutRef<typeof SelectPrimitive.Trigger>
>(function SelectTrigger({ className, children, ...props }, ref) {
  return (
    <SelectPrimitive.Trigger ref={ref} className={selectTriggerClasses(className)} {...props}>
      {children}
      <SelectPrimitive.Icon className="flex shrink-0 text-slate-500">
        <Chevron />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
});

const scrollButtonClasses = 'flex cursor-default items-center justify-center py-1 text-slate-500';

export const SelectScrollUpButton = forwardRef<
  ElementRef<typeof SelectPrimitive.ScrollUpButton>,
  ComponentPropsWithoutRef<typeof SelectPrimitive.ScrollUpButton>
>(function SelectScrollUpButton({ className, ...props }, ref) {
  return (
    <SelectPrimitive.ScrollUpButton ref={ref} className={cn(scrollButtonClasses, className)} {...props}>
      <Chevron up />
    </SelectPrimitive.ScrollUpButton>
  );
});

export const SelectScrollDownButton = forwardRef<
  ElementRef<typeof SelectPrimitive.ScrollDownButton>,
  ComponentPropsWithoutRef<typeof SelectPrimitive.ScrollDownButton>
>(function SelectScrollDownButton({ className, ...props }, ref) {
  return (
    <SelectPrimitive.ScrollDownButton ref={ref} className={cn(scrollButtonClasses, className)} {...props}>
      <Chevron />
    </SelectPrimitive.ScrollDownButton>
  );
});

/**
 * The listbox, portalled. Default `position="popper"`: below the trigger, at least as wide as it, never taller
 * than the room left on screen (20 rem at most), scrolling inside.
 */
export const SelectContent = forwardRef<
  ElementRef<typeof SelectPrimitive.Content>,
  ComponentPropsWithoutRef<typeof SelectPrimitive.Content>
>(function SelectContent({ className, children, position = 'popper', sideOffset = 4, ...props }, ref) {
  const popper = position === 'popper';
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        ref={ref}
        position={position}
        sideOffset={popper ? sideOffset : undefined}
        collisionPadding={popper ? 8 : undefined}
        className={cn(
          'relative z-50 min-w-[8rem] overflow-hidden rounded-md border border-slate-200 bg-white text-slate-800 shadow-lg animate-fade-in',
          popper
            ? 'max-h-[min(var(--radix-select-content-available-height),20rem)] w-[var(--radix-select-trigger-width)] max-w-[calc(100vw-1rem)]'
            : 'max-h-[min(var(--radix-select-content-available-height),20rem)]',
          className,
        )}
        {...props}
      >
        <SelectScrollUpButton />
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
        <SelectScrollDownButton />
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
});

export function SelectLabel({ className, ...props }: ComponentPropsWithoutRef<typeof SelectPrimitive.Label>) {
  return <SelectPrimitive.Label className={cn('px-2.5 py-1.5 text-xs font-semibold text-slate-600', className)} {...props} />;
}

/** An option; `value` must not be '' (see the module's note). */
export const SelectItem = forwardRef<
  ElementRef<typeof SelectPrimitive.Item>,
  ComponentPropsWithoutRef<typeof SelectPrimitive.Item>
>(function SelectItem({ className, children, ...props }, ref) {
  return (
    <SelectPrimitive.Item
      ref={ref}
      className={cn(
        'relative flex w-full cursor-default select-none items-center rounded-md py-2 pl-2.5 pr-8 text-sm outline-none',
        'data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      <span className="absolute right-2 flex h-4 w-4 items-center justify-center text-accent">
        <SelectPrimitive.ItemIndicator>
          <CheckIcon width={16} height={16} />
        </SelectPrimitive.ItemIndicator>
      </span>
    </SelectPrimitive.Item>
  );
});

export function SelectSeparator({ className, ...props }: ComponentPropsWithoutRef<typeof SelectPrimitive.Separator>) {
  return <SelectPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-slate-200', className)} {...props} />;
}

export interface SelectOption<T extends string = string> {
  /** '' is allowed here (an "all" choice): SimpleSelect maps it to SELECT_EMPTY_VALUE for Radix. */
  value: T;
  label: string;
  disabled?: boolean;
}

export interface SimpleSelectProps<T extends string = string> {
  /** The chosen option's value; '' selects the option whose value is '' (or shows the placeholder if none). */
  value: T | '';
  onValueChange(value: T): void;
  options: readonly SelectOption<T>[];
  placeholder?: string;
  /** Accessible name when there is no `<label htmlFor={id}>`. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  id?: string;
  disabled?: boolean;
  /** Classes of the trigger (its width, e.g. `w-48`). */
  className?: string;
}

const toItemValue = (value: string) => (value === '' ? SELECT_EMPTY_VALUE : value);

/**
 * A select from a list of options, e.g. a list filter:
 * `<SimpleSelect aria-label="Status" value={status} onValueChange={setStatus}
 *   options={[{ value: '', label: 'Todos' }, { value: 'active', label: 'Ativos' }]} />`
 * The '' option ("Todos") is shown as chosen when `value` is '' and reports '' when picked.
 */
export function SimpleSelect<T extends string = string>({
  value,
  onValueChange,
  options,
  placeholder,
  id,
  disabled,
  className,
  ...aria
}: SimpleSelectProps<T>) {
  const hasEmptyOption = options.some((option) => option.value === '');
  const rootValue = value === '' ? (hasEmptyOption ? SELECT_EMPTY_VALUE : '') : value;
  // Radix renders every item even while closed (to show the chosen one's text), and its root hands its items a new
  // context on each of its renders: a list's filter (100 customers) would re-render all its items on every page or
  // search of the list. So the Radix part below renders only when what it shows changes: the handler it gets stays
  // the same function (calling the latest one given), the items the same elements while the options say the same.
  const latest = useRef({ options, onValueChange });
  useLayoutEffect(() => {
    latest.current = { options, onValueChange };
  });
  const handleValueChange = useCallback((next: string) => {
    const option = latest.current.options.find((candidate) => toItemValue(candidate.value) === next);
    if (option) latest.current.onValueChange(option.value);
  }, []);
  const signature = optionsSignature(options);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature stands for the options' content
  const items = useMemo(() => renderItems(options), [signature]);
  return (
    <StableSelect
      value={rootValue}
      onValueChange={handleValueChange}
      items={items}
      placeholder={placeholder}
      id={id}
      disabled={disabled}
      className={className}
      {...aria}
    />
  );
}

type Item = ReactElement<{ value: string }>;
type StableSelectProps = Omit<SimpleSelectProps, 'options' | 'value'> & { value: string; items: readonly Item[] };

const StableSelect = memo(function StableSelect({
  value,
  onValueChange,
  items,
  placeholder,
  id,
  disabled,
  className,
  ...aria
}: StableSelectProps) {
  // While nobody is about to use it, only the chosen item is rendered (its text is what the trigger shows): a list
  // screen's first render would otherwise build its filters' hundred options each (measured with `npm run bench`,
  // a tenth of the first open of Máquinas at 4× CPU). The pointer or the focus on the trigger renders them all, so
  // they are there when it opens and for its type-ahead.
  const [armed, setArmed] = useState(false);
  const arm = armed ? undefined : () => setArmed(true);
  const shown = armed ? items : items.filter((item) => item.props.value === value);
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled} onOpenChange={arm}>
      <SelectTrigger id={id} className={className} onPointerEnter={arm} onFocus={arm} {...aria}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>{shown}</SelectContent>
    </Select>
  );
});

/** What the options show and allow, as one string: equal strings, same items. */
function optionsSignature(options: readonly SelectOption[]): string {
  let signature = '';
  for (const option of options) signature += `${option.value}\u0000${option.label}\u0000${option.disabled ? 1 : 0}\u0001`;
  return signature;
}

function renderItems(options: readonly SelectOption[]): Item[] {
  return options.map((option) => (
    <SelectItem key={option.value} value={toItemValue(option.value)} disabled={option.disabled}>
      {option.label}
    </SelectItem>
  ));
}

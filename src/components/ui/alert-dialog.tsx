import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import {
  forwardRef,
  useEffect,
  useRef,
  type ComponentPropsWithoutRef,
  type ElementRef,
  type JSX,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/cn';
import { Button, buttonClasses } from './button';
import { DialogFooter, DialogHeader, dialogContentClasses, dialogOverlayClasses, type DialogSize } from './dialog';

/**
 * Radix AlertDialog: a modal that asks for a decision. Unlike Dialog, a click outside does not close it (Escape
 * and Cancel do), and focus starts on Cancel. `AlertDialogAction` closes the dialog when clicked; for work that
 * takes time use `ConfirmDialog` below, which stays open until its caller closes it.
 */
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogPortal = AlertDialogPrimitive.Portal;
export const AlertDialogHeader = DialogHeader;
export const AlertDialogFooter = DialogFooter;

export const AlertDialogOverlay = forwardRef<
  ElementRef<typeof AlertDialogPrimitive.Overlay>,
  ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Overlay>
>(function AlertDialogOverlay({ className, ...props }, ref) {
  return <AlertDialogPrimitive.Overlay ref={ref} className={dialogOverlayClasses(className)} {...props} />;
});

export interface AlertDialogContentProps extends ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Content> {
  /** Maximum width from 640 px up; default 'sm' (24 rem). */
  size?: DialogSize;
}

export const AlertDialogContent = forwardRef<ElementRef<typeof AlertDialogPrimitive.Content>, AlertDialogContentProps>(
  function AlertDialogContent({ className, size = 'sm', ...props }, ref) {
    return (
      <AlertDialogPortal>
        <AlertDialogOverlay />
        <AlertDialogPrimitive.Content ref={ref} className={dialogContentClasses(size, className)} {...props} />
      </AlertDialogPortal>
    );
  },
);

export const AlertDialogTitle = forwardRef<
  ElementRef<typeof AlertDialogPrimitive.Title>,
  ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Title>
>(function AlertDialogTitle({ className, ...props }, ref) {
  return (
    <AlertDialogPrimitive.Title
      ref={ref}
      className={cn('text-lg font-semibold leading-tight text-slate-900', className)}
      {...props}
    />
  );
});

export const AlertDialogDescription = forwardRef<
  ElementRef<typeof AlertDialogPrimitive.Description>,
  ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Description>
>(function AlertDialogDescription({ className, ...props }, ref) {
  return <AlertDialogPrimitive.Description ref={ref} className={cn('text-sm text-slate-600', className)} {...props} />;
});

/** Closes the dialog; styled as a primary button (pass `className={buttonClasses('danger')}` for a destructive one). */
export const AlertDialogAction = forwardRef<
  ElementRef<typeof AlertDialogPrimitive.Action>,
  ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Action>
>(function AlertDialogAction({ className, ...props }, ref) {
  return <AlertDialogPrimitive.Action ref={ref} className={className ?? buttonClasses('primary')} {...props} />;
});

/** Closes the dialog; receives the focus when the dialog opens. */
export const AlertDialogCancel = forwardRef<
  ElementRef<typeof AlertDialogPrimitive.Cancel>,
  ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Cancel>
>(function AlertDialogCancel({ className, ...props }, ref) {
  return <AlertDialogPrimitive.Cancel ref={ref} className={className ?? buttonClasses('secondary')} {...props} />;
});

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  /** Default 'Confirmar'. */
  confirmLabel?: string;
  /** Default 'Cancelar'. */
  cancelLabel?: string;
  /** 'danger' paints the confirm button red (deleting, revoking). Default 'default'. */
  tone?: 'danger' | 'default';
  /** The confirm button is disabled and shows a spinner, Cancel is disabled, and Escape does not close. */
  pending?: boolean;
  /** Shown inside the dialog with role="alert" (e.g. the reason a delete was refused). */
  error?: string | null;
  /** Does not close the dialog: the caller closes it (onOpenChange(false) / open=false) when its work ends. */
  onConfirm(): void;
  /** More of the decision between the description and the buttons: an optional reason field, a choice. */
  children?: ReactNode;
}

/**
 * A ready confirmation: title, optional description, Cancel (focused on open, the safe default for
 * destructive actions) and a confirm button. Controlled by `open`/`onOpenChange`; Escape and Cancel ask to
 * close unless `pending`.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  tone = 'default',
  pending = false,
  error = null,
  onConfirm,
  children,
}: ConfirmDialogProps): JSX.Element {
  const contentRef = useRef<HTMLDivElement>(null);
  const focusHistory = useRef<HTMLElement[]>([]);

  // The dialog is controlled and usually opened without an AlertDialogTrigger (a row action, a menu item), so
  // Radix has no trigger to give the focus back to. Remember the last elements focused outside it and, on
  // close, return to the latest one still in the page (a menu item is gone by then; its menu button is not).
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target === document.body || contentRef.current?.contains(target)) return;
      focusHistory.current = [...focusHistory.current.filter((element) => element !== target), target].slice(-5);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  // The confirm button becomes disabled while pending, which drops the keyboard focus to <body>, outside
  // the trapped dialog: keep it on the dialog itself instead.
  useEffect(() => {
    const content = contentRef.current;
    if (!pending || !content) return;
    const active = document.activeElement;
    const lost = !(active instanceof HTMLElement) || !content.contains(active);
    if (lost || (active instanceof HTMLButtonElement && active.disabled)) content.focus({ preventScroll: true });
  }, [pending]);

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (next || !pending) onOpenChange(next);
      }}
    >
      <AlertDialogContent
        ref={contentRef}
        aria-busy={pending || undefined}
        onEscapeKeyDown={(event) => {
          if (pending) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const target = [...focusHistory.current].reverse().find((element) => element.isConnected);
          target?.focus({ preventScroll: true });
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          {description ? (
            // A div, not Radix's <p>: the description may hold paragraphs or lists.
            <AlertDialogDescription asChild>
              <div>{description}</div>
            </AlertDialogDescription>
          ) : null}
        </AlertDialogHeader>
        {children}
        {error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

import * as DialogPrimitive from '@radix-ui/react-dialog';
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef, type HTMLAttributes, type JSX, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { CloseIcon } from './icons';

/**
 * Radix Dialog: modal, focus trapped and restored to the trigger, Escape and a click outside close it, the
 * page behind is inert and does not scroll. Always render a `DialogTitle` (its accessible name); a
 * `DialogDescription` is tied to it with aria-describedby when present.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

const SIZES: Record<DialogSize, string> = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-2xl',
  xl: 'sm:max-w-4xl',
};

export const dialogOverlayClasses = (className?: string) =>
  cn('fixed inset-0 z-50 bg-slate-900/50 animate-fade-in', className);

/**
 * Centred panel. Under 640 px it takes the full width less 1 rem margins each side; it never exceeds the
 * viewport's height (dvh, so mobile browser bars are accounted for) and scrolls inside when taller.
 */
export const dialogContentClasses = (size: DialogSize = 'md', className?: string) =>
  cn(
    'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4',
    'max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain',
    'rounded-lg border border-slate-200 bg-white p-6 text-slate-800 shadow-lg animate-fade-in focus:outline-none',
    SIZES[size],
    className,
  );

export const DialogOverlay = forwardRef<
  ElementRef<typeof DialogPrimitive.Overlay>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>
>(function DialogOverlay({ className, ...props }, ref) {
  return <DialogPrimitive.Overlay ref={ref} className={dialogOverlayClasses(className)} {...props} />;
});

export interface DialogContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** Maximum width from 640 px up; default 'md' (32 rem). */
  size?: DialogSize;
  /** The top-right "Fechar" button; default true. */
  showCloseButton?: boolean;
}

export const DialogContent = forwardRef<ElementRef<typeof DialogPrimitive.Content>, DialogContentProps>(
  function DialogContent({ className, children, size = 'md', showCloseButton = true, ...props }, ref) {
    return (
      <DialogPortal>
        <DialogOverlay />
        <DialogPrimitive.Content ref={ref} className={dialogContentClasses(size, className)} {...props}>
          {children}
          {showCloseButton ? (
            <DialogPrimitive.Close
              aria-label="Fechar"
              className="absolute right-3 top-3 inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring focus-visible:ring-offset-2 disabled:pointer-events-none"
            >
              <CloseIcon width={18} height={18} />
            </DialogPrimitive.Close>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPortal>
    );
  },
);

/** Title and description; leaves room on the right for the close button. */
export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8 text-left', className)} {...props} />;
}

/** Actions: stacked full-width on phones (primary on top), in a right-aligned row from 640 px. */
export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export const DialogTitle = forwardRef<
  ElementRef<typeof DialogPrimitive.Title>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(function DialogTitle({ className, ...props }, ref) {
  return (
    <DialogPrimitive.Title
      ref={ref}
      className={cn('text-lg font-semibold leading-tight text-slate-900', className)}
      {...props}
    />
  );
});

export const DialogDescription = forwardRef<
  ElementRef<typeof DialogPrimitive.Description>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(function DialogDescription({ className, ...props }, ref) {
  return <DialogPrimitive.Description ref={ref} className={cn('text-sm text-slate-600', className)} {...props} />;
});

export interface FormDialogProps {
  /** Called with false when the dialog asks to close (Escape, "Fechar", a click outside), unless `busy`. */
  onOpenChange(open: boolean): void;
  /** Saving: nothing closes the dialog. */
  busy: boolean;
  /** Something was typed: a click outside does not throw it away (Escape and "Fechar" still ask to close). */
  dirty: boolean;
  title: ReactNode;
  description: ReactNode;
  /** Default 'md'. */
  size?: DialogSize;
  /** The form. */
  children: ReactNode;
}

/**
 * A create / edit form in a dialog, open while mounted (mount it only while open). The dialog itself takes the focus
 * on opening, so its title and description are read and no field is validated just because the focus left it.
 */
export function FormDialog({ onOpenChange, busy, dirty, title, description, size = 'md', children }: FormDialogProps): JSX.Element {
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (next || !busy) onOpenChange(next);
      }}
    >
      <DialogContent
        size={size}
        // A field focused on opening would be validated as soon as anything else is clicked, and its error would
        // move what was being clicked.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        onInteractOutside={(event) => {
          // A click beside the dialog must not throw away what was typed.
          if (dirty || busy) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

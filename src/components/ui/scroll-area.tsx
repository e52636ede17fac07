import * as ScrollAreaPrimitive from '@radix-ui/react-scroll-area';
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef, type Ref } from 'react';
import { cn } from '@/lib/cn';

/**
 * The spec's 600 ms scroll-hide delay is Radix's default `scrollHideDelay`; it is set explicitly so that the
 * constant is visible here. The scrollbar shows while the pointer is over the area (`type="hover"`).
 */
export const SCROLL_HIDE_DELAY_MS = 600;

/** Props for the scrolling viewport; `data-*` attributes (e.g. `data-testid`) are allowed. */
export type ScrollAreaViewportProps = Omit<
  ComponentPropsWithoutRef<typeof ScrollAreaPrimitive.Viewport>,
  'children' | 'className'
> & { [dataAttribute: `data-${string}`]: string | undefined };

export interface ScrollAreaProps extends ComponentPropsWithoutRef<typeof ScrollAreaPrimitive.Root> {
  /** Which scrollbars to render; default vertical. */
  orientation?: 'vertical' | 'horizontal' | 'both';
  /**
   * Classes of the element that scrolls. Bound its height here (`max-h-72`, `h-[300px]`) or give the root a
   * fixed height. When the content can overflow, also pass `viewportProps={{ tabIndex: 0, role: 'region',
   * 'aria-label': '…' }}` so that keyboard users can scroll it (axe: scrollable-region-focusable).
   */
  viewportClassName?: string;
  viewportProps?: ScrollAreaViewportProps;
  viewportRef?: Ref<HTMLDivElement>;
}

/** A custom-styled scroll area (Radix ScrollArea): native scrolling, thin overlay scrollbars. */
export const ScrollArea = forwardRef<ElementRef<typeof ScrollAreaPrimitive.Root>, ScrollAreaProps>(function ScrollArea(
  {
    className,
    children,
    orientation = 'vertical',
    viewportClassName,
    viewportProps,
    viewportRef,
    scrollHideDelay = SCROLL_HIDE_DELAY_MS,
    type = 'hover',
    ...props
  },
  ref,
) {
  const vertical = orientation !== 'horizontal';
  const horizontal = orientation !== 'vertical';
  return (
    <ScrollAreaPrimitive.Root
      ref={ref}
      type={type}
      scrollHideDelay={scrollHideDelay}
      className={cn('relative overflow-hidden', className)}
      {...props}
    >
      <ScrollAreaPrimitive.Viewport
        ref={viewportRef}
        {...viewportProps}
        className={cn(
          'h-full w-full rounded-[inherit] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent-ring',
          // Radix lays the content out as a table to measure its width; with no horizontal scrollbar a block
          // lets long text wrap instead of widening the content past the viewport.
          horizontal ? undefined : '[&>div]:!block',
          viewportClassName,
        )}
      >
        {children}
      </ScrollAreaPrimitive.Viewport>
      {vertical ? <ScrollBar orientation="vertical" /> : null}
      {horizontal ? <ScrollBar orientation="horizontal" /> : null}
      {vertical && horizontal ? <ScrollAreaPrimitive.Corner /> : null}
    </ScrollAreaPrimitive.Root>
  );
});

export const ScrollBar = forwardRef<
  ElementRef<typeof ScrollAreaPrimitive.Scrollbar>,
  ComponentPropsWithoutRef<typeof ScrollAreaPrimitive.Scrollbar>
>(function ScrollBar({ className, orientation = 'vertical', ...props }, ref) {
  return (
    <ScrollAreaPrimitive.Scrollbar
      ref={ref}
      orientation={orientation}
      className={cn(
        'flex touch-none select-none p-px transition-colors',
        orientation === 'vertical' ? 'h-full w-2.5 border-l border-l-transparent' : 'h-2.5 flex-col border-t border-t-transparent',
        className,
      )}
      {...props}
    >
      <ScrollAreaPrimitive.Thumb className="relative flex-1 rounded-full bg-slate-300 hover:bg-slate-400" />
    </ScrollAreaPrimitive.Scrollbar>
  );
});

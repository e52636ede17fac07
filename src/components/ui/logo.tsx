import { PRODUCT_NAME } from '@/config/brand';
import { cn } from '@/lib/cn';

/** The bridge mark: two towers and a deck, in the area's accent. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width="32"
      height="32"
      className={cn('shrink-0', className)}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path
        d="M6 21h20M9.5 21V9.5M22.5 21V9.5M9.5 10.5c2.5 5 10.5 5 13 0M6 25h20"
        fill="none"
        stroke="white"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <LogoMark />
      <span className={inverted ? 'text-white' : 'text-slate-900'}>{PRODUCT_NAME}</span>
    </span>
  );
}

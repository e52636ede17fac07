import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * A grey placeholder block that pulses while content loads. Decorative: hidden from assistive technology — the
 * container that shows skeletons says it is busy (`aria-busy`) and announces the loading itself.
 */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { SectionId } from '../content';

/**
 * A page section reachable from the in-page menu: its id is the anchor, its heading (tabIndex=-1) receives focus
 * after a jump, and scroll-margin keeps the heading clear of the sticky header.
 */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  className,
  children,
}: {
  id: SectionId;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('below-fold scroll-mt-16 py-16 sm:py-24', className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent">{eyebrow}</p>
          <h2
            id={headingId}
            tabIndex={-1}
            data-section-heading=""
            className="mt-2 text-balance text-3xl font-bold tracking-tight text-slate-900 outline-none sm:text-4xl"
          >
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg leading-relaxed text-slate-700">{intro}</p> : null}
        </div>
        <div className="mt-12 sm:mt-16">{children}</div>
      </div>
    </section>
  );
}

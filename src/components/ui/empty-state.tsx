import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface EmptyStateProps {
  /** A decorative icon (the kit's icons are aria-hidden). */
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  /** Usually the create button ("Novo cliente") or "Limpar busca". */
  action?: ReactNode;
  /** The heading level of the title: 2 inside a list screen (under its h1), 3 inside a section. */
  headingLevel?: 2 | 3;
  className?: string;
}

/** What a list or section shows when it has nothing to show: an icon, a title, a sentence and the next step. */
export function EmptyState({ icon, title, description, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      {icon ? (
        <div className="flex h-12 w-12 items-center justify-center rounded-full bg-accent-soft text-accent [&>svg]:h-6 [&>svg]:w-6">
          {icon}
        </div>
      ) : null}
      <div className="max-w-md space-y-1">
        <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}

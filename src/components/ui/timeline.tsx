import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/cn';
import { CheckIcon, CloseIcon } from './icons';

export type TimelineTone = 'done' | 'current' | 'danger' | 'pending';

export interface TimelineItem {
  /** Unique in the list (React key). */
  id: string;
  /** What happened ("Pago"). */
  title: string;
  /** When it happened; null for a step still to come. */
  at: Date | null;
  /** Who did it ("por Maria Oliveira Santos"). */
  actor?: ReactNode;
  /** A note under it (a reason, a tracking code). */
  description?: ReactNode;
  /** 'done' (default) a past step, 'current' the step the record is at, 'danger' a cancellation, 'pending' to come. */
  tone?: TimelineTone;
}

const DOTS: Record<TimelineTone, string> = {
  done: 'bg-accent text-white',
  current: 'bg-accent text-white ring-4 ring-accent-soft',
  danger: 'bg-red-700 text-white',
  pending: 'border-2 border-dashed border-slate-300 bg-white',
};

const TONE_TEXT: Record<TimelineTone, string> = {
  done: 'concluído',
  current: 'etapa atual',
  danger: 'encerrado',
  pending: 'a seguir',
};

/**
 * A record's history as a vertical list of steps, oldest first: each step with its title, pt-BR date and hour
 * (in a `<time>`), who did it and a note; steps still to come can follow, dashed. The list is an `<ol>` named by
 * `label`; the dots are decorative (each step's state is also said in words to screen readers).
 */
export function Timeline({ items, label, className }: { items: readonly TimelineItem[]; label: string; className?: string }) {
  return (
    <ol aria-label={label} className={cn('space-y-0', className)}>
      {items.map((item, index) => {
        const tone = item.tone ?? 'done';
        const last = index === items.length - 1;
        return (
          <li key={item.id} className="relative flex gap-3 pb-5 last:pb-0">
            {last ? null : (
              <span aria-hidden="true" className="absolute left-[11px] top-6 h-[calc(100%-1.5rem)] w-0.5 bg-slate-200" />
            )}
            <span
              aria-hidden="true"
              className={cn('relative z-[1] mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full', DOTS[tone])}
            >
              {tone === 'danger' ? (
                <CloseIcon width={14} height={14} />
              ) : tone === 'done' ? (
                <CheckIcon width={14} height={14} />
              ) : tone === 'current' ? (
                <span className="h-2 w-2 rounded-full bg-white" />
              ) : null}
            </span>
            <div className="min-w-0 flex-1">
              <p className={cn('text-sm font-semibold', tone === 'pending' ? 'text-slate-600' : 'text-slate-900')}>
                {item.title}
                <span className="sr-only"> ({TONE_TEXT[tone]})</span>
              </p>
              {item.at || item.actor ? (
                <p className="text-sm text-slate-600">
                  {item.at ? <time dateTime={item.at.toISOString()}>{formatDateTime(item.at)}</time> : null}
                  {item.at && item.actor ? ' · ' : null}
                  {item.actor}
                </p>
              ) : null}
              {item.description ? <div className="mt-1 break-words text-sm text-slate-700">{item.description}</div> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

import { useEffect, useState } from 'react';
import { formatDateTime, formatRelativeTime } from '@/lib/dates';
import { cn } from '@/lib/cn';

/** The current time, renewed every `intervalMs` (so "há 1 minuto" becomes "há 2 minutos" on its own). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * "há 5 minutos", kept current, in a `<time>` whose `title` (the tooltip) holds the exact pt-BR date and time; screen
 * readers get that exact date too.
 */
export function RelativeTime({ date, className }: { date: Date; className?: string }) {
  const now = useNow();
  const exact = formatDateTime(date);
  return (
    <time dateTime={date.toISOString()} title={exact} className={cn('cursor-help underline decoration-dotted decoration-slate-400 underline-offset-2', className)}>
      {formatRelativeTime(date, now)}
      <span className="sr-only"> ({exact})</span>
    </time>
  );
}

import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'accent';

/**
 * Text on background, contrast ratios for 12 px text (WCAG AA asks 4.5:1):
 * neutral slate-700/slate-100 9.4:1, success green-800/green-50 6.8:1, warning amber-900/amber-50 8.7:1,
 * danger red-800/red-50 7.6:1, info sky-900/sky-50 8.9:1, accent accent-strong/accent-soft
 * (green-800/green-100 6.5:1, blue-800/blue-100 7.1:1).
 */
const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  success: 'bg-green-50 text-green-800 ring-green-600/20',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  danger: 'bg-red-50 text-red-800 ring-red-600/20',
  info: 'bg-sky-50 text-sky-900 ring-sky-600/20',
  accent: 'bg-accent-soft text-accent-strong ring-accent/20',
};

/** The dot's colour; decorative (the text says the state), 3:1 or more against the badge's background. */
const DOTS: Record<BadgeTone, string> = {
  neutral: 'bg-slate-500',
  success: 'bg-green-600',
  warning: 'bg-amber-600',
  danger: 'bg-red-600',
  info: 'bg-sky-600',
  accent: 'bg-accent',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** Default 'neutral'. */
  tone?: BadgeTone;
  children: ReactNode;
  /** A small coloured dot before the text (status lists). */
  dot?: boolean;
}

/** A short status or category label; colour is never the only cue: the text states it. */
export function Badge({ tone = 'neutral', dot = false, className, children, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[tone],
        className,
      )}
      {...props}
    >
      {dot ? <span aria-hidden="true" className={cn('h-1.5 w-1.5 shrink-0 rounded-full', DOTS[tone])} /> : null}
      {children}
    </span>
  );
}

export interface OnOffBadgeProps {
  on: boolean;
  /** [on, off]; default ['Ativo', 'Inativo'] (pass the feminine or another pair: ['Ativa', 'Desativada']). */
  labels?: readonly [on: string, off: string];
}

/** A two-state status with a dot: green when on, neutral when off (the text says it; the colour only repeats it). */
export function OnOffBadge({ on, labels = ['Ativo', 'Inativo'] }: OnOffBadgeProps) {
  return (
    <Badge tone={on ? 'success' : 'neutral'} dot>
      {on ? labels[0] : labels[1]}
    </Badge>
  );
}

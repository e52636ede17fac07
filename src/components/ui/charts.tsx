import { useId } from 'react';
import { cn } from '@/lib/cn';

/**
 * Tiny SVG charts (no chart library: a few hundred bytes gzip, in the chunk of the screen that shows them).
 *
 * Accessible by construction: the drawing is one `role="img"` whose `aria-label` summarises it, and the figures
 * themselves are text a screen reader reads: a visually hidden table for `BarChart`, a visible legend (the
 * `<figcaption>`) for `DonutChart`. Colour is never the only cue: every value is also written out.
 */

export type ChartTone = 'accent' | 'success' | 'warning' | 'danger' | 'neutral' | 'info';

/** Fills and strokes with 3:1 or more against white (WCAG 1.4.11 for graphics). */
const FILLS: Record<ChartTone, string> = {
  accent: 'fill-accent',
  success: 'fill-green-600',
  warning: 'fill-amber-600',
  danger: 'fill-red-600',
  neutral: 'fill-slate-500',
  info: 'fill-sky-600',
};
const STROKES: Record<ChartTone, string> = {
  accent: 'stroke-accent',
  success: 'stroke-green-600',
  warning: 'stroke-amber-600',
  danger: 'stroke-red-600',
  neutral: 'stroke-slate-500',
  info: 'stroke-sky-600',
};
const DOTS: Record<ChartTone, string> = {
  accent: 'bg-accent',
  success: 'bg-green-600',
  warning: 'bg-amber-600',
  danger: 'bg-red-600',
  neutral: 'bg-slate-500',
  info: 'bg-sky-600',
};

export interface ChartDatum {
  /** Short label drawn under a bar or in the legend ("qui."). */
  label: string;
  value: number;
  /** Second line under a bar ("20/11"). */
  sublabel?: string;
  /** The label as read out and in the hidden table ("quinta-feira, 20/11"); `label` (and sublabel) otherwise. */
  description?: string;
  tone?: ChartTone;
}

const defaultFormat = (value: number) => value.toLocaleString('pt-BR');
const spokenLabel = (datum: ChartDatum) =>
  datum.description ?? (datum.sublabel ? `${datum.label} ${datum.sublabel}` : datum.label);

/** "Título: a 3; b 5." — the default summary of a chart, every figure in it. */
export function chartSummary(title: string, data: readonly ChartDatum[], format: (value: number) => string = defaultFormat): string {
  if (data.length === 0) return `${title}: sem dados.`;
  return `${title}: ${data.map((datum) => `${spokenLabel(datum)}: ${format(datum.value)}`).join('; ')}.`;
}

export interface BarChartProps {
  /** What the chart shows ("Conexões por dia"): the hidden table's caption and the start of the summary. */
  title: string;
  data: readonly ChartDatum[];
  /** The `aria-label` of the drawing; by default the title and every figure. */
  summary?: string;
  /** Header of the label column of the hidden table ("Dia"). */
  labelHeader?: string;
  /** Header of the value column of the hidden table ("Conexões"). */
  valueHeader?: string;
  formatValue?: (value: number) => string;
  className?: string;
}

const BAR_SLOT = 48;
const BAR_WIDTH = 28;
const PLOT_TOP = 18;
const PLOT_HEIGHT = 110;
const LABELS_HEIGHT = 34;

/** Vertical bars, each with its value above it and its label (and sublabel) under it. */
export function BarChart({
  title,
  data,
  summary,
  labelHeader = 'Item',
  valueHeader = 'Valor',
  formatValue = defaultFormat,
  className,
}: BarChartProps) {
  const width = Math.max(1, data.length) * BAR_SLOT;
  const height = PLOT_TOP + PLOT_HEIGHT + LABELS_HEIGHT;
  const max = Math.max(0, ...data.map((datum) => datum.value));
  const baseline = PLOT_TOP + PLOT_HEIGHT;
  return (
    <figure className={cn('m-0', className)}>
      <svg
        role="img"
        aria-label={summary ?? chartSummary(title, data, formatValue)}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full max-w-xl overflow-visible text-[11px]"
      >
        <line x1={0} x2={width} y1={baseline + 0.5} y2={baseline + 0.5} className="stroke-slate-300" strokeWidth={1} />
        {data.map((datum, index) => {
          // A small value keeps a visible sliver (2 units), so "few" never looks like "none".
          const barHeight = datum.value > 0 && max > 0 ? Math.max(2, Math.round((datum.value / max) * PLOT_HEIGHT)) : 0;
          const x = index * BAR_SLOT + (BAR_SLOT - BAR_WIDTH) / 2;
          const center = index * BAR_SLOT + BAR_SLOT / 2;
          return (
            <g key={`${datum.label}-${index}`}>
              {barHeight > 0 ? (
                <rect
                  x={x}
                  y={baseline - barHeight}
                  width={BAR_WIDTH}
                  height={barHeight}
                  rx={3}
                  className={FILLS[datum.tone ?? 'accent']}
                />
              ) : null}
              <text x={center} y={baseline - barHeight - 5} textAnchor="middle" className="fill-slate-900 font-medium">
                {formatValue(datum.value)}
              </text>
              <text x={center} y={baseline + 14} textAnchor="middle" className="fill-slate-600">
                {datum.label}
              </text>
              {datum.sublabel ? (
                <text x={center} y={baseline + 28} textAnchor="middle" className="fill-slate-600">
                  {datum.sublabel}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((datum, index) => (
            <tr key={`${datum.label}-${index}`}>
              <th scope="row">{spokenLabel(datum)}</th>
              <td>{formatValue(datum.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export interface DonutChartProps {
  /** What the chart shows ("Status dos gateways"): the start of the summary. */
  title: string;
  data: readonly ChartDatum[];
  /** The `aria-label` of the drawing; by default the title, every figure and the total. */
  summary?: string;
  /** Under the total in the middle ("gateways"). */
  totalLabel?: string;
  formatValue?: (value: number) => string;
  className?: string;
}

/** Circumference 100: a segment's dash length is its percentage. */
const RADIUS = 100 / (2 * Math.PI);

const percentOf = (value: number, total: number) => (total > 0 ? Math.round((value / total) * 100) : 0);

/** A ring of segments with the total in the middle and a legend (label, value, percentage) beside it. */
export function DonutChart({ title, data, summary, totalLabel, formatValue = defaultFormat, className }: DonutChartProps) {
  const legendId = useId();
  const total = data.reduce((sum, datum) => sum + Math.max(0, datum.value), 0);
  let offset = 0;
  const segments = data.map((datum) => {
    const share = total > 0 ? (Math.max(0, datum.value) / total) * 100 : 0;
    const segment = { datum, share, offset };
    offset += share;
    return segment;
  });
  const label =
    summary ??
    `${chartSummary(title, data, formatValue).slice(0, -1)}; total: ${formatValue(total)}${totalLabel ? ` ${totalLabel}` : ''}.`;
  return (
    <figure className={cn('m-0 flex flex-wrap items-center gap-6', className)} aria-labelledby={legendId}>
      <svg role="img" aria-label={label} viewBox="0 0 42 42" className="h-36 w-36 shrink-0">
        <circle cx={21} cy={21} r={RADIUS} fill="none" strokeWidth={6} className="stroke-slate-200" />
        {segments.map(({ datum, share, offset: start }, index) =>
          share > 0 ? (
            <circle
              key={`${datum.label}-${index}`}
              cx={21}
              cy={21}
              r={RADIUS}
              fill="none"
              strokeWidth={6}
              // Starts at 12 o'clock, clockwise.
              strokeDasharray={`${share} ${100 - share}`}
              strokeDashoffset={25 - start}
              className={STROKES[datum.tone ?? 'accent']}
            />
          ) : null,
        )}
        <text x={21} y={21} textAnchor="middle" className="fill-slate-900 text-[8px] font-semibold">
          {formatValue(total)}
        </text>
        {totalLabel ? (
          <text x={21} y={27} textAnchor="middle" className="fill-slate-600 text-[3.5px]">
            {totalLabel}
          </text>
        ) : null}
      </svg>
      <figcaption id={legendId} className="min-w-0 flex-1">
        <span className="sr-only">{title}</span>
        <ul className="space-y-2 text-sm">
          {data.map((datum, index) => (
            <li key={`${datum.label}-${index}`} className="flex items-center gap-2">
              <span aria-hidden="true" className={cn('h-2.5 w-2.5 shrink-0 rounded-full', DOTS[datum.tone ?? 'accent'])} />
              <span className="text-slate-700">{spokenLabel(datum)}</span>
              <span className="ml-auto pl-3 font-semibold tabular-nums text-slate-900">{formatValue(datum.value)}</span>
              <span className="w-11 text-right tabular-nums text-slate-600">{percentOf(datum.value, total)}%</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

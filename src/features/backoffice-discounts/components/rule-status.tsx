import type { DiscountRule } from '@/contracts/discount-rule';
import { formatDay } from '@/contracts/validators/days';
import { Badge, OnOffBadge } from '@/components/ui/badge';

/** Where a rule's period stands at `now`: before it starts, within it, or after its last day. */
export function periodState(rule: Pick<DiscountRule, 'validFrom' | 'validUntil'>, now = Date.now()): 'agendada' | 'vigente' | 'expirada' {
  if (rule.validFrom.getTime() > now) return 'agendada';
  if (rule.validUntil !== null && rule.validUntil.getTime() < now) return 'expirada';
  return 'vigente';
}

/** "05/11/2026 a 30/11/2026", "desde 05/11/2026". */
export function periodText(rule: Pick<DiscountRule, 'validFrom' | 'validUntil'>): string {
  return rule.validUntil === null
    ? `desde ${formatDay(rule.validFrom)}`
    : `${formatDay(rule.validFrom)} a ${formatDay(rule.validUntil)}`;
}

/** "Ativa" / "Inativa", and, for an active rule outside its period, "Agendada" or "Expirada". */
export function RuleStatus({ rule }: { rule: Pick<DiscountRule, 'active' | 'validFrom' | 'validUntil'> }) {
  const state = periodState(rule);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <OnOffBadge on={rule.active} labels={['Ativa', 'Inativa']} />
      {rule.active && state === 'agendada' ? <Badge tone="info">Agendada</Badge> : null}
      {rule.active && state === 'expirada' ? <Badge tone="warning">Expirada</Badge> : null}
    </span>
  );
}

/** "8 %" — the pt-BR way (a space before the sign). */
export function percentText(percent: number): string {
  return `${percent}\u00a0%`;
}

/** "10 unidades ou mais". */
export function minQuantityText(n: number): string {
  return n === 1 ? '1 unidade ou mais' : `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} unidades ou mais`;
}

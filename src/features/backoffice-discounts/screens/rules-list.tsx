import { useState } from 'react';
import { Link } from 'react-router-dom';
import { discountRuleListQuery, type DiscountRule } from '@/contracts/discount-rule';
import { buttonClasses } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { ListBlock } from '@/components/ui/list-block';
import { PercentIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { SimpleSelect } from '@/components/ui/select';
import { enableToggleAction, filterSelectProps } from '@/components/ui/list-table';
import { useListScreen } from '@/components/ui/use-list-screen';
import { backofficePaths } from '@/config/paths';
import { formatDay } from '@/contracts/validators/days';
import { backofficeDiscountsApi } from '../api';
import { DeleteRuleDialog, ToggleRuleDialog } from '../components/rule-dialogs';
import { percentText, RuleStatus } from '../components/rule-status';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos os status' },
  { value: 'active', label: 'Ativas' },
  { value: 'inactive', label: 'Inativas' },
];

const COLUMNS: Column<DiscountRule>[] = [
  { id: 'name', header: 'Nome', sortKey: 'name', primary: true, cell: (rule) => rule.name },
  {
    id: 'minQuantity',
    header: 'Quantidade mínima',
    sortKey: 'minQuantity',
    className: 'text-right tabular-nums',
    cell: (rule) => rule.minQuantity,
  },
  {
    id: 'percent',
    header: 'Desconto',
    sortKey: 'percent',
    className: 'text-right tabular-nums',
    cell: (rule) => <span className="whitespace-nowrap">{percentText(rule.percent)}</span>,
  },
  {
    id: 'validFrom',
    header: 'Válida de',
    sortKey: 'validFrom',
    cell: (rule) => <span className="whitespace-nowrap">{formatDay(rule.validFrom)}</span>,
  },
  {
    id: 'validUntil',
    header: 'Válida até',
    sortKey: 'validUntil',
    cell: (rule) => <span className="whitespace-nowrap">{rule.validUntil ? formatDay(rule.validUntil) : 'Sem data final'}</span>,
  },
  { id: 'status', header: 'Status', cell: (rule) => <RuleStatus rule={rule} /> },
];

const countLabel = (total: number) => (total === 1 ? '1 regra' : `${total} regras`);

export default function DiscountRulesListScreen() {
  const title = usePageTitle() || 'Regras de Desconto';
  const { list, table, rowActions, toDelete, onDeleteOpenChange } = useListScreen(
    discountRuleListQuery,
    backofficeDiscountsApi.endpoints.listDiscountRules,
  );
  const [toToggle, setToToggle] = useState<DiscountRule | null>(null);
  const newButton = (
    <Link to={backofficePaths.discountRuleNew} className={buttonClasses('primary')}>
      Nova regra
    </Link>
  );

  return (
    <section>
      <PageHeader
        title={title}
        subtitle="Descontos por quantidade: quanto maior o pedido, maior o desconto. O checkout aplica as regras ativas na hora."
        actions={newButton}
      />
      <ListBlock
        list={list}
        table={table}
        search={{ label: 'Buscar regras', placeholder: 'Nome da regra' }}
        filters={<SimpleSelect aria-label="Filtrar por status" className="sm:w-48" {...filterSelectProps(list, 'status')} options={STATUS_OPTIONS} />}
        caption={title}
        columns={COLUMNS}
        getRowId={(rule) => rule.id}
        rowHref={(rule) => backofficePaths.discountRule(rule.id)}
        rowLabel={(rule) => rule.name}
        emptyState={{
          icon: <PercentIcon />,
          title: 'Nenhuma regra cadastrada',
          description: 'Crie faixas de desconto por quantidade (por exemplo, 5 % a partir de 5 gateways).',
          action: newButton,
        }}
        countLabel={countLabel}
        rowActions={(rule) =>
          rowActions(rule, {
            view: backofficePaths.discountRule(rule.id),
            edit: backofficePaths.discountRuleEdit(rule.id),
            extra: [enableToggleAction(rule.active, () => setToToggle(rule))],
            remove: true,
          })
        }
      />
      <ToggleRuleDialog rule={toToggle} onOpenChange={(open) => (open ? null : setToToggle(null))} />
      <DeleteRuleDialog rule={toDelete} onOpenChange={onDeleteOpenChange} />
    </section>
  );
}

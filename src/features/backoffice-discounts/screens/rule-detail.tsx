import { useParams } from 'react-router-dom';
import type { DiscountRule } from '@/contracts/discount-rule';
import { formatDay } from '@/contracts/validators/days';
import { DescriptionList, DetailPage, DetailSection } from '@/components/ui/detail-page';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { SwitchableRecordView } from '@/components/ui/switchable-record-view';
import { backofficePaths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useGetDiscountRuleQuery } from '../api';
import { DeleteRuleDialog, ToggleRuleDialog } from '../components/rule-dialogs';
import { minQuantityText, percentText, periodState, RuleStatus } from '../components/rule-status';

const IN_CHECKOUT: Record<ReturnType<typeof periodState>, string> = {
  vigente: 'Sim: o checkout aplica esta regra agora.',
  agendada: 'Ainda não: o período da regra não começou.',
  expirada: 'Não: o período da regra terminou.',
};

function RuleView({ rule }: { rule: DiscountRule }) {
  return (
    <SwitchableRecordView
      title={rule.name}
      subtitle={`${percentText(rule.percent)} em pedidos de ${minQuantityText(rule.minQuantity)}`}
      active={rule.active}
      editHref={backofficePaths.discountRuleEdit(rule.id)}
      listHref={backofficePaths.discountRules}
      dialogs={({ toggling, setToggling, deleting, setDeleting, onDeleted }) => (
        <>
          <ToggleRuleDialog rule={toggling ? rule : null} onOpenChange={setToggling} />
          <DeleteRuleDialog rule={deleting ? rule : null} onOpenChange={setDeleting} onDeleted={onDeleted} />
        </>
      )}
    >
      <DetailSection title="Dados da regra">
        <DescriptionList
          items={[
            { term: 'Nome', description: rule.name },
            { term: 'Quantidade mínima', description: minQuantityText(rule.minQuantity) },
            { term: 'Desconto', description: percentText(rule.percent) },
            { term: 'Status', description: <RuleStatus rule={rule} /> },
            { term: 'Válida de', description: formatDay(rule.validFrom) },
            { term: 'Válida até', description: rule.validUntil ? formatDay(rule.validUntil) : 'Sem data final' },
            { term: 'Aplicada no checkout', description: rule.active ? IN_CHECKOUT[periodState(rule)] : 'Não: a regra está inativa.' },
            { term: 'Última alteração', description: formatDateTime(rule.updatedAt) },
          ]}
        />
      </DetailSection>
    </SwitchableRecordView>
  );
}

export default function DiscountRuleDetailScreen() {
  const { id = '' } = useParams();
  const query = useGetDiscountRuleQuery(id, { refetchOnMountOrArgChange: 30 });
  useBreadcrumbTitle(query.currentData?.name);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Regra não encontrada"
      notFoundDescription="Ela pode ter sido excluída, ou o endereço está incorreto."
      backTo={{ href: backofficePaths.discountRules, label: 'Voltar para Regras de Desconto' }}
    >
      {(rule: DiscountRule) => <RuleView rule={rule} />}
    </DetailPage>
  );
}

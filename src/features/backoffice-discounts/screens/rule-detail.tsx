import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { DiscountRule } from '@/contracts/discount-rule';
import { formatDay } from '@/contracts/validators/days';
import { Button, buttonClasses } from '@/components/ui/button';
import { DescriptionList, DetailPage, DetailSection } from '@/components/ui/detail-page';
import { PageHeader } from '@/components/ui/page-header';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
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
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [toggling, setToggling] = useState(false);
  return (
    <section className="max-w-4xl space-y-6">
      <PageHeader
        title={rule.name}
        subtitle={`${percentText(rule.percent)} em pedidos de ${minQuantityText(rule.minQuantity)}`}
        actions={
          <>
            <Link to={backofficePaths.discountRuleEdit(rule.id)} className={buttonClasses('secondary')}>
              Editar
            </Link>
            <Button variant="secondary" onClick={() => setToggling(true)}>
              {rule.active ? 'Desativar' : 'Ativar'}
            </Button>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Excluir
            </Button>
          </>
        }
      />
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
      <ToggleRuleDialog rule={toggling ? rule : null} onOpenChange={setToggling} />
      <DeleteRuleDialog
        rule={deleting ? rule : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(backofficePaths.discountRules, { replace: true })}
      />
    </section>
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

import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { DiscountRule, DiscountRuleInput } from '@/contracts/discount-rule';
import { DetailPage } from '@/components/ui/detail-page';
import { FormPage } from '@/components/ui/form-page';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { toast } from '@/components/ui/toast';
import { backofficePaths } from '@/config/paths';
import { useGetDiscountRuleQuery, useLazyGetDiscountRuleQuery, useUpdateDiscountRuleMutation } from '../api';
import { DiscountRuleForm, ruleToForm } from '../components/rule-form';

function EditForm({ rule }: { rule: DiscountRule }) {
  const navigate = useNavigate();
  const [updateRule] = useUpdateDiscountRuleMutation();
  const [fetchLatest] = useLazyGetDiscountRuleQuery();

  const saved = useCallback(
    (result: DiscountRule) => {
      toast.success('Alterações salvas.');
      navigate(backofficePaths.discountRule(result.id), { replace: true });
    },
    [navigate],
  );

  return (
    <DiscountRuleForm
      key={rule.id}
      defaultValues={ruleToForm(rule)}
      onSubmit={(input: DiscountRuleInput) => updateRule({ id: rule.id, version: rule.version, input }).unwrap()}
      onSaved={saved}
      onCancel={() => navigate(backofficePaths.discountRule(rule.id))}
      onReloadLatest={() => fetchLatest(rule.id).unwrap()}
    />
  );
}

export default function DiscountRuleEditScreen() {
  const { id = '' } = useParams();
  const query = useGetDiscountRuleQuery(id);
  useBreadcrumbTitle(query.data ? `Editar ${query.data.name}` : undefined);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Regra não encontrada"
      notFoundDescription="Ela pode ter sido excluída, ou o endereço está incorreto."
      backTo={{ href: backofficePaths.discountRules, label: 'Voltar para Regras de Desconto' }}
    >
      {(rule: DiscountRule) => (
        <FormPage title="Editar regra" subtitle={rule.name}>
          <EditForm rule={rule} />
        </FormPage>
      )}
    </DetailPage>
  );
}

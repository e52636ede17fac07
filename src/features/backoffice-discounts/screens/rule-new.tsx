import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DiscountRule } from '@/contracts/discount-rule';
import { FormPage } from '@/components/ui/form-page';
import { usePageTitle } from '@/components/ui/page-title';
import { toast } from '@/components/ui/toast';
import { backofficePaths } from '@/config/paths';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { useCreateDiscountRuleMutation } from '../api';
import { DiscountRuleForm, emptyRule } from '../components/rule-form';

export default function DiscountRuleNewScreen() {
  const navigate = useNavigate();
  const title = usePageTitle() || 'Nova regra';
  const [createRule] = useCreateDiscountRuleMutation();
  const submit = useCreateSubmit(createRule);
  const [defaultValues] = useState(() => emptyRule());

  const saved = useCallback(
    (rule: DiscountRule) => {
      toast.success(rule.active ? 'Regra cadastrada: o checkout já a aplica.' : 'Regra cadastrada (inativa).');
      navigate(backofficePaths.discountRule(rule.id), { replace: true });
    },
    [navigate],
  );

  return (
    <FormPage title={title} subtitle="Um desconto a partir de uma quantidade de unidades no pedido.">
      <DiscountRuleForm
        defaultValues={defaultValues}
        onSubmit={submit}
        onSaved={saved}
        onCancel={() => navigate(backofficePaths.discountRules)}
      />
    </FormPage>
  );
}

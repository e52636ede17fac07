import type { DiscountRule } from '@/contracts/discount-rule';
import { resourceNewScreen } from '@/components/ui/resource-form-screens';
import { backofficePaths } from '@/config/paths';
import { useCreateDiscountRuleMutation } from '../api';
import { DiscountRuleForm, emptyRule } from '../components/rule-form';

const DiscountRuleNewScreen = resourceNewScreen({
  Form: DiscountRuleForm,
  useCreate: useCreateDiscountRuleMutation,
  defaultValues: () => emptyRule(),
  title: (pageTitle) => pageTitle || 'Nova regra',
  subtitle: 'Um desconto a partir de uma quantidade de unidades no pedido.',
  savedToast: (rule: DiscountRule) =>
    rule.active ? 'Regra cadastrada: o checkout já a aplica.' : 'Regra cadastrada (inativa).',
  recordPath: backofficePaths.discountRule,
  listPath: backofficePaths.discountRules,
});
export default DiscountRuleNewScreen;

import type { DiscountRule } from '@/contracts/discount-rule';
import { resourceEditScreen } from '@/components/ui/resource-form-screens';
import { backofficePaths } from '@/config/paths';
import { useGetDiscountRuleQuery, useLazyGetDiscountRuleQuery, useUpdateDiscountRuleMutation } from '../api';
import { DiscountRuleForm, ruleToForm } from '../components/rule-form';

const DiscountRuleEditScreen = resourceEditScreen({
  Form: DiscountRuleForm,
  useGet: useGetDiscountRuleQuery,
  useLazyGet: useLazyGetDiscountRuleQuery,
  useUpdate: useUpdateDiscountRuleMutation,
  toForm: ruleToForm,
  name: (rule: DiscountRule) => rule.name,
  title: 'Editar regra',
  notFound: {
    notFoundTitle: 'Regra não encontrada',
    notFoundDescription: 'Ela pode ter sido excluída, ou o endereço está incorreto.',
    backTo: { href: backofficePaths.discountRules, label: 'Voltar para Regras de Desconto' },
  },
  recordPath: backofficePaths.discountRule,
});
export default DiscountRuleEditScreen;

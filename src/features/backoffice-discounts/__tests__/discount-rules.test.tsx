import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isoDayOf } from '@/contracts/validators/days';
import { DEMO_ADMIN_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { makeIdempotencyHeader, callAsStaff } from '@/testing/backoffice-data';
import { testSql } from '@/testing/msw-server';
import { renderRoutes, renderWithProviders } from '@/testing/render';
import { DiscountRuleForm, emptyRule } from '../components/rule-form';
import DiscountRuleNewScreen from '../screens/rule-new';
import DiscountRulesListScreen from '../screens/rules-list';

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true })));
});

describe('DiscountRuleForm', { timeout: 20_000 }, () => {
  it('the labels of screens.md; 12,5 and an inverted period are refused on their fields', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<DiscountRuleForm defaultValues={emptyRule()} onSubmit={onSubmit} onSaved={vi.fn()} onCancel={vi.fn()} />);
    for (const label of ['Nome', 'Quantidade mínima', 'Desconto (%)']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Válida de')).toHaveValue(isoDayOf(Date.now()));
    expect(screen.getByLabelText('Válida até')).toHaveValue('');
    expect(screen.getByLabelText('Ativa')).toBeChecked();

    await user.type(screen.getByLabelText('Nome'), 'Lote de 40');
    await user.type(screen.getByLabelText('Quantidade mínima'), '40');
    await user.type(screen.getByLabelText('Desconto (%)'), '12,5');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Use um número inteiro de 1 a 50.')).toBeVisible();
    expect(screen.getByLabelText('Desconto (%)')).toHaveFocus();

    await user.clear(screen.getByLabelText('Desconto (%)'));
    await user.type(screen.getByLabelText('Desconto (%)'), '14');
    await user.clear(screen.getByLabelText('Válida de'));
    await user.type(screen.getByLabelText('Válida de'), '2026-12-10');
    await user.type(screen.getByLabelText('Válida até'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A data final deve ser depois da inicial.')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('Nova regra', { timeout: 30_000 }, () => {
  it('a rule that contradicts an active one is refused with the reason, on its field', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <DiscountRuleNewScreen /> }]);
    expect(screen.getByRole('heading', { name: 'Nova regra', level: 1 })).toBeVisible();
    await user.type(screen.getByLabelText('Nome'), 'Lote de 30');
    await user.type(screen.getByLabelText('Quantidade mínima'), '30');
    await user.type(screen.getByLabelText('Desconto (%)'), '10');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Conflita com a regra "Lote de 20 gateways": uma quantidade maior precisa de um desconto maior.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Desconto (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(await testSql('SELECT id FROM discount_rule WHERE name = ?', ['Lote de 30'])).toEqual([]);
  });
});

describe('Regras de Desconto (list)', { timeout: 30_000 }, () => {
  it('lists by minimum quantity; activating asks first and is refused with the reason on a conflict', async () => {
    const [template] = await testSql<{ valid_from: number }>('SELECT valid_from FROM discount_rule WHERE id = ?', ['discount-rule-1001']);
    if (!template) throw new Error('seed sem a regra de 5 gateways');
    await callAsStaff('/backoffice/discount-rule', {
      method: 'POST',
      headers: makeIdempotencyHeader(),
      json: { name: 'Lote de 15 (rascunho)', minQuantity: 15, percent: 20, validFrom: isoDayOf(template.valid_from), validUntil: '', active: false },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <DiscountRulesListScreen /> }]);
    const table = await screen.findByRole('table', { name: 'Regras de Desconto' });
    await within(table).findByText('Lote de 5 gateways');
    const names = within(table)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.slice(0, 3)).toEqual(['Promoção de lançamento', 'Lote de 5 gateways', 'Lote de 10 gateways']);

    await user.click(within(table).getByRole('button', { name: 'Ações para Lote de 15 (rascunho)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ativar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ativar regra?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ativar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Conflita com a regra "Lote de 20 gateways": uma quantidade maior precisa de um desconto maior.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

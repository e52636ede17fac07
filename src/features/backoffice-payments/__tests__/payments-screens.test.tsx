import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethodInput } from '@/contracts/payment-method';
import type { PaymentPlatform, PaymentPlatformUpdateInput } from '@/contracts/payment-platform';
import { DEMO_ADMIN_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { callAsStaff } from '@/testing/backoffice-data';
import { testSql } from '@/testing/msw-server';
import { renderRoutes, renderWithProviders } from '@/testing/render';
import { EMPTY_METHOD, PaymentMethodForm } from '../components/method-form';
import { EMPTY_PLATFORM, PaymentPlatformForm, platformToForm } from '../components/platform-form';
import PaymentMethodsListScreen from '../screens/methods-list';
import PaymentPlatformEditScreen from '../screens/platform-edit';
import PaymentPlatformsListScreen from '../screens/platforms-list';

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true })));
});

const SEEDED_SECRET = 'sk_live_demo_4b8e2d91c0a7';

describe('PaymentPlatformForm', { timeout: 20_000 }, () => {
  it('create: the labels of screens.md, every required field said, the secret a password with show/hide', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<PaymentPlatformForm defaultValues={EMPTY_PLATFORM} onSubmit={onSubmit} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe a chave secreta.')).toBeVisible();
    expect(screen.getByText('Informe o nome.')).toBeVisible();
    expect(screen.getByText('Informe o provedor.')).toBeVisible();
    expect(screen.getByText('Escolha o ambiente.')).toBeVisible();
    expect(screen.getByText('Informe a chave pública.')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
    for (const label of ['Nome', 'Provedor', 'Ambiente', 'Chave pública', 'Chave secreta']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }

    const secret = screen.getByLabelText('Chave secreta');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('autocomplete', 'new-password');
    await user.type(secret, 'sk_live_123456789');
    await user.click(screen.getByRole('button', { name: 'Mostrar chave secreta' }));
    expect(secret).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar chave secreta' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Ocultar chave secreta' }));
    expect(secret).toHaveAttribute('type', 'password');
  });

  it('edit: starts blank, says which key is kept, and a blank key is sent as "keep"', async () => {
    const user = userEvent.setup();
    const platform = { id: 'payment-platform-1001', name: 'Gateway', provider: 'Banco Cora', environment: 'producao', publicKey: 'pk_live_1', secretKeyLast4: '2d91' } as PaymentPlatform;
    const onSubmit = vi.fn<(input: PaymentPlatformUpdateInput) => Promise<PaymentPlatform>>().mockResolvedValue(platform);
    renderWithProviders(
      <PaymentPlatformForm
        defaultValues={platformToForm(platform)}
        storedSecretKeyLast4="2d91"
        onSubmit={onSubmit}
        onSaved={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const secret = screen.getByLabelText('Chave secreta');
    expect(secret).toHaveValue('');
    expect(secret).not.toBeRequired();
    expect(screen.getByText('Deixe em branco para manter a chave atual (final 2d91)')).toBeVisible();
    await user.clear(screen.getByLabelText('Nome'));
    await user.type(screen.getByLabelText('Nome'), 'Gateway Cora');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Gateway Cora', secretKey: '' });
  });

  it('the edit screen never holds the secret: the form shows its last four characters only', async () => {
    const { container } = renderRoutes([{ path: '/p/:id/edit', element: <PaymentPlatformEditScreen /> }], {
      path: '/p/payment-platform-1001/edit',
    });
    expect(await screen.findByText('Deixe em branco para manter a chave atual (final c0a7)')).toBeVisible();
    expect(screen.getByLabelText('Chave secreta')).toHaveValue('');
    expect(container.innerHTML).not.toContain(SEEDED_SECRET);
  });
});

describe('PaymentMethodForm', { timeout: 20_000 }, () => {
  it('instalments 0 and 25 are refused; Pix fixes them to 1; a disabled platform cannot be chosen', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(input: PaymentMethodInput) => Promise<never>>();
    renderWithProviders(<PaymentMethodForm defaultValues={EMPTY_METHOD} onSubmit={onSubmit} onSaved={vi.fn()} onCancel={vi.fn()} />);
    const platform = screen.getByLabelText('Plataforma');
    await within(platform).findByRole('option', { name: 'Cartões' });
    expect(within(platform).getByRole('option', { name: 'Mercado Pago (avaliação) (inativa)' })).toBeDisabled();

    await user.type(screen.getByLabelText('Nome'), 'Cartão em até 24x');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Cartão de crédito');
    await user.selectOptions(platform, 'Cartões');
    const installments = screen.getByLabelText('Parcelas máximas');
    for (const value of ['0', '25']) {
      await user.clear(installments);
      await user.type(installments, value);
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Informe de 1 a 24 parcelas.')).toBeVisible();
    }
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText('Tipo'), 'Pix');
    await waitFor(() => expect(installments).toHaveValue('1'));
    expect(installments).toHaveAttribute('readonly');
    expect(screen.getByText('Pix e boleto são pagos em 1 parcela.')).toBeVisible();
    expect(screen.getByLabelText('Ativo')).toBeChecked();
  });
});

describe('Plat. de Pagamento (list)', { timeout: 30_000 }, () => {
  it('disabling a platform names its methods first, then they are inactive too', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <PaymentPlatformsListScreen /> }]);
    expect(screen.getByRole('heading', { name: 'Plat. de Pagamento', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Plat. de Pagamento' });
    const row = (await within(table).findByText('Gateway Pix e boleto')).closest('tr');
    if (!row) throw new Error('sem a linha da plataforma');
    expect(within(row).getByText('c0a7')).toBeVisible();
    expect(table.innerHTML).not.toContain(SEEDED_SECRET);

    await user.click(within(row).getByRole('button', { name: 'Ações para Gateway Pix e boleto' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Desativar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Desativar plataforma?' });
    expect(dialog).toHaveTextContent('Os métodos Pix e Boleto bancário também serão desativados.');
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(within(row).getByText('Inativo')).toBeVisible());
    const methods = await testSql<{ enabled: number }>('SELECT enabled FROM payment_method WHERE platform_id = ? ORDER BY id', ['payment-platform-1001']);
    expect(methods.map((method) => method.enabled)).toEqual([0, 0]);
  });

  it('a platform with methods is not deleted: the dialog says how many use it', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <PaymentPlatformsListScreen /> }]);
    const table = await screen.findByRole('table', { name: 'Plat. de Pagamento' });
    await within(table).findByText('Cartões');
    await user.click(within(table).getByRole('button', { name: 'Ações para Cartões' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir plataforma?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('1 método de pagamento a usa');
    expect(await testSql('SELECT id FROM payment_platform WHERE id = ?', ['payment-platform-1002'])).toEqual([{ id: 'payment-platform-1002' }]);
  });
});

describe('Métodos de Pagamento (list)', { timeout: 30_000 }, () => {
  it('a method on a disabled platform cannot be enabled from its row', async () => {
    // Disabling the card platform disables its method too.
    await callAsStaff('/backoffice/payment-platform/payment-platform-1002/disable', { method: 'POST' });
    const [method] = await testSql<{ enabled: number }>('SELECT enabled FROM payment_method WHERE id = ?', ['payment-method-cartao']);
    expect(method?.enabled).toBe(0);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <PaymentMethodsListScreen /> }]);
    const table = await screen.findByRole('table', { name: 'Métodos de Pagamento' });
    const row = (await within(table).findByText('Cartão de crédito', { selector: 'a' })).closest('tr');
    if (!row) throw new Error('sem a linha do método');
    expect(within(row).getByText('Plataforma inativa')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Ações para Cartão de crédito' }));
    expect(await screen.findByRole('menuitem', { name: 'Ativar' })).toHaveAttribute('aria-disabled', 'true');
  });
});

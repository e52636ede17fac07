import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ADMIN_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { testFaults, testSql } from '@/testing/msw-server';
import { renderRoutes, renderWithProviders } from '@/testing/render';
import { emptyProduct, ProductForm } from '../components/product-form';
import ProductEditScreen from '../screens/product-edit';
import ProductNewScreen from '../screens/product-new';
import CatalogListScreen from '../screens/products-list';

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true })));
});

describe('ProductForm', { timeout: 20_000 }, () => {
  it('its labels; a price of 0, negative or not a number is refused on the field in pt-BR', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<ProductForm defaultValues={emptyProduct()} onSubmit={onSubmit} onSaved={vi.fn()} onCancel={vi.fn()} />);
    for (const label of ['Tipo', 'SKU', 'Nome', 'Descrição', 'Preço unitário (R$)', 'Máximo por pedido', 'Imagem']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Tipo')).toHaveValue('gateway');
    expect(screen.getByLabelText('Ativo')).toBeChecked();
    expect(within(screen.getByLabelText('Tipo')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Gateway',
      'Plano de conectividade',
    ]);

    await user.type(screen.getByLabelText('SKU'), 'PG2-5G');
    await user.type(screen.getByLabelText('Nome'), 'Gateway Ponte G2 5G');
    await user.type(screen.getByLabelText('Descrição'), 'Gateway industrial com modem 5G.');
    const price = screen.getByLabelText('Preço unitário (R$)');
    for (const [typed, message] of [
      ['0', 'O preço deve ser maior que zero.'],
      ['-5', 'O preço deve ser maior que zero.'],
      ['dois mil', 'Preço inválido. Use reais e centavos, por exemplo 1.890,00.'],
    ] as const) {
      await user.clear(price);
      await user.type(price, typed);
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText(message)).toBeVisible();
      expect(price).toHaveAttribute('aria-invalid', 'true');
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('Novo produto', { timeout: 30_000 }, () => {
  it('a duplicate SKU is refused on its field; with another SKU the product is saved, price in centavos', async () => {
    const user = userEvent.setup();
    renderRoutes([
      { path: '/', element: <ProductNewScreen /> },
      { path: '/backoffice-catalog/:id', element: <p>Página do produto</p> },
    ]);
    expect(screen.getByRole('heading', { name: 'Novo produto', level: 1 })).toBeVisible();
    await user.type(screen.getByLabelText('SKU'), 'pg1-4g');
    await user.type(screen.getByLabelText('Nome'), 'Gateway Ponte G2 5G');
    await user.type(screen.getByLabelText('Descrição'), 'Gateway industrial com modem 5G.');
    await user.type(screen.getByLabelText('Preço unitário (R$)'), '2.490,00');
    await user.selectOptions(screen.getByLabelText('Imagem'), 'Gateway 4G (antenas)');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe um produto com este SKU.')).toBeVisible();
    expect(screen.getByLabelText('SKU')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('SKU'));
    await user.type(screen.getByLabelText('SKU'), 'pg2-5g');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Página do produto')).toBeVisible();
    expect(await testSql('SELECT sku, unit_price, stock_limit, image, active FROM product WHERE name = ?', ['Gateway Ponte G2 5G'])).toEqual([
      { sku: 'PG2-5G', unit_price: 249_000, stock_limit: 50, image: 'gateway-4g', active: 1 },
    ]);
  });
});

describe('Catálogo (list)', { timeout: 30_000 }, () => {
  it('lists by name with the price in R$, searches and filters; deactivating asks first', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <CatalogListScreen /> }]);
    const table = await screen.findByRole('table', { name: 'Catálogo' });
    await within(table).findByText('Gateway Ponte G1 4G');
    expect(within(table).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Gateway Ponte G1 4G',
      'Gateway Ponte G1 Ethernet',
      'Gateway Ponte G1 Wi-Fi',
      'Plano Conectividade 12 meses',
      'Plano Conectividade 24 meses',
    ]);
    expect(within(table).getByText('R$ 1.890,00')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Filtrar por tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Plano de conectividade' }));
    await waitFor(() => expect(within(table).queryByText('Gateway Ponte G1 4G')).toBeNull());
    expect(within(table).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Plano Conectividade 12 meses',
      'Plano Conectividade 24 meses',
    ]);
    await screen.findByText('2 produtos');
    await user.click(screen.getByRole('combobox', { name: 'Filtrar por tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Todos os tipos' }));
    await user.type(screen.getByLabelText('Buscar produtos'), 'pg1-eth');
    await waitFor(() => expect(within(table).getAllByRole('link').map((link) => link.textContent)).toEqual(['Gateway Ponte G1 Ethernet']));

    await user.click(within(table).getByRole('button', { name: 'Ações para Gateway Ponte G1 Ethernet' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Desativar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Desativar produto?' });
    expect(dialog).toHaveTextContent('sai do catálogo do portal a partir de agora. Os pedidos já feitos não mudam.');
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await within(table).findByText('Inativo')).toBeVisible();
    expect(await testSql('SELECT active FROM product WHERE id = ?', ['product-g1-eth'])).toEqual([{ active: 0 }]);
  });

  it('a product on an order cannot be deleted: the dialog says why', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <CatalogListScreen /> }]);
    const table = await screen.findByRole('table', { name: 'Catálogo' });
    await user.click(await within(table).findByRole('button', { name: 'Ações para Gateway Ponte G1 Wi-Fi' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir produto?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Este produto está em pedidos em aberto e não pode ser excluído: os pedidos guardam seus itens. Desative-o para tirá-lo do catálogo.',
    );
    expect(await testSql('SELECT id FROM product WHERE id = ?', ['product-g1-wifi'])).toHaveLength(1);
  });

  it('says so when the list cannot be loaded', async () => {
    testFaults.set({ mode: '500', match: '/backoffice/product' });
    renderRoutes([{ path: '/', element: <CatalogListScreen /> }]);
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  });

  it('with no product: the empty state offers "Novo produto"', async () => {
    await testSql('DELETE FROM order_item');
    await testSql('DELETE FROM product');
    renderRoutes([{ path: '/', element: <CatalogListScreen /> }]);
    expect(await screen.findByText('Nenhum produto cadastrado')).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Novo produto' }).length).toBeGreaterThan(0);
  });
});

describe('Editar produto', { timeout: 30_000 }, () => {
  it('changed by someone else meanwhile: the conflict banner, then saved over the current version', async () => {
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/backoffice-catalog/:id/edit', element: <ProductEditScreen /> },
        { path: '/backoffice-catalog/:id', element: <p>Página do produto</p> },
      ],
      { path: '/backoffice-catalog/product-plan-12m/edit' },
    );
    const price = await screen.findByLabelText('Preço unitário (R$)');
    await waitFor(() => expect(price).toHaveValue('598,80'));
    await testSql("UPDATE product SET stock_limit = 10, version = version + 1 WHERE id = 'product-plan-12m'");
    await user.clear(price);
    await user.type(price, '649,90');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByText('Este registro foi alterado por outra pessoa.');
    expect(alert).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Recarregar versão atual' }));
    await waitFor(() => expect(screen.getByLabelText('Máximo por pedido')).toHaveValue('10'));
    expect(price).toHaveValue('649,90');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Página do produto')).toBeVisible();
    expect(await testSql('SELECT unit_price, stock_limit FROM product WHERE id = ?', ['product-plan-12m'])).toEqual([
      { unit_price: 64_990, stock_limit: 10 },
    ]);
  });
});

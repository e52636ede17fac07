import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { renderWithProviders } from '@/testing/render';
import { StableLinksProvider } from '@/components/ui/stable-links';
import { SearchBox } from '../search-box';

beforeEach(() => {
  setTokenProvider(async () => makeTestToken({ uid: 'demo-admin-rafael', email: 'admin@example.com', admin: true }));
});

describe('back-office search', () => {
  it('Ctrl+K focuses it; records come grouped by kind; arrows and Enter open one', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <StableLinksProvider>
        <SearchBox />
      </StableLinksProvider>,
    );
    const box = screen.getByRole('combobox', { name: 'Buscar em toda aplicação' });
    await user.keyboard('{Control>}k{/Control}');
    expect(box).toHaveFocus();
    await user.type(box, '#1004');
    const list = await screen.findByRole('listbox', { name: 'Resultados da busca' });
    const orders = await within(list).findByRole('group', { name: 'Pedidos' });
    expect(within(orders).getByRole('option', { name: /Pedido #1004/ })).toHaveTextContent('Aguardando pagamento');
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/backoffice-orders/order-1004');
  });

  it('finds VPN users by e-mail and builders by name; screens first; Escape closes, then clears', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <StableLinksProvider>
        <SearchBox />
      </StableLinksProvider>,
    );
    const box = screen.getByRole('combobox', { name: 'Buscar em toda aplicação' });
    await user.type(box, 'automax');
    const vpn = await screen.findByRole('group', { name: 'Usuários VPN' });
    expect(within(vpn).getByRole('option')).toHaveTextContent('suporte@automax.exemplo.com.br');
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/backoffice-vpn-user');
    expect(router.state.location.search).toBe('?q=suporte%40automax.exemplo.com.br');
    // Screens come first, found at once; the arrows walk on into the records.
    await user.type(box, 'pagamento');
    const screens = screen.getByRole('group', { name: 'Telas' });
    const found = within(screens).getAllByRole('option').map((option) => option.textContent);
    expect(found).toHaveLength(2);
    expect(found[0]).toBe('Métodos de Pagamento');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/backoffice-payment-platform');
    await user.type(box, 'serra');
    await screen.findByRole('group', { name: 'Montadoras' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('serra');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('says when nothing is found', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <StableLinksProvider>
        <SearchBox />
      </StableLinksProvider>,
    );
    await user.type(screen.getByRole('combobox', { name: 'Buscar em toda aplicação' }), 'xyzzy');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Nada encontrado para “xyzzy”.'));
  });
});

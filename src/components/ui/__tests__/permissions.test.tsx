import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { DataTable } from '../data-table';
import { PageHeader } from '../page-header';
import { lockRowAction, PermissionsProvider, type Locks } from '../permissions';
import { TooltipProvider } from '../tooltip';

const LEITURA: Locks = {
  edit: 'Seu perfil (Leitura) não permite alterar dados.',
  purchase: 'Seu perfil (Leitura) não permite fazer compras.',
  team: 'Seu perfil (Leitura) não permite gerenciar a equipe.',
};
const TECNICO: Locks = { edit: null, purchase: 'Seu perfil (Técnico) não permite fazer compras.', team: 'Seu perfil (Técnico) não permite gerenciar a equipe.' };

function header(locks: Locks | null, need?: 'edit' | 'purchase' | 'none') {
  return render(
    <TooltipProvider delayDuration={0}>
      <PermissionsProvider locks={locks}>
        <PageHeader title="Clientes" actions={<a href="/customers/new">Novo cliente</a>} actionsNeed={need} />
      </PermissionsProvider>
    </TooltipProvider>,
  );
}

describe('the role in the kit', () => {
  it('PageHeader: the actions when allowed; "Sem permissão" saying why when the role may not', async () => {
    const user = userEvent.setup();
    const allowed = header(null);
    expect(screen.getByRole('link', { name: 'Novo cliente' })).toBeInTheDocument();
    allowed.unmount();

    header(LEITURA);
    expect(screen.queryByRole('link', { name: 'Novo cliente' })).toBeNull();
    const locked = screen.getByRole('button', { name: 'Sem permissão' });
    expect(locked).toHaveAttribute('aria-disabled', 'true');
    await user.hover(locked);
    expect(await screen.findByRole('tooltip', {}, { timeout: 3000 })).toHaveTextContent('Seu perfil (Leitura) não permite alterar dados.');
  });

  it('PageHeader: purchases lock for the Técnico; an action that only reads never locks', () => {
    const purchase = header(TECNICO, 'purchase');
    expect(screen.getByRole('button', { name: 'Sem permissão' })).toBeInTheDocument();
    purchase.unmount();
    const edit = header(TECNICO, 'edit');
    expect(screen.getByRole('link', { name: 'Novo cliente' })).toBeInTheDocument();
    edit.unmount();
    header(LEITURA, 'none');
    expect(screen.getByRole('link', { name: 'Novo cliente' })).toBeInTheDocument();
  });

  it('row actions: "Ver …" stays, the others are disabled with the reason', () => {
    const onSelect = () => undefined;
    expect(lockRowAction({ label: 'Ver detalhes', onSelect }, LEITURA)).toEqual({ label: 'Ver detalhes', onSelect });
    expect(lockRowAction({ label: 'Excluir', onSelect }, LEITURA)).toEqual({
      label: 'Excluir',
      onSelect,
      disabled: true,
      description: 'Seu perfil (Leitura) não permite alterar dados.',
    });
    expect(lockRowAction({ label: 'Editar', onSelect, need: 'purchase' as const }, TECNICO)).toMatchObject({ disabled: true });
    expect(lockRowAction({ label: 'Editar', onSelect }, TECNICO)).toEqual({ label: 'Editar', onSelect });
  });

  it('an empty list\'s create button: locked for the role, like the header\'s ("purchase" for orders)', () => {
    function emptyList(locks: Locks | null, actionNeed?: 'edit' | 'purchase') {
      return render(
        <MemoryRouter>
          <PermissionsProvider locks={locks}>
            <DataTable<{ id: string }, string>
              caption="Pedidos"
              columns={[{ id: 'id', header: 'Número', cell: (row) => row.id }]}
              rows={[]}
              total={0}
              getRowId={(row) => row.id}
              query={{ sort: '', page: 1, perPage: 20 }}
              isLoading={false}
              emptyState={{ title: 'Nenhum pedido cadastrado', action: <a href="/orders/checkout">Novo pedido</a>, actionNeed }}
              hasActiveSearch={false}
              onClearSearch={() => undefined}
            />
          </PermissionsProvider>
        </MemoryRouter>,
      );
    }
    const admin = emptyList(null, 'purchase');
    expect(screen.getByRole('link', { name: 'Novo pedido' })).toBeInTheDocument();
    admin.unmount();
    const tecnico = emptyList(TECNICO, 'purchase');
    expect(screen.getByText('Nenhum pedido cadastrado')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Novo pedido' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sem permissão' })).toHaveAttribute('aria-disabled', 'true');
    tecnico.unmount();
    // Without actionNeed the action is a change ('edit'): the Técnico may, Leitura may not.
    const edit = emptyList(TECNICO);
    expect(screen.getByRole('link', { name: 'Novo pedido' })).toBeInTheDocument();
    edit.unmount();
    emptyList(LEITURA);
    expect(screen.getByRole('button', { name: 'Sem permissão' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STAFF_LAST_MESSAGE } from '@/contracts/staff';
import { setTokenProvider } from '@/lib/api/token';
import { DEMO_ADMIN_UID } from '@/seed';
import { testFaults, testSql } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { makeTestToken } from '@/testing/test-token';
import StaffListScreen from '../screens/staff-list';
import { expectToast } from '@/testing/toast';

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true })));
});

const renderStaff = () => renderRoutes([{ path: '/', element: <StaffListScreen /> }]);

async function renderGrantDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Conceder acesso' }));
  return screen.findByRole('dialog', { name: 'Conceder acesso' });
}

describe('Back office → Equipe interna', { timeout: 30_000 }, () => {
  it('lists the team; the last member cannot be revoked, and the screen says why', async () => {
    renderStaff();
    expect(screen.getByRole('heading', { name: 'Equipe interna', level: 1 })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Equipe interna' });
    expect(within(list).getByText('Rafael Souza Lima')).toBeVisible();
    expect(within(list).getByText('admin@example.com')).toBeVisible();
    expect(screen.getByText('1 pessoa')).toBeVisible();
    const revoke = within(list).getByRole('button', { name: 'Revogar acesso de Rafael Souza Lima' });
    expect(revoke).toBeDisabled();
    expect(revoke).toHaveAccessibleDescription(STAFF_LAST_MESSAGE);
  });

  it('"Conceder acesso": an e-mail without an account is said at the field; an account of the demo joins the list', async () => {
    const user = userEvent.setup();
    renderStaff();
    await screen.findByRole('list', { name: 'Equipe interna' });
    const dialog = await renderGrantDialog(user);
    await user.type(within(dialog).getByLabelText(/E-mail/), 'ninguem@ponte.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Conceder acesso' }));
    expect(
      await within(dialog).findByText(
        'Não há conta no Ponte IIoT com o e-mail ninguem@ponte.com.br. Peça à pessoa que crie a conta (ou entre uma vez) e tente de novo.',
      ),
    ).toBeVisible();

    await user.clear(within(dialog).getByLabelText(/E-mail/));
    await user.type(within(dialog).getByLabelText(/E-mail/), 'cliente@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Conceder acesso' }));
    await expectToast('Acesso concedido a Maria Oliveira Santos. Vale a partir da próxima entrada da pessoa.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conceder acesso' })).toBeNull());
    const list = screen.getByRole('list', { name: 'Equipe interna' });
    expect(await within(list).findByText('Maria Oliveira Santos')).toBeVisible();
    expect(screen.getByText('2 pessoas')).toBeVisible();
    const rows = await testSql<{ kind: string; target_label: string }>("SELECT kind, target_label FROM audit_log WHERE kind = 'staff.grant'");
    expect(rows).toEqual([{ kind: 'staff.grant', target_label: 'Maria Oliveira Santos' }]);
  });

  it('"Revogar acesso" asks first, then the person leaves the list', async () => {
    const user = userEvent.setup();
    await testSql("INSERT INTO staff (uid, name, email) VALUES ('demo-cliente-maria', 'Maria Oliveira Santos', 'cliente@example.com')");
    renderStaff();
    const list = await screen.findByRole('list', { name: 'Equipe interna' });
    await user.click(await within(list).findByRole('button', { name: 'Revogar acesso de Maria Oliveira Santos' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revogar acesso?' });
    expect(within(confirm).getByText(/deixa de acessar o back office agora/)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Revogar acesso' }));
    await expectToast('Acesso de Maria Oliveira Santos revogado.');
    await waitFor(() => expect(within(list).queryByText('Maria Oliveira Santos')).toBeNull());
    expect(screen.getByText('1 pessoa')).toBeVisible();
    expect(await testSql<{ uid: string }>('SELECT uid FROM staff_revocation')).toEqual([{ uid: 'demo-cliente-maria' }]);
  });

  it('shows the empty state when nobody is listed, and the error with "Tentar novamente" when the list fails', async () => {
    await testSql('DELETE FROM staff');
    const { unmount } = renderStaff();
    expect(await screen.findByRole('heading', { name: 'Ninguém na equipe interna', level: 3 })).toBeVisible();
    unmount();
    testFaults.set({ mode: '500', match: '/backoffice/staff' });
    renderStaff();
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    expect(screen.getByText(/Não foi possível carregar “Pessoas com acesso”\./)).toBeVisible();
  });
});

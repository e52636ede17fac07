import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PermissionsProvider } from '@/components/ui/permissions';
import { portalPaths } from '@/config/paths';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { locksOf } from '@/entities/access/api';
import { setTokenProvider } from '@/lib/api/token';
import { storedAccountMail, makeLinkToken, makeTokenHash } from '@/testing/mail-data';
import { testSql } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import TeamScreen from '../screens/team';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const carlos = makeTestToken({ uid: 'demo-tecnico-carlos', email: 'carlos.prado@oliveira.exemplo.com.br' });
const juliana = makeTestToken({ uid: 'demo-leitura-juliana', email: 'juliana.nakamura@oliveira.exemplo.com.br' });

function renderTeam(token: string, role: 'administrador' | 'tecnico' | 'leitura' = 'administrador') {
  setTokenProvider(() => Promise.resolve(token));
  return renderRoutes(
    [
      {
        path: portalPaths.team,
        element: (
          <PermissionsProvider locks={locksOf(role)}>
            <TeamScreen />
          </PermissionsProvider>
        ),
      },
    ],
    { path: portalPaths.team },
  );
}

const people = () => screen.getByRole('table', { name: 'Pessoas da equipe' });
const invitations = () => screen.getByRole('table', { name: 'Convites' });

describe('Equipe', { timeout: 20_000 }, () => {
  it('lists the people with their role and last access, and the invitations with their status', async () => {
    renderTeam(maria);
    expect(await screen.findByRole('heading', { name: 'Equipe', level: 1 })).toBeInTheDocument();
    await within(await screen.findByRole('table', { name: 'Pessoas da equipe' })).findByText('Carlos Henrique Prado');
    const headers = within(people()).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Nome', 'E-mail', 'Perfil', 'Último acesso', 'Ações']);
    const juliana = within(people()).getByText('Juliana Nakamura').closest('tr') as HTMLElement;
    expect(within(juliana).getByText('Leitura')).toBeInTheDocument();
    expect(within(juliana).getByText('Nunca acessou')).toBeInTheDocument();
    expect(within(invitations()).getByText('ana.ribeiro@oliveira.exemplo.com.br').closest('tr')).toHaveTextContent('Expirado');
  });

  it('"Convidar": a malformed e-mail on the field; once sent, the link with "Copiar link"', async () => {
    const user = userEvent.setup();
    renderTeam(maria);
    await user.click(await screen.findByRole('button', { name: 'Convidar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convidar para a equipe' });
    await user.type(within(dialog).getByLabelText(/E-mail/), 'novo@');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(await within(dialog).findByText('E-mail inválido. Use o formato nome@empresa.com.br.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/E-mail/));
    await user.type(within(dialog).getByLabelText(/E-mail/), 'juliana.nakamura@oliveira.exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(await within(dialog).findByText('Este e-mail já faz parte da equipe.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/E-mail/));
    await user.type(within(dialog).getByLabelText(/E-mail/), 'novo.tecnico@exemplo.com.br');
    await user.selectOptions(within(dialog).getByLabelText(/Perfil/), 'leitura');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    const sent = await screen.findByRole('dialog', { name: 'Convite enviado' });
    // The link the e-mail carries (the demo mailbox keeps it; the server, only its token's SHA-256).
    const [mail] = (await storedAccountMail(maria)).filter((sentMail) => sentMail.to === 'novo.tecnico@exemplo.com.br');
    const token = makeLinkToken(mail?.link);
    expect(mail?.link).toBe(`/invite/${token}`);
    const [stored] = await testSql<{ token: string; role: string }>('SELECT token, role FROM invitation WHERE email = ?', ['novo.tecnico@exemplo.com.br']);
    expect(stored).toEqual({ token: await makeTokenHash(token), role: 'leitura' });
    expect(within(sent).getByText(`${window.location.origin}/invite/${token}`)).toBeInTheDocument();
    expect(within(sent).getByRole('button', { name: 'Copiar link' })).toBeInTheDocument();
    await user.click(within(sent).getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(within(invitations()).getByText('novo.tecnico@exemplo.com.br')).toBeInTheDocument());
  });

  it('"Reenviar convite": the new link is shown once, to copy (the list keeps none)', async () => {
    const user = userEvent.setup();
    renderTeam(maria);
    await user.click(await screen.findByRole('button', { name: 'Ações para ana.ribeiro@oliveira.exemplo.com.br' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reenviar convite' }));
    const resent = await screen.findByRole('dialog', { name: 'Convite reenviado' });
    expect(within(resent).getByText(new RegExp(`^${window.location.origin}/invite/`))).toBeInTheDocument();
    expect(within(resent).getByRole('button', { name: 'Copiar link' })).toBeInTheDocument();
    await user.click(within(resent).getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Convite reenviado' })).toBeNull());
  });

  it('removing a member and revoking an invitation are confirmed first', async () => {
    const user = userEvent.setup();
    renderTeam(maria);
    await user.click(await screen.findByRole('button', { name: 'Ações para Juliana Nakamura' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remover da equipe' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remover da equipe?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(within(people()).queryByText('Juliana Nakamura')).toBeNull());
    // Who registered the company, the Titular (so marked in the list): the action says why it is not there.
    const titular = within(people()).getByRole('row', { name: /Maria Oliveira Santos/ });
    expect(within(titular).getByText('Titular')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ações para Maria Oliveira Santos' }));
    expect(await screen.findByRole('menuitem', { name: 'Remover da equipe' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('O Titular da conta (quem cadastrou a empresa) não pode ser removido da equipe.')).toBeInTheDocument();
  });

  it('Leitura sees the team, with "Sem permissão" instead of "Convidar" and the actions disabled', async () => {
    const user = userEvent.setup();
    renderTeam(juliana, 'leitura');
    await within(await screen.findByRole('table', { name: 'Pessoas da equipe' })).findByText('Carlos Henrique Prado');
    expect(screen.queryByRole('button', { name: 'Convidar' })).toBeNull();
    expect(screen.getByRole('button', { name: /Sem permissão/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ações para Carlos Henrique Prado' }));
    expect(await screen.findByRole('menuitem', { name: 'Alterar perfil' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getAllByText('Seu perfil (Leitura) não permite gerenciar a equipe.').length).toBeGreaterThan(0);
  });

  it('Técnico is told the team is not for his role', async () => {
    renderTeam(carlos, 'tecnico');
    expect(await screen.findByText(/Seu perfil \(Técnico\) não permite gerenciar a equipe\./)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

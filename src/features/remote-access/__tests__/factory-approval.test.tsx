/**
 * The factory's approval page (issue 25, item 4), signed out, against the unit tests' API: a request for a machine of
 * a customer that requires the factory's approval e-mails a link (the demo mailbox); the page shows who asks and for
 * what, "Autorizar acesso" approves once, "Recusar" asks the reason; a used, expired or unknown link says why; a
 * failure to load offers "Tentar novamente".
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FACTORY_APPROVAL_MESSAGES as FM, FACTORY_REFUSAL_MISSING, factoryApprovalLink } from '@/contracts/factory-approval';
import { portalPaths, portalPatterns } from '@/config/paths';
import { setTokenProvider } from '@/lib/api/token';
import { DEMO_CUSTOMER_UID } from '@/seed/utils';
import FactoryApprovalScreen from '@/app/areas/portal/screens/factory-approval';
import { makeTestToken } from '@/testing/test-token';
import { testFaults } from '@/testing/msw-server';
import { arrangeRemoteAccessRequest, arrangeExpiredFactoryLink, storedLastMail, storedSessions } from '@/testing/remote-access-data';
import { renderRoutes } from '@/testing/render';
import { RemoteAccessScreen } from '../screens/remote-access';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com', name: 'Maria Oliveira Santos' });

/** Frigorífico Pantanal S.A. (customer-1008) requires the factory's approval: CU-800 #02 is one of its machines. */
const MACHINE_ID = 'machine-1012';

/** Maria asks for access (as the portal would); the link e-mailed to the factory, and the session. */
async function askAndGetLink(reason = 'Ajuste de receita no CLP'): Promise<string> {
  return (await askWithLink(reason)).link;
}

async function askWithLink(reason = 'Ajuste de receita no CLP'): Promise<{ link: string; sessionId: string }> {
  const session = await arrangeRemoteAccessRequest(MACHINE_ID, reason, 4, maria);
  expect(session).toMatchObject({ status: 'pending', awaiting: 'factory' });
  const mail = await storedLastMail();
  expect(mail?.to).toBe('compras@pantanalcarnes.exemplo.com.br');
  return { link: mail?.link ?? '', sessionId: session.id };
}

const lastSession = async () => (await storedSessions()).at(-1);

const open = (link: string) => renderRoutes([{ path: portalPatterns.factoryApproval, element: <FactoryApprovalScreen /> }], { path: link });

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(null));
});

describe('Aprovação de acesso remoto (the factory, signed out)', { timeout: 20_000 }, () => {
  it('shows the request and "Autorizar acesso" approves it once', async () => {
    const user = userEvent.setup();
    const link = await askAndGetLink();
    setTokenProvider(() => Promise.resolve(null));
    const view = open(link);
    expect(screen.getByText('Carregando o pedido de acesso…')).toBeInTheDocument();
    await screen.findByText('Ajuste de receita no CLP');
    const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Montadora')).toBe('Maria Oliveira Santos');
    expect(valueOf('Engenheiro')).toBe('Maria Oliveira Santos');
    expect(valueOf('Máquina')).toBe('CU-800 #02');
    expect(valueOf('Cliente')).toBe('Frigorífico Pantanal S.A.');
    expect(valueOf('Motivo')).toBe('Ajuste de receita no CLP');
    expect(valueOf('Janela')).toMatch(/^4 horas, a partir do momento/);
    await user.click(screen.getByRole('button', { name: 'Autorizar acesso' }));
    expect(await screen.findByText('Acesso autorizado')).toBeVisible();
    expect(screen.getByText(FM.approved('Maria Oliveira Santos', 'CU-800 #02', '4 horas'))).toBeVisible();
    const session = await lastSession();
    expect(session).toMatchObject({ status: 'approved', awaiting: null, decidedByName: 'Frigorífico Pantanal S.A.' });
    view.unmount();

    // The same link again: already used.
    open(link);
    expect(await screen.findByText(new RegExp(FM.used))).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Autorizar acesso' })).toBeNull();
  });

  it('"Recusar" asks the reason in a dialog, then says what happened', async () => {
    const user = userEvent.setup();
    const link = await askAndGetLink('Troca de firmware');
    open(link);
    await screen.findByText('Troca de firmware');
    await user.click(screen.getByRole('button', { name: 'Recusar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Recusar o acesso?' });
    await user.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(await within(dialog).findByText(FACTORY_REFUSAL_MISSING)).toBeVisible();
    await user.type(within(dialog).getByLabelText(/Motivo da recusa/), 'Linha em produção até sexta');
    await user.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText('Acesso recusado')).toBeVisible();
    expect(await lastSession()).toMatchObject({ status: 'refused', refusalReason: 'Linha em produção até sexta' });
  });

  it('an expired or unknown link says why', async () => {
    const { link, sessionId } = await askWithLink();
    await arrangeExpiredFactoryLink(sessionId);
    const view = open(link);
    expect(await screen.findByText(new RegExp(FM.expired))).toBeVisible();
    expect(screen.getByText('Link indisponível')).toBeVisible();
    view.unmount();
    open(factoryApprovalLink('link-que-nao-existe'));
    expect(await screen.findByText(new RegExp(FM.notFound))).toBeVisible();
  });

  it('a failure to load offers "Tentar novamente"', async () => {
    const user = userEvent.setup();
    const link = await askAndGetLink();
    testFaults.set({ mode: '500', match: '/factory-approval/' });
    open(link);
    expect(await screen.findByText('Não foi possível carregar o pedido de acesso')).toBeVisible();
    testFaults.set(null);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Autorizar acesso' })).toBeVisible();
  });

  it('Solicitações: the request waits for the factory (no "Aprovar"); once approved, the requester gets "Baixar perfil"', async () => {
    const user = userEvent.setup();
    const link = await askAndGetLink();
    setTokenProvider(() => Promise.resolve(maria));
    const builder = renderRoutes(
      [{ path: portalPaths.remoteAccess, element: <RemoteAccessScreen currentUid={DEMO_CUSTOMER_UID} /> }],
      { path: `${portalPaths.remoteAccess}?tab=solicitacoes` },
    );
    const waiting = await screen.findByRole('table', { name: 'Aguardando aprovação' });
    const row = (await within(waiting).findByRole('link', { name: 'CU-800 #02' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Aguardando aprovação da fábrica (Frigorífico Pantanal S.A.): link enviado por e-mail.')).toBeVisible();
    expect(within(row).queryByRole('button', { name: /^Aprovar/ })).toBeNull();
    builder.unmount();

    setTokenProvider(() => Promise.resolve(null));
    const page = open(link);
    await user.click(await screen.findByRole('button', { name: 'Autorizar acesso' }));
    await screen.findByText('Acesso autorizado');
    page.unmount();

    setTokenProvider(() => Promise.resolve(maria));
    renderRoutes([{ path: portalPaths.remoteAccess, element: <RemoteAccessScreen currentUid={DEMO_CUSTOMER_UID} /> }], {
      path: `${portalPaths.remoteAccess}?tab=solicitacoes`,
    });
    const approved = await screen.findByRole('table', { name: 'Aprovadas, perfil não baixado' });
    expect(await within(approved).findByRole('button', { name: 'Baixar perfil de CU-800 #02' })).toBeVisible();
  });
});

/**
 * Issue 35, item 2 in the portal (unit tests' API): a Técnico sees "Exigir aprovação da fábrica" and the customer's
 * e-mail read-only, with the one-line reason, and still edits the rest; an Administrador changes them, and Histórico
 * shows the change as "Aprovação da fábrica alterada".
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_FACTORY_APPROVAL_ADMIN_ONLY, CUSTOMER_FACTORY_APPROVAL_HINT } from '@/contracts/customer';
import { portalPatterns, portalPaths } from '@/config/paths';
import { setTokenProvider } from '@/lib/api/token';
import { DEMO_CUSTOMER_UID } from '@/seed/utils';
import { RemoteAccessScreen } from '@/features/remote-access/screens/remote-access';
import type { Customer } from '@/contracts/customer';
import { call, json } from '@/testing/demo-api';
import { makeTestToken } from '@/testing/test-token';
import { demoCustomers, storedEvents } from '@/testing/remote-access-data';
import { renderRoutes } from '@/testing/render';
import CustomerDetailScreen from '../screens/customer-detail';
import CustomerEditScreen from '../screens/customer-edit';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const carlos = makeTestToken({ uid: 'demo-tecnico-carlos', email: 'carlos.prado@oliveira.exemplo.com.br' });

const routes = [
  { path: portalPatterns.customer, element: <CustomerDetailScreen /> },
  { path: portalPatterns.customerEdit, element: <CustomerEditScreen /> },
];

/** A customer of the demo builder with "Exigir aprovação da fábrica". */
async function guarded(): Promise<Customer> {
  const found = (await demoCustomers(maria)).find((c) => c.requireFactoryApproval && c.email !== '');
  if (!found) throw new Error('the seed has a customer requiring the factory approval');
  return found;
}

/** The machine is shared by several suites at once: what the screens show may take a while to appear. */
const SLOW = { timeout: 10_000 };

const approvalEvents = () => storedEvents('factory-approval-changed');

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(maria));
});

describe('Clientes: the factory approval', { timeout: 20_000 }, () => {
  it('a Técnico sees "Exigir aprovação da fábrica" and the e-mail read-only, with the reason, and saves the rest', async () => {
    setTokenProvider(() => Promise.resolve(carlos));
    const customer = await guarded();
    const user = userEvent.setup();
    renderRoutes(routes, { path: portalPaths.customerEdit(customer.id) });
    const email = await screen.findByLabelText(/^E-mail/, {}, SLOW);
    await waitFor(() => expect(email).toHaveAttribute('readonly'), SLOW);
    expect(email).toHaveValue(customer.email);
    const box = screen.getByRole('checkbox', { name: 'Exigir aprovação da fábrica' });
    expect(box).toBeDisabled();
    expect(box).toBeChecked();
    expect(screen.getAllByText(CUSTOMER_FACTORY_APPROVAL_HINT)).toHaveLength(2);
    // The e-mail's hint is tied to it (read by a screen reader with the field).
    expect(email).toHaveAccessibleDescription(CUSTOMER_FACTORY_APPROVAL_HINT);

    // Typing and clicking change nothing there; the rest is edited and saved.
    await user.type(email, 'x');
    await user.click(box);
    expect(email).toHaveValue(customer.email);
    expect(box).toBeChecked();
    const city = screen.getByLabelText(/^Cidade/);
    await user.clear(city);
    await user.type(city, 'Cuiabá');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('heading', { name: customer.name, level: 1 }, SLOW)).toBeInTheDocument();
    const stored = await json<Customer>(await call(`/customer/${customer.id}`, { token: maria }));
    expect(stored).toMatchObject({ city: 'Cuiabá', email: customer.email, requireFactoryApproval: true });
    expect(await approvalEvents()).toHaveLength(0);

    // The API refuses the change to a Técnico.
    const { name, tradeName, cnpj, email: address, phone, city: town, uf, version } = stored;
    const refused = await call(`/customer/${customer.id}`, {
      method: 'PUT',
      token: carlos,
      headers: { 'If-Match': String(version) },
      json: { name, tradeName, cnpj, email: address, phone, city: town, uf, requireFactoryApproval: false },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: 'role-forbidden', message: CUSTOMER_FACTORY_APPROVAL_ADMIN_ONLY, field: 'requireFactoryApproval' },
    });
  });

  it('an Administrador edits them (no hint), and Histórico shows "Aprovação da fábrica alterada"', async () => {
    const customer = await guarded();
    const user = userEvent.setup();
    renderRoutes(routes, { path: portalPaths.customerEdit(customer.id) });
    const box = await screen.findByRole('checkbox', { name: 'Exigir aprovação da fábrica' }, SLOW);
    await waitFor(() => expect(box).toBeChecked(), SLOW);
    expect(box).toBeEnabled();
    expect(screen.getByLabelText(/^E-mail/)).not.toHaveAttribute('readonly');
    expect(screen.queryByText(CUSTOMER_FACTORY_APPROVAL_HINT)).toBeNull();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('heading', { name: customer.name, level: 1 }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver alterações no Histórico' })).toHaveAttribute(
      'href',
      `${portalPaths.remoteAccess}?tab=historico&kind=factory-approval-changed`,
    );
    expect(await approvalEvents()).toMatchObject([{ reason: `Cliente ${customer.name}: "Exigir aprovação da fábrica" desativada.`, actorUid: DEMO_CUSTOMER_UID }]);

    cleanup();
    renderRoutes([{ path: portalPaths.remoteAccess, element: <RemoteAccessScreen currentUid={DEMO_CUSTOMER_UID} /> }], {
      path: `${portalPaths.remoteAccess}?tab=historico`,
    });
    const table = await screen.findByRole('table', { name: 'Histórico de acesso remoto' }, SLOW);
    const reason = await within(table).findByText(`Cliente ${customer.name}: "Exigir aprovação da fábrica" desativada.`, {}, SLOW);
    const row = reason.closest('tr') as HTMLElement;
    expect(within(row).getByText('Aprovação da fábrica alterada')).toBeVisible();
    expect(within(row).getAllByText('—')).toHaveLength(2);
  });
});

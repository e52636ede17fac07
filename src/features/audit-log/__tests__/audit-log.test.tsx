/**
 * Configurações → "Registro de auditoria" (issue 37, item 5) against the unit tests' Workers, on the demo's seeded
 * entries: the table (Data, Pessoa, Ação, Alvo, Endereço IP, Detalhes antes → depois), the filters in the URL, the
 * empty and error states, "Exportar CSV" (pt-BR), a change made through the API appearing with its address, the
 * Técnico told why, and the back office's "Auditoria" with every account's entries.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_FORBIDDEN_MESSAGE } from '@/contracts/audit';
import { preloadToasts, Toaster } from '@/components/ui/toast';
import { backofficePaths, portalPaths } from '@/config/paths';
import { setTokenProvider } from '@/lib/api/token';
import { downloadFile } from '@/lib/download';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { call, json } from '@/testing/demo-api';
import { testFaults, testSql } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { makeTestToken } from '@/testing/test-token';
import AuditLogScreen from '../screens/audit-log';
import BackofficeAuditLogScreen from '../screens/backoffice-audit-log';
import { expectToast } from '@/testing/toast';

vi.mock('@/lib/download', () => ({ downloadFile: vi.fn() }));

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const juliana = makeTestToken({ uid: 'demo-leitura-juliana', email: 'juliana.nakamura@oliveira.exemplo.com.br' });
const carlos = makeTestToken({ uid: 'demo-tecnico-carlos', email: 'carlos.prado@oliveira.exemplo.com.br' });
const rafael = makeTestToken({ uid: 'demo-admin-rafael', email: 'admin@example.com', admin: true });

beforeAll(() => preloadToasts());
beforeEach(() => {
  testFaults.set(null);
  vi.mocked(downloadFile).mockClear();
});

function renderAudit(token = maria, search = '') {
  setTokenProvider(() => Promise.resolve(token));
  return renderRoutes(
    [
      {
        path: portalPaths.audit,
        element: (
          <>
            <AuditLogScreen />
            <Toaster />
          </>
        ),
      },
    ],
    { path: `${portalPaths.audit}${search}` },
  );
}

const table = () => screen.getByRole('table', { name: 'Registro de auditoria' });

describe('Registro de auditoria', { timeout: 20_000 }, () => {
  it("shows the account's entries: who, what, the target, the address and the fields before → after", async () => {
    renderAudit();
    expect(await screen.findByRole('heading', { name: 'Registro de auditoria', level: 1 })).toBeInTheDocument();
    const policy = await within(await screen.findByRole('table', { name: 'Registro de auditoria' })).findByText('Política de acesso remoto alterada');
    const row = policy.closest('tr') as HTMLElement;
    expect(within(row).getByText('Maria Oliveira Santos')).toBeVisible();
    expect(within(row).getByText('Acesso remoto')).toBeVisible();
    expect(within(row).getByText('203.0.113.24')).toBeVisible();
    expect(row).toHaveTextContent('Duração máxima (horas): 8 → 24');
    // Newest first: the policy (2 h ago) above the role change (26 h ago).
    const kinds = within(table()).getAllByRole('row').slice(1).map((line) => line.textContent ?? '');
    expect(kinds[0]).toContain('Política de acesso remoto alterada');
    expect(kinds[1]).toContain('Perfil alterado');
    expect(kinds[1]).toContain('Perfil: Leitura → Técnico');
    expect(screen.getByText('7 registros')).toBeInTheDocument();
  });

  it('filters by person, kind and period in the URL; says when nothing matches', async () => {
    const user = userEvent.setup();
    const { router } = renderAudit();
    await within(await screen.findByRole('table', { name: 'Registro de auditoria' })).findByText('Política de acesso remoto alterada');

    await user.click(screen.getByRole('combobox', { name: 'Pessoa' }));
    await user.click(await screen.findByRole('option', { name: 'Carlos Henrique Prado' }));
    await waitFor(() => expect(router.state.location.search).toContain('person=demo-tecnico-carlos'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(within(table()).getByText('Rede da máquina alterada')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Pessoa' }));
    await user.click(await screen.findByRole('option', { name: 'Todas as pessoas' }));
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Convite enviado' }));
    await waitFor(() => expect(router.state.location.search).toContain('kind=team.invite'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));

    await user.click(screen.getByRole('combobox', { name: 'Período' }));
    await user.click(await screen.findByRole('option', { name: 'Últimas 24 horas' }));
    await waitFor(() => expect(router.state.location.search).toContain('days=1'));
    expect(await screen.findByText('Nenhum registro com estes filtros')).toBeVisible();
  });

  it('"Personalizado": the days "De" and "Até" in the URL (in place of the days); "Até" before "De" is refused, nothing asked', async () => {
    const user = userEvent.setup();
    const { router } = renderAudit(maria, '?days=30');
    await within(await screen.findByRole('table', { name: 'Registro de auditoria' })).findByText('Política de acesso remoto alterada');
    expect(screen.queryByLabelText('De')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Período' }));
    await user.click(await screen.findByRole('option', { name: 'Personalizado' }));
    const from = screen.getByLabelText('De');
    const to = screen.getByLabelText('Até');
    expect(from).toHaveAttribute('type', 'date');
    // Nothing asked until "Aplicar".
    expect(router.state.location.search).toBe('?days=30');

    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe a data "De", a data "Até" ou as duas.');

    await user.type(from, '2020-03-10');
    await user.type(to, '2020-03-01');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A data "Até" não pode ser anterior à data "De".');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('?days=30');

    await user.clear(to);
    await user.type(to, '2020-03-31');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2020-03-10&to=2020-03-31'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText('Nenhum registro com estes filtros')).toBeVisible();

    // Only "De": from that day on — every seeded entry.
    await user.clear(screen.getByLabelText('Até'));
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2020-03-10'));
    expect(await screen.findByText('7 registros')).toBeVisible();

    // A choice of days again drops the range.
    await user.click(screen.getByRole('combobox', { name: 'Período' }));
    await user.click(await screen.findByRole('option', { name: 'Últimos 7 dias' }));
    await waitFor(() => expect(router.state.location.search).toBe('?days=7'));
    expect(screen.queryByLabelText('De')).not.toBeInTheDocument();
  });

  it('a range in the URL (a link, a reload) shows "Personalizado" with its days', async () => {
    renderAudit(maria, '?from=2099-01-01&to=2099-12-31');
    expect(await screen.findByText('Nenhum registro com estes filtros')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Período' })).toHaveTextContent('Personalizado');
    expect(screen.getByLabelText('De')).toHaveValue('2099-01-01');
    expect(screen.getByLabelText('Até')).toHaveValue('2099-12-31');
  });

  it('"Exportar CSV": every entry matching the filters, `;`, pt-BR dates, BOM', async () => {
    const user = userEvent.setup();
    renderAudit(maria, '?kind=machine.services');
    await within(await screen.findByRole('table', { name: 'Registro de auditoria' })).findByText('Serviços da máquina alterados');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    const [name, content] = vi.mocked(downloadFile).mock.calls[0] ?? [];
    expect(name).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(String(content).startsWith('\uFEFF')).toBe(true);
    const lines = String(content).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Data;Pessoa;E-mail;Ação;Alvo;Endereço IP;Detalhes');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Maria Oliveira Santos;cliente@example\.com;Serviços da máquina alterados;/);
    expect(lines[1]).toContain(';192.0.2.15;Serviços: ');
    await expectToast('1 registro exportado.');
  });

  it('an account without entries says so; a change made then appears, with who and its address', async () => {
    await testSql('DELETE FROM audit_log');
    const { unmount } = renderAudit();
    expect(await screen.findByText('Nenhum registro ainda')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
    unmount();
    const policy = await json<{ version: number }>(await call('/remote-access/policy', { token: maria }));
    const changed = await call('/remote-access/policy', {
      token: maria,
      method: 'PUT',
      json: { requireApproval: true, maxDurationHours: 4 },
      headers: { 'If-Match': String(policy.version), 'CF-Connecting-IP': '198.51.100.44' },
    });
    expect(changed.status).toBe(200);
    renderAudit();
    const cell = await within(await screen.findByRole('table', { name: 'Registro de auditoria' })).findByText('198.51.100.44');
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('Política de acesso remoto alterada')).toBeVisible();
    expect(row).toHaveTextContent('Exigir aprovação de um Administrador: Não → Sim');
  });

  it('could not load: says so', async () => {
    testFaults.set({ mode: '500', match: '/audit-log' });
    renderAudit();
    expect(await screen.findByText('Não foi possível carregar o registro de auditoria.')).toBeVisible();
  });

  it('Leitura reads it; a Técnico is told why', async () => {
    const { unmount } = renderAudit(juliana);
    await within(await screen.findByRole('table', { name: 'Registro de auditoria' })).findByText('Política de acesso remoto alterada');
    unmount();
    renderAudit(carlos);
    expect(await screen.findByText('Sem permissão')).toBeVisible();
    expect(screen.getByText(`${AUDIT_FORBIDDEN_MESSAGE} Fale com um Administrador da sua empresa.`)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('Auditoria (back office)', { timeout: 20_000 }, () => {
  it("lists every account's entries with the account's name, filtered by account", async () => {
    await testSql(
      `INSERT INTO audit_log (owner_uid, actor_uid, actor_name, actor_email, ip, kind, target_kind, target_id, target_label, before_json, after_json, created_at)
       VALUES ('demo-montadora-serra', 'demo-montadora-serra', 'João Pereira Costa', 'joao@serra-equipamentos.exemplo.com.br', '198.51.100.200',
         'gateway.update', 'gateway', 'device-x', 'Gateway Serra', '{"name":"Antigo"}', '{"name":"Gateway Serra"}', ?)`,
      [Date.now() - 60_000],
    );
    setTokenProvider(() => Promise.resolve(rafael));
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: backofficePaths.auditLog, element: <BackofficeAuditLogScreen /> }], { path: backofficePaths.auditLog });
    expect(await screen.findByRole('heading', { name: 'Auditoria', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('table', { name: 'Auditoria' });
    // The target's name (also in its details, after the arrow).
    const [target] = await within(list).findAllByText('Gateway Serra');
    const serra = target?.closest('tr') as HTMLElement;
    // The account (its company's name) and who made the change.
    expect(within(serra).getAllByText('João Pereira Costa')).toHaveLength(2);
    expect(serra).toHaveTextContent('Nome: Antigo → Gateway Serra');
    expect(screen.getByText('8 registros')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Conta' }));
    await user.click(await screen.findByRole('option', { name: 'João Pereira Costa' }));
    await waitFor(() => expect(router.state.location.search).toContain('account=demo-montadora-serra'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Auditoria' })).getAllByRole('row')).toHaveLength(2));
  });

  it('"Período" → "Personalizado": the days "De" and "Até" kept in the URL with the other filters', async () => {
    setTokenProvider(() => Promise.resolve(rafael));
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: backofficePaths.auditLog, element: <BackofficeAuditLogScreen /> }], {
      path: `${backofficePaths.auditLog}?account=demo-montadora-serra`,
    });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Auditoria' })).getAllByRole('row').length).toBeGreaterThan(1));
    await user.click(screen.getByRole('combobox', { name: 'Período' }));
    await user.click(await screen.findByRole('option', { name: 'Personalizado' }));
    await user.type(screen.getByLabelText('De'), '2020-01-01');
    await user.type(screen.getByLabelText('Até'), '2020-01-31');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?account=demo-montadora-serra&from=2020-01-01&to=2020-01-31'));
    expect(await screen.findByText('Nenhum registro com estes filtros')).toBeVisible();
  });
});

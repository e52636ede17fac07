/**
 * Configurações → "Privacidade e dados" against the unit tests' API: the export saves the server's ZIP (dados.json
 * and CSVs) under ponte-iiot-dados-<aaaa-mm-dd>.zip, once while it runs; "Excluir conta" says what happens, keeps
 * its button disabled until the company's name is typed exactly, shows the server's refusal, asks for the password
 * when the sign-in is too old, and schedules the deletion ("Exclusão agendada para {data}", "Cancelar exclusão");
 * other roles see the actions locked with the reason.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DELETION_CONSEQUENCES,
  DELETION_GRACE_MS,
  DELETION_NAME_MISMATCH,
  deletionDay,
  FISCAL_RETENTION_YEARS,
  RECENT_SIGN_IN_CODE,
  RECENT_SIGN_IN_MESSAGE,
} from '@/contracts/account-data';
import { privacyPolicy } from '@/app/areas/landing/legal/privacy-content';
import { termsOfUse } from '@/app/areas/landing/legal/terms-content';
import { unzipStore } from '@/contracts/format/zip';
import { setTokenProvider } from '@/lib/api/token';
import { downloadFile } from '@/lib/download';
import { DEMO_CUSTOMER_UID } from '@/seed/utils';
import { makeTestToken } from '@/testing/test-token';
import { storedAccountMail } from '@/testing/mail-data';
import { server, TEST_API_URL, testSql } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { REAUTH_PROMPT } from '../components/delete-account-dialog';
import { CANCEL_LOCKED, DELETE_LOCKED, EXPORT_LOCKED, PrivacySection } from '../components/privacy-section';
import type * as Reauth from '../reauthenticate';
import { reauthenticate } from '../reauthenticate';
import { expectToast } from '@/testing/toast';

vi.mock('@/lib/download', () => ({ downloadFile: vi.fn() }));
vi.mock('../reauthenticate', async (original) => ({
  ...(await original<typeof Reauth>()),
  reauthenticate: vi.fn(() => Promise.resolve()),
  reauthMethod: vi.fn(() => Promise.resolve('password')),
}));

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const carlos = makeTestToken({ uid: 'demo-tecnico-carlos', email: 'carlos@example.com' });

/** The company's name as the seed has it (read before each test). */
let company = '';
const companyName = () => company;

/** The subjects of the e-mails the demo "sent" for Maria's account (the demo mailbox). */
const mailSubjects = async () => (await storedAccountMail(maria)).map((mail) => mail.subject);

function renderSection(token = maria) {
  setTokenProvider(() => Promise.resolve(token));
  renderRoutes([{ path: '/', element: <PrivacySection /> }]);
}

beforeEach(async () => {
  vi.mocked(downloadFile).mockClear();
  const [row] = await testSql<{ name: string }>('SELECT name FROM assembler WHERE uid = ?', [DEMO_CUSTOMER_UID]);
  company = row?.name ?? '';
  expect(company).not.toBe('');
});

describe('Privacidade e dados', () => {
  it('says what the export holds and saves the server ZIP as ponte-iiot-dados-<day>.zip', async () => {
    const user = userEvent.setup();
    renderSection();
    const section = await screen.findByRole('region', { name: 'Privacidade e dados' });
    // The section first shows a placeholder while the profile's access loads.
    expect(await within(section).findByText(/dados\.json/)).toBeVisible();
    expect(section).toHaveTextContent(/pagamentos \(só os 4 últimos dígitos do cartão\)/);
    await user.click(within(section).getByRole('button', { name: 'Exportar meus dados' }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    const [name, blob] = vi.mocked(downloadFile).mock.calls[0] ?? [];
    expect(name).toMatch(/^ponte-iiot-dados-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipStore(new Uint8Array(await (blob as Blob).arrayBuffer()));
    expect(files.has('dados.json')).toBe(true);
    expect(files.has('clientes.csv')).toBe(true);
    const data = JSON.parse(new TextDecoder().decode(files.get('dados.json'))) as { clientes: unknown[] };
    expect(data.clientes.length).toBeGreaterThan(0);
    await expectToast(/^Arquivo ponte-iiot-dados-.*\.zip baixado\.$/, { timeout: 10_000 });
  });

  it('a second click while the archive is made does not ask again; a refusal is said', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(`${TEST_API_URL}/account/export`, async () => {
        calls += 1;
        await held;
        return HttpResponse.json({ error: { code: 'export-running', message: 'Uma exportação já está em andamento.' } }, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Exportar meus dados' }));
    const running = await screen.findByRole('button', { name: /Gerando o arquivo/ });
    expect(running).toBeDisabled();
    await user.click(running);
    release();
    await expectToast('Uma exportação já está em andamento.');
    expect(calls).toBe(1);
    expect(downloadFile).not.toHaveBeenCalled();
  });

  it('"Excluir conta": what happens first; wrong name keeps the button disabled; the server refusal is shown; the right name schedules it, "Cancelar exclusão" cancels it', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Excluir conta' }));
    const dialog = await screen.findByRole('alertdialog', { name: `Excluir a conta de ${companyName()}?` });
    for (const line of DELETION_CONSEQUENCES) expect(within(dialog).getByText(line)).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: 'Agendar exclusão' });
    const field = within(dialog).getByLabelText('Nome da empresa');
    expect(confirm).toBeDisabled();
    await user.type(field, companyName().toUpperCase());
    expect(confirm).toBeDisabled();

    // The server checks again (a name changed meanwhile, say): its message stays in the dialog.
    server.use(
      http.post(`${TEST_API_URL}/account/deletion`, () =>
        HttpResponse.json({ error: { code: 'validation', message: DELETION_NAME_MISMATCH, field: 'companyName' } }, { status: 400 }),
      ),
    );
    await user.clear(field);
    await user.paste(companyName());
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DELETION_NAME_MISMATCH);

    server.resetHandlers();
    await user.click(confirm);
    // The dialog closes once the server has scheduled it (the page behind it is hidden meanwhile).
    const section = await screen.findByRole('region', { name: 'Privacidade e dados' });
    const scheduled = await within(section).findByRole('status');
    const day = deletionDay(Date.now() + DELETION_GRACE_MS);
    expect(within(scheduled).getByText(`Exclusão agendada para ${day}`)).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Nothing is erased meanwhile; every Administrador is told (the demo mailbox).
    expect((await testSql('SELECT id FROM customer WHERE owner_uid = ?', [DEMO_CUSTOMER_UID])).length > 0).toBe(true);
    expect((await mailSubjects()).filter((subject) => subject === `Exclusão da conta de ${companyName()} agendada para ${day}`).length).toBeGreaterThan(0);

    await user.click(within(scheduled).getByRole('button', { name: 'Cancelar exclusão' }));
    await waitFor(() => expect(within(section).queryByText(/^Exclusão agendada para/)).toBeNull());
    expect(within(section).getByRole('button', { name: 'Excluir conta' })).toBeVisible();
    await waitFor(async () => expect((await mailSubjects()).includes(`Exclusão da conta de ${companyName()} cancelada`)).toBe(true));
  }, 20_000);

  it('a deletion with a stale sign-in: the dialog asks for the password, signs in again and asks once more', async () => {
    let asked = 0;
    server.use(
      http.post(
        `${TEST_API_URL}/account/deletion`,
        () => {
          asked += 1;
          return HttpResponse.json({ error: { code: RECENT_SIGN_IN_CODE, message: RECENT_SIGN_IN_MESSAGE } }, { status: 403 });
        },
        { once: true },
      ),
    );
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Excluir conta' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByLabelText('Nome da empresa'));
    await user.paste(companyName());
    await user.click(within(dialog).getByRole('button', { name: 'Agendar exclusão' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REAUTH_PROMPT);
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar senha e agendar' });
    expect(confirm).toBeDisabled();

    // A wrong password: said, nothing asked of the API.
    vi.mocked(reauthenticate).mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/wrong-password' }));
    await user.click(within(dialog).getByLabelText('Sua senha'));
    await user.paste('errada');
    await user.click(confirm);
    expect(await within(dialog).findByText('Senha incorreta.')).toBeVisible();
    expect(asked).toBe(1);

    await user.clear(within(dialog).getByLabelText('Sua senha'));
    await user.paste('demo1234');
    await user.click(confirm);
    expect(reauthenticate).toHaveBeenLastCalledWith('demo1234');
    // The dialog closes once the server has scheduled it (the page behind it is hidden meanwhile).
    const section = await screen.findByRole('region', { name: 'Privacidade e dados' });
    expect(await within(section).findByText(`Exclusão agendada para ${deletionDay(Date.now() + DELETION_GRACE_MS)}`)).toBeVisible();
  }, 20_000);

  it('a Técnico sees both locked with the reason, and a scheduled deletion without "Cancelar exclusão"', async () => {
    renderSection(carlos);
    expect(await screen.findByText(new RegExp(EXPORT_LOCKED))).toBeVisible();
    expect(screen.getByText(new RegExp(DELETE_LOCKED))).toHaveTextContent('Seu perfil: Técnico.');
    expect(screen.queryByRole('button', { name: 'Exportar meus dados' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir conta' })).toBeNull();
  });

  it('a scheduled deletion is shown to a Técnico, who cannot cancel it', async () => {
    const eraseAt = new Date(Date.UTC(2026, 11, 13, 15, 0));
    // Maria scheduled it (the row her request writes).
    await testSql(
      'INSERT INTO account_deletion_request (owner_uid, requested_by_uid, requested_by_name, requested_at, erase_at) VALUES (?, ?, ?, ?, ?)',
      [DEMO_CUSTOMER_UID, DEMO_CUSTOMER_UID, 'Maria', Date.now(), eraseAt.getTime()],
    );
    renderSection(carlos);
    const scheduled = await screen.findByRole('status');
    expect(within(scheduled).getByText('Exclusão agendada para 13/12/2026')).toBeVisible();
    expect(scheduled).toHaveTextContent(CANCEL_LOCKED);
    expect(within(scheduled).queryByRole('button', { name: 'Cancelar exclusão' })).toBeNull();
  });

  it('agrees with the Política de Privacidade and the Termos de Uso (retention, where the rights are exercised)', () => {
    const text = (document: ReturnType<typeof privacyPolicy>) => document.sections.flatMap((section) => section.paragraphs).join('\n');
    const policy = text(privacyPolicy('privacidade@exemplo.com.br'));
    expect(policy).toContain(`guarda fiscal (${FISCAL_RETENTION_YEARS} anos), com os campos pessoais anonimizados`);
    expect(policy).toContain('Configurações → Privacidade e dados');
    expect(policy).toContain('6 meses, como pede o Marco Civil da Internet; depois da exclusão da conta, sem nome nem e-mail');
    expect(DELETION_CONSEQUENCES.join(' ')).toContain('6 meses, como pede o Marco Civil da Internet');
    expect(text(termsOfUse('privacidade@exemplo.com.br'))).toContain(`prazo fiscal (${FISCAL_RETENTION_YEARS} anos)`);
  });
});

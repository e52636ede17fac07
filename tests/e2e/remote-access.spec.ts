/**
 * Remote access (issue 25), as a new user tries it against the Workers: the demo builder opens a machine with a
 * gateway and a LAN, "Conectar" for one hour with a reason, downloads the WireGuard profile made in the page
 * (AllowedIPs = the machine's tunnel subnet, never 0.0.0.0/0; WireGuard keys), sees the session in Acesso Remoto → Ativos
 * (the demo node reports a handshake), ends it, and finds every step in Histórico. axe on each new state.
 */
import { AREAS, trackErrors, CUSTOMER, downloadConfiguration, expect, expectAccessible, signIn, test } from './support';

const PORTAL = AREAS.portal.byHost;
/** A demo machine with an online gateway, a LAN and services (src/seed: RT-6 #01). */
const MACHINE_ID = 'machine-1003';
const WIREGUARD_KEY = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;

test.describe('Acesso remoto', () => {
  test('Conectar → perfil WireGuard → Ativos → Encerrar → Histórico', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = trackErrors(page);
    await signIn(page, PORTAL, CUSTOMER);

    await page.goto(`${PORTAL}/machines/${MACHINE_ID}`);
    const section = page.getByRole('region', { name: 'Acesso remoto' });
    await expect(section).toBeVisible();
    const machineName = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
    // The machine's tunnel subnet ("Endereço pelo túnel"): the profile reaches it, and the gateway maps it onto the LAN.
    const tunnel = ((await section.locator('.font-mono').first().textContent()) ?? '').trim();
    expect(tunnel).toMatch(/^10\.\d+\.\d+\.\d+\/\d+$/);
    await expectAccessible(page, 'máquina: acesso remoto');

    await section.getByRole('button', { name: 'Conectar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conectar à máquina' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Serviços' }).getByRole('checkbox').first()).toBeChecked();
    await expectAccessible(page, 'conectar: formulário');

    await dialog.getByLabel('Motivo').fill('Ajuste de receita no CLP');
    await dialog.getByLabel('Duração').selectOption({ label: '1 hora' });
    await dialog.getByRole('button', { name: 'Gerar acesso' }).click();
    await expect(dialog.getByText(/^Acesso liberado até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(dialog.getByRole('img', { name: /QR code do perfil WireGuard/ })).toBeVisible();
    await expectAccessible(page, 'conectar: perfil pronto');

    const profile = await downloadConfiguration(page, () => dialog.getByRole('button', { name: 'Baixar perfil WireGuard' }).click());
    expect(profile.name).toMatch(/\.conf$/);
    expect(profile.content).toContain('[Interface]');
    expect(profile.content).toContain(`AllowedIPs = ${tunnel}\n`);
    expect(profile.content).not.toContain('0.0.0.0/0');
    expect(profile.content).toMatch(/^Endpoint = [^:\s]+:51820$/m);
    expect(/^PrivateKey = (.+)$/m.exec(profile.content)?.[1]).toMatch(WIREGUARD_KEY);
    expect(/^PublicKey = (.+)$/m.exec(profile.content)?.[1]).toMatch(WIREGUARD_KEY);
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await expect(dialog).toBeHidden();

    // "Ver acessos": this machine's sessions in Acesso Remoto.
    await section.getByRole('link', { name: 'Ver acessos' }).click();
    await expect(page).toHaveURL(new RegExp(`/remote-access\\?machine=${MACHINE_ID}$`));
    await expect(page.getByRole('heading', { name: 'Acesso Remoto', level: 1 })).toBeVisible();
    const active = page.getByRole('table', { name: 'Acessos ativos' });
    const row = active.locator('tbody tr').filter({ hasText: machineName });
    await expect(row).toHaveCount(1);
    await expectAccessible(page, 'acesso remoto: ativos');

    // The demo's node reports a handshake a few seconds after the profile is issued.
    await expect(async () => {
      await page.reload();
      await expect(row).toHaveCount(1);
      await expect(row).not.toContainText('Ainda não conectou', { timeout: 1_000 });
    }).toPass({ timeout: 30_000, intervals: [2_000] });

    await row.getByRole('button', { name: /^Encerrar/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Encerrar acesso?' });
    await expectAccessible(page, 'acesso remoto: encerrar');
    await confirm.getByRole('button', { name: 'Encerrar' }).click();
    await expect(page.getByText('Nenhum acesso ativo')).toBeVisible();

    await page.getByRole('tab', { name: 'Histórico' }).click();
    const history = page.getByRole('table', { name: 'Histórico de acesso remoto' });
    for (const kind of ['Solicitado', 'Aprovado', 'Perfil baixado', 'Conectado', 'Encerrado']) {
      await expect(history.getByText(kind, { exact: true })).toHaveCount(1);
    }
    await expect(history).toContainText('Ajuste de receita no CLP');
    await expectAccessible(page, 'acesso remoto: histórico');
    expect(errors).toEqual([]);
  });
});

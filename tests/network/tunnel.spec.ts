/**
 * Issue 34, item 7: real WireGuard packets through the lab (scripts/lab; its README lists the cases). The builder's
 * portal makes the profile ("Conectar" → HTTP only → "Gerar acesso"), the engineer namespace brings it up, and the
 * PLCs answer — or not — through the hub. The cases share the lab and run in order (d ends the first session).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import accounts from '../../src/config/demo-accounts.json' with { type: 'json' };
import { emulatorToken } from '../../scripts/lib/workers.mjs';
import {
  API,
  curl,
  ENG_NS,
  grantByApi,
  lab,
  labState,
  PLC_ADDRESS,
  pollFor,
  PORTAL,
  startGatewayTraffic,
  startProbe,
  tcpConnects,
  tunnelAddress,
  vpnWorker,
  wgGenkey,
  type LabMachine,
} from './lab';

test.describe.configure({ mode: 'serial' });

const builder = accounts.accounts.find((account) => !account.admin);
if (!builder) throw new Error('demo-accounts.json sem a conta do montador.');

let machineA: LabMachine;
let machineB: LabMachine;
let profileFile = '';
let profileText = '';
let sessionId = '';
let page: Page;

const pageOf = (machine: LabMachine) => `CLP — ${machine.name}`;

async function signIn(target: Page): Promise<void> {
  await target.goto(`${PORTAL}/login`);
  await target.getByLabel('E-mail').fill(builder?.email ?? '');
  await target.getByLabel('Senha', { exact: true }).fill(builder?.password ?? '');
  await target.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(target.getByRole('button', { name: 'Alternar menu lateral' })).toBeVisible();
}

async function apiCall(path: string, token: string, method = 'GET', body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

test.beforeAll(async ({ browser }) => {
  const state = labState();
  const [a, b] = state.machines;
  if (!a || !b) throw new Error('o laboratório não tem as duas máquinas (npm run lab -- up).');
  machineA = a;
  machineB = b;
  page = await browser.newPage();
});
test.afterAll(async () => {
  await page.close();
});

test('a. Conectar (só HTTP) → Gerar acesso → o perfil baixado alcança a página do CLP A pelo túnel', async () => {
  await signIn(page);
  await page.goto(`${PORTAL}/machines/${machineA.id}`);
  const section = page.getByRole('region', { name: 'Acesso remoto' });
  await section.getByRole('button', { name: 'Conectar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conectar à máquina' });
  await dialog.getByLabel('Motivo').fill('Teste de rede do laboratório');
  // The test's hour is short (REMOTE_ACCESS_HOUR_MS): "24 horas" outlasts every case that uses this session.
  await dialog.getByLabel('Duração').selectOption({ label: '24 horas' });
  const services = dialog.getByRole('group', { name: 'Serviços' }).getByRole('checkbox');
  const count = await services.count();
  for (let i = 0; i < count; i += 1) {
    const box = services.nth(i);
    const label = (await dialog.locator(`label[for="${await box.getAttribute('id')}"]`).textContent()) ?? '';
    if (/porta 80\)/.test(label)) await box.check();
    else await box.uncheck();
  }
  await dialog.getByRole('button', { name: 'Gerar acesso' }).click();
  await expect(dialog.getByText(/^Acesso liberado até/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Baixar perfil WireGuard' }).click(),
  ]);
  profileFile = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(profileFile);
  profileText = await readFile(profileFile, 'utf8');
  expect(profileText).toContain(`AllowedIPs = ${machineA.tunnelSubnet}`);

  const sessions = await apiCall(`/remote-access/session?status=active&machine=${machineA.id}`, emulatorToken(builder.localId, builder.email));
  const first = (sessions.json as { data: Array<{ id: string }> }).data[0];
  expect(first, 'sessão ativa da máquina A').toBeTruthy();
  sessionId = first?.id ?? '';

  lab('engineer', profileFile);
  const url = `http://${tunnelAddress(machineA)}/`;
  const body = await pollFor(() => curl(ENG_NS, url, 1));
  expect(body, `curl ${url} no namespace do engenheiro`).toContain(pageOf(machineA));
});

test('b. com o perfil de A, o 192.168.0.10 idêntico da fábrica B não é alcançado', async () => {
  // B's PLC is up (seen from its own gateway) …
  expect(curl(machineB.ns, `http://${PLC_ADDRESS}/`)).toContain(pageOf(machineB));
  // … and A's is reached through the tunnel, but B's tunnel address is not.
  expect(curl(ENG_NS, `http://${tunnelAddress(machineA)}/`)).toContain(pageOf(machineA));
  expect(curl(ENG_NS, `http://${tunnelAddress(machineB)}/`, 2)).toBeNull();
  expect(curl(ENG_NS, `http://${PLC_ADDRESS}/`, 1)).toBeNull();
});

test('c. a porta 502 (Modbus, não escolhida) de A é recusada', async () => {
  expect(tcpConnects(machineA.ns, PLC_ADDRESS, 502), 'Modbus do CLP A visto do gateway A').toBe(true);
  expect(tcpConnects(ENG_NS, tunnelAddress(machineA), 502, 1500)).toBe(false);
});

test('e. outro montador e um membro Leitura não obtêm perfil; uma chave nunca concedida não passa', async () => {
  const other = emulatorToken('demo-montadora-serra', 'joao@serra-equipamentos.exemplo.com.br');
  const reader = emulatorToken('demo-leitura-juliana', 'juliana.nakamura@oliveira.exemplo.com.br');
  const publicKey = 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=';
  const request = { reason: 'Tentativa', durationHours: 1, services: [80] };
  expect((await apiCall(`/machine/${machineA.id}/remote-access`, other, 'POST', request)).status).toBe(404);
  expect((await apiCall(`/remote-access/session/${sessionId}/profile`, other, 'POST', { publicKey })).status).toBe(404);
  expect((await apiCall(`/machine/${machineA.id}/remote-access`, reader, 'POST', request)).status).toBe(403);
  expect((await apiCall(`/remote-access/session/${sessionId}/profile`, reader, 'POST', { publicKey })).status).toBe(403);

  // The same profile with a key the API never granted: the hub drops it.
  const forged = profileText.replace(/^PrivateKey = .+$/m, `PrivateKey = ${wgGenkey()}`);
  const forgedFile = test.info().outputPath('nunca-concedido.conf');
  await writeFile(forgedFile, forged, { mode: 0o600 });
  lab('engineer', forgedFile);
  expect(curl(ENG_NS, `http://${tunnelAddress(machineA)}/`, 3)).toBeNull();
  // The granted profile again.
  lab('engineer', profileFile);
  expect(await pollFor(() => curl(ENG_NS, `http://${tunnelAddress(machineA)}/`, 1))).toContain(pageOf(machineA));
});

test('f. com a API VPN parada, a sessão ativa continua funcionando', async () => {
  await vpnWorker('stop');
  try {
    // Ten requests, 500 ms apart (the hub polls every 500 ms: it sees the API gone several times meanwhile).
    for (let i = 0; i < 10; i += 1) {
      expect(curl(ENG_NS, `http://${tunnelAddress(machineA)}/`, 2), `pedido ${i + 1} com a API parada`).toContain(pageOf(machineA));
      await new Promise((done) => setTimeout(done, 500));
    }
  } finally {
    await vpnWorker('start');
  }
});

test('d. "Encerrar" corta uma conexão TCP aberta e as novas em até 10 s', async () => {
  const probe = startProbe(tunnelAddress(machineA), 80);
  try {
    expect(await pollFor(() => probe.events.filter((event) => event.reply).length >= 3), 'respostas pela conexão aberta').toBe(true);
    await page.goto(`${PORTAL}/remote-access`);
    const active = page.getByRole('table', { name: 'Acessos ativos' });
    const row = active.locator('tbody tr').filter({ hasText: machineA.name });
    await row.getByRole('button', { name: /^Encerrar/ }).click();
    await page.getByRole('alertdialog', { name: 'Encerrar acesso?' }).getByRole('button', { name: 'Encerrar' }).click();
    const endedAt = Date.now();
    await expect(page.getByText('Nenhum acesso ativo')).toBeVisible();
    // Cut: the connection closes, or no answer for 1 s — within 10 s of "Encerrar".
    const cut = await pollFor(() => {
      const closed = probe.events.find((event) => event.closed && event.at >= endedAt);
      if (closed) return closed.at;
      const last = probe.events.filter((event) => event.reply).at(-1)?.at ?? 0;
      return Date.now() - Math.max(last, endedAt) > 1000 ? Math.max(last, endedAt) : null;
    }, 10_000);
    expect(cut, 'conexão aberta cortada').not.toBeNull();
    console.log(`[d] corte ${(cut ?? 0) - endedAt} ms após "Encerrar"`);
    expect(curl(ENG_NS, `http://${tunnelAddress(machineA)}/`, 2), 'conexão nova após "Encerrar"').toBeNull();
  } finally {
    probe.stop();
  }
});

/**
 * A "1 hora" window of the test's short hour (REMOTE_ACCESS_HOUR_MS, test-backend.mjs) ends within the test: its open
 * connection and new ones are cut at its end by the hub's own clock — with the VPN API up, or stopped first.
 */
async function expiringWindow(label: string, apiStopped: boolean) {
  if (!builder) throw new Error('demo-accounts.json sem a conta do montador.');
  const token = emulatorToken(builder.localId, builder.email);
  const { sessionId: expiring, conf, windowEnd } = await grantByApi(API, token, machineA.id, [80], 1);
  const file = test.info().outputPath(`janela-curta-${label}.conf`);
  await writeFile(file, conf, { mode: 0o600 });
  lab('engineer', file);
  const url = `http://${tunnelAddress(machineA)}/`;
  expect(await pollFor(() => curl(ENG_NS, url, 1)), 'nova sessão no ar').toContain(pageOf(machineA));
  // The session answers through the hub: the hub holds the state with its end (and keeps it if the API stops).
  const probe = startProbe(tunnelAddress(machineA), 80);
  if (apiStopped) await vpnWorker('stop');
  try {
    expect(await pollFor(() => probe.events.filter((event) => event.reply).length >= 3), 'conexão aberta antes do fim').toBe(true);
    expect(Date.now(), 'ainda dentro da janela').toBeLessThan(windowEnd);
    // Cut within 5 s of the window's end: the open connection and new ones.
    const cut = await pollFor(() => {
      const closed = probe.events.find((event) => event.closed);
      if (closed) return closed.at;
      const last = probe.events.filter((event) => event.reply).at(-1)?.at ?? 0;
      return Date.now() - last > 1000 ? last : null;
    }, windowEnd - Date.now() + 5_000);
    expect(cut, 'conexão cortada no fim da janela').not.toBeNull();
    expect(cut ?? 0, 'não antes do fim da janela').toBeGreaterThanOrEqual(windowEnd - 1000);
    console.log(`[${label}] corte ${(cut ?? 0) - windowEnd} ms após o fim da janela${apiStopped ? ', com a API parada' : ''}`);
    expect(curl(ENG_NS, url, 2), 'conexão nova após o fim').toBeNull();
    // The API says so too: the session has expired.
    const session = await apiCall(`/remote-access/session/${expiring}`, token);
    expect((session.json as { status: string }).status).toBe('expired');
  } finally {
    probe.stop();
    if (apiStopped) await vpnWorker('start');
  }
}

test('h. uma janela que expira (API no ar) corta a conexão aberta e as novas no horário, e a sessão fica expirada', async () => {
  await expiringWindow('h', false);
});

test('f. com a API VPN parada, uma sessão que expira termina no horário (pelo relógio do hub)', async () => {
  await expiringWindow('f', true);
});

test('g. um gateway cujo enlace cai fica offline, alerta "Gateway offline" no portal e por e-mail, e volta a online', async () => {
  // A short online window (15 s) for this case only: the VPN Worker restarted with it.
  await vpnWorker('stop');
  await vpnWorker('start', 15_000);
  const token = emulatorToken(builder.localId, builder.email);
  const gateway = async () => (await apiCall(`/device/${machineB.deviceId}`, token)).json as { status: string; name: string };
  const status = async () => (await gateway()).status;
  // The alerts' cursor past every transition so far (the minute's evaluation, run now as the cron would).
  expect((await apiCall('/demo/alerts/evaluate', token, 'POST', {})).status).toBe(200);
  // The gateway keeps sending through its tunnel (as one with PLC traffic would). WireGuard renews a handshake only
  // every 2 min on a working link; with 15 s of data sent and nothing back it starts a new one and retries it every
  // 5 s — so after the link has been down that long, the gateway reconnects within ~5 s of the link coming back.
  lab('link', 'gwb', 'down');
  const downAt = Date.now();
  const traffic = startGatewayTraffic(machineB.ns);
  try {
    expect(await pollFor(async () => (await status()) === 'offline', 45_000, 500), 'gateway B offline').toBe(true);
    // Issue 37: the hub's report made the transition; the evaluation the cron would run 5 minutes on (the demo's
    // seeded rule: "Gateway offline" after 5 minutes, to the Administrador in the portal and by e-mail) alerts it.
    const { name } = await gateway();
    const evaluation = (await apiCall('/demo/alerts/evaluate', token, 'POST', { minutesLater: 5 })).json as { offline: number };
    expect(evaluation.offline, 'contas alertadas').toBeGreaterThanOrEqual(1);
    const bell = (await apiCall('/notification', token)).json as { data: Array<{ event: string; title: string; message: string }> };
    expect(bell.data.filter((item) => item.event === 'gateway-offline' && `${item.title} ${item.message}`.includes(name)), 'no sino').not.toEqual([]);
    // The e-mail leaves through the queue: the demo's consumer delivers it to the demo mailbox.
    const mailed = async () => {
      const mailbox = (await apiCall('/demo/mailbox', token)).json as Array<{ to: string; subject: string; text: string }>;
      return mailbox.some((mail) => mail.to === builder.email && mail.subject.includes('Gateway offline') && `${mail.subject} ${mail.text}`.includes(name));
    };
    expect(await pollFor(mailed, 30_000, 500), 'por e-mail').toBe(true);
    // WireGuard's own timer (15 s without an answer, then a handshake attempt): a protocol constant, not a guess.
    await pollFor(() => Date.now() - downAt > 17_000, 20_000, 500);
    lab('link', 'gwb', 'up');
    expect(await pollFor(async () => (await status()) === 'online', 30_000, 500), 'gateway B online de novo').toBe(true);
  } finally {
    traffic.kill('SIGTERM');
    lab('link', 'gwb', 'up');
  }
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_UID } from '@/seed';
import { setTokenProvider } from '@/lib/api/token';
import { testFaults, testSql, TEST_NOW } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { makeTestToken } from '@/testing/test-token';
import MailListScreen from '../screens/mail-list';

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true })));
});

async function seedMailRows() {
  const later = TEST_NOW + 86_400_000;
  await testSql(
    `INSERT INTO mail (id, owner_uid, to_address, subject, text, link, sent_at, kind, status, attempts, last_error) VALUES
      ('mail-t1', 'o', 'fila@fabrica.com.br', 'Gateway offline', 't', '', ?, 'alerta', 'na-fila', 3, 'provedor respondeu 503'),
      ('mail-t2', 'o', 'recusado@fabrica.com.br', 'Convite', 't', '', ?, 'convite', 'falhou', 1, 'provedor recusou (422)')`,
    [later + 2, later + 1],
  );
}

describe('Back office → E-mails', { timeout: 30_000 }, () => {
  it('lists every e-mail newest first with its situation and why it waits or failed; filters by situation', async () => {
    const user = userEvent.setup();
    await seedMailRows();
    renderRoutes([{ path: '/', element: <MailListScreen /> }]);
    expect(screen.getByRole('heading', { name: 'E-mails', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'E-mails' });
    const queued = (await within(table).findByText('fila@fabrica.com.br')).closest('tr');
    expect(queued).not.toBeNull();
    expect(within(queued as HTMLElement).getByText('Na fila')).toBeVisible();
    expect(within(queued as HTMLElement).getByText('3 tentativas · provedor respondeu 503')).toBeVisible();
    expect(within(queued as HTMLElement).getByText('Alerta')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Filtrar por situação' }));
    await user.click(await screen.findByRole('option', { name: 'Falhou' }));
    // The filtered page first (the unfiltered one lists this e-mail too, in a row the new page replaces).
    await screen.findByText('1 e-mail');
    expect(within(table).queryByText('fila@fabrica.com.br')).toBeNull();
    const failed = await within(table).findByText('recusado@fabrica.com.br');
    expect(within(failed.closest('tr') as HTMLElement).getByText('1 tentativa · provedor recusou (422)')).toBeVisible();
  });

  it('says so when the list cannot be loaded', async () => {
    testFaults.set({ mode: '500', match: '/backoffice/mail' });
    renderRoutes([{ path: '/', element: <MailListScreen /> }]);
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  });
});

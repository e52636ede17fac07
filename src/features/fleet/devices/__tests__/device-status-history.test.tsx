/**
 * The device page's status over time (issue 34): "Online desde" / "Offline desde" with the newest transition to the
 * current status, "Histórico de status" newest first, its empty state, and nothing of it for a never-connected
 * gateway.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { portalPaths, portalPatterns } from '@/config/paths';
import { setTokenProvider } from '@/lib/api/token';
import { DEMO_CUSTOMER_UID } from '@/seed';
import type { DeviceStatus } from '@/contracts/device';
import { storedDevice, arrangeDeviceStatusHistory, type DeviceRow } from '@/testing/fleet-data';
import { makeTestToken } from '@/testing/test-token';
import { renderRoutes } from '@/testing/render';
import DeviceDetailScreen from '../screens/device-detail';

const token = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(token));
});

/** Local times, so that the texts do not depend on the machine's time zone. */
const BACK_ONLINE = new Date(2026, 10, 20, 14, 5).getTime();
const WENT_OFFLINE = new Date(2026, 10, 20, 13, 40).getTime();
const FIRST_ONLINE = new Date(2026, 10, 17, 9, 0).getTime();

function seededDevice(status: DeviceStatus): Promise<DeviceRow> {
  return storedDevice('owner_uid = ? AND status = ?', [DEMO_CUSTOMER_UID, status]);
}

function renderDevice(id: string) {
  renderRoutes([{ path: portalPatterns.device, element: <DeviceDetailScreen /> }], { path: portalPaths.device(id) });
}

/** The `<dd>` under a `<dt>` of the page. */
async function valueOf(term: string) {
  const dt = await screen.findByText(term, { selector: 'dt' });
  const dd = dt.nextElementSibling;
  if (!(dd instanceof HTMLElement)) throw new Error(`sem valor para ${term}`);
  return dd;
}

describe('device page: status history', { timeout: 30_000 }, () => {
  it('an online gateway: "Online desde" the newest transition to online, and the history newest first', async () => {
    const device = await seededDevice('online');
    await arrangeDeviceStatusHistory(device, [
      { status: 'online', changedAt: BACK_ONLINE },
      { status: 'offline', changedAt: WENT_OFFLINE },
      { status: 'online', changedAt: FIRST_ONLINE },
    ]);
    renderDevice(device.id);

    expect(await valueOf('Online desde')).toHaveTextContent('20/11/2026, 14:05');
    expect(screen.queryByText('Offline desde', { selector: 'dt' })).toBeNull();
    const list = await screen.findByRole('list', { name: 'Histórico de status' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Online20/11/2026, 14:05',
      'Offline20/11/2026, 13:40',
      'Online17/11/2026, 09:00',
    ]);
    expect(screen.queryByText('Nenhuma mudança de status registrada ainda.')).toBeNull();
  });

  it('an offline gateway: "Offline desde" its newest transition to offline', async () => {
    const device = await seededDevice('offline');
    await arrangeDeviceStatusHistory(device, [
      { status: 'offline', changedAt: WENT_OFFLINE },
      { status: 'online', changedAt: FIRST_ONLINE },
    ]);
    renderDevice(device.id);

    expect(await valueOf('Offline desde')).toHaveTextContent('20/11/2026, 13:40');
    expect(screen.queryByText('Online desde', { selector: 'dt' })).toBeNull();
    const list = await screen.findByRole('list', { name: 'Histórico de status' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('no transition recorded yet: the empty state, and no "desde"', async () => {
    const device = await seededDevice('online');
    await arrangeDeviceStatusHistory(device, []);
    renderDevice(device.id);

    const section = await screen.findByRole('region', { name: 'Histórico de status' });
    expect(within(section).getByText('Nenhuma mudança de status registrada ainda.')).toBeVisible();
    expect(within(section).queryByRole('list')).toBeNull();
    expect(screen.queryByText('Online desde', { selector: 'dt' })).toBeNull();
  });

  it('a never-connected gateway shows none of it', async () => {
    const device = await seededDevice('never-connected');
    renderDevice(device.id);

    expect(await screen.findByRole('heading', { level: 1, name: device.name })).toBeVisible();
    expect(await valueOf('Último contato')).toHaveTextContent('Nunca se conectou');
    expect(screen.queryByRole('region', { name: 'Histórico de status' })).toBeNull();
    expect(screen.queryByText('Online desde', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText('Offline desde', { selector: 'dt' })).toBeNull();
  });
});

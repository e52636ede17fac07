import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '@/app/store';
import { DEMO_ADMIN_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { mainApi } from '@/lib/api/main-api';
import { setTokenProvider } from '@/lib/api/token';
import { server, testFaults, TEST_API_URL } from '@/testing/msw-server';
import { backofficeVpnApi } from '../api';

const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true });

/** A main-API query providing 'vpn', as the back-office dashboard's VPN counts will. */
const probeApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    vpnCountsProbe: build.query<{ calls: number }, void>({ query: () => '/backoffice/vpn-counts-probe', providesTags: ['vpn'] }),
  }),
});

let calls = 0;

beforeEach(() => {
  calls = 0;
  setTokenProvider(() => Promise.resolve(admin));
  server.use(
    http.get(`${TEST_API_URL}/backoffice/vpn-counts-probe`, () => {
      calls += 1;
      return HttpResponse.json({ calls });
    }),
  );
});

const input = {
  name: 'Rodrigo Alves',
  email: 'rodrigo.alves@oliveira.exemplo.com.br',
  expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  machineIds: ['machine-1010'],
};

describe('VPN users refresh the main API’s VPN data (the two APIs share no tags)', () => {
  it('create, update, enable / disable and delete invalidate the main API tag "vpn" once they succeed', async () => {
    const store = createAppStore();
    const subscription = store.dispatch(probeApi.endpoints.vpnCountsProbe.initiate());
    await subscription;
    expect(calls).toBe(1);
    const endpoints = backofficeVpnApi.endpoints;

    const created = await store.dispatch(endpoints.createVpnUser.initiate({ input, idempotencyKey: 'k-1' })).unwrap();
    await waitFor(() => expect(calls).toBe(2));

    const updated = await store
      .dispatch(endpoints.updateVpnUser.initiate({ id: created.id, version: created.version, input: { ...input, name: 'Rodrigo A. Alves' } }))
      .unwrap();
    expect(updated.name).toBe('Rodrigo A. Alves');
    await waitFor(() => expect(calls).toBe(3));

    await store.dispatch(endpoints.setVpnUserEnabled.initiate({ id: created.id, enabled: false })).unwrap();
    await waitFor(() => expect(calls).toBe(4));
    await store.dispatch(endpoints.setVpnUserEnabled.initiate({ id: created.id, enabled: true })).unwrap();
    await waitFor(() => expect(calls).toBe(5));

    await store.dispatch(endpoints.deleteVpnUser.initiate(created.id)).unwrap();
    await waitFor(() => expect(calls).toBe(6));
    subscription.unsubscribe();
  });

  it('a refused change (400, 403, or the VPN backend down) leaves the main API alone', async () => {
    const store = createAppStore();
    const subscription = store.dispatch(probeApi.endpoints.vpnCountsProbe.initiate());
    await subscription;
    const endpoints = backofficeVpnApi.endpoints;

    const invalid = await store.dispatch(endpoints.createVpnUser.initiate({ input: { ...input, email: 'x@' }, idempotencyKey: 'k-2' }));
    expect('error' in invalid && invalid.error).toMatchObject({ status: 400 });

    const customer = makeTestToken({ uid: 'demo-cliente-maria', email: 'cliente@example.com' });
    setTokenProvider(() => Promise.resolve(customer));
    const forbidden = await store.dispatch(endpoints.deleteVpnUser.initiate('vpn-user-1001'));
    expect('error' in forbidden && forbidden.error).toMatchObject({ status: 403 });
    setTokenProvider(() => Promise.resolve(admin));

    testFaults.set({ mode: '500', match: '/vpn-user' });
    const down = await store.dispatch(endpoints.deleteVpnUser.initiate('vpn-user-1001'));
    expect('error' in down && down.error).toMatchObject({ status: 500 });
    testFaults.set(null);

    // The probe was never asked again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(1);
    subscription.unsubscribe();
  });

  it('the main API keeps answering while the VPN backend is down', async () => {
    const store = createAppStore();
    testFaults.set({ mode: 'offline', match: '/vpn-' });
    const users = await store.dispatch(backofficeVpnApi.endpoints.listVpnUsers.initiate({ page: 1, perPage: 20, q: '', sort: 'name', filters: {} }));
    expect(users.error).toMatchObject({ status: 'FETCH_ERROR' });
    const probe = await store.dispatch(probeApi.endpoints.vpnCountsProbe.initiate());
    expect(probe.data).toEqual({ calls: 1 });
  });
});

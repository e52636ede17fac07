import { describe, expect, it } from 'vitest';
import { FAULT_HEADER, FAULT_STORAGE_KEY, headerFaults, memoryFaults, storageFaults, takeFault } from '../fault-rules';
import { configFromUrl, workerUrl } from '../worker/protocol';

describe('injected faults between the page and the demo worker', () => {
  it('the page takes a matching fault and counts it down; other requests pass', () => {
    const source = memoryFaults();
    source.set({ mode: '500', match: '/customer', method: 'POST', remaining: 2 });
    expect(takeFault(source, 'GET', 'http://localhost:8787/customer')).toBeNull();
    expect(takeFault(source, 'POST', 'http://localhost:8787/machine')).toBeNull();
    expect(takeFault(source, 'post', 'http://localhost:8787/customer')).toBe('500');
    expect(source.get()).toMatchObject({ remaining: 1 });
    expect(takeFault(source, 'POST', 'http://localhost:8787/customer')).toBe('500');
    expect(source.get()).toBeNull();
    expect(takeFault(source, 'POST', 'http://localhost:8787/customer')).toBeNull();
  });

  it('a fault without a count stays; an unknown mode is ignored', () => {
    const source = memoryFaults();
    source.set({ mode: 'timeout' });
    expect(takeFault(source, 'GET', 'http://localhost:8788/vpn-user')).toBe('timeout');
    expect(takeFault(source, 'GET', 'http://localhost:8788/vpn-user')).toBe('timeout');
    source.set({ mode: 'explode' as never });
    expect(takeFault(source, 'GET', 'http://localhost:8788/vpn-user')).toBeNull();
  });

  it('reads the fault from localStorage (as the README sets it by hand) and clears it when spent', () => {
    const storage = new Map<string, string>();
    const source = storageFaults({
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    });
    storage.set(FAULT_STORAGE_KEY, '{"mode":"offline","match":"/me","remaining":1}');
    expect(takeFault(source, 'GET', 'http://localhost:8787/me')).toBe('offline');
    expect(storage.has(FAULT_STORAGE_KEY)).toBe(false);
    storage.set(FAULT_STORAGE_KEY, 'not json');
    expect(takeFault(source, 'GET', 'http://localhost:8787/me')).toBeNull();
  });

  it('the worker fails only the requests the page marked', () => {
    const faults = headerFaults();
    expect(faults.get(new Request('http://localhost:8787/me'))).toBeNull();
    expect(faults.get(new Request('http://localhost:8787/me', { headers: { [FAULT_HEADER]: 'malformed' } }))).toEqual({ mode: 'malformed' });
    expect(faults.get(new Request('http://localhost:8787/me', { headers: { [FAULT_HEADER]: 'other' } }))).toBeNull();
  });

  it('the worker reads its configuration back from its URL', () => {
    const config = { apiUrl: 'http://localhost:8787', vpnApiUrl: 'http://localhost:8788', projectId: 'demo-ponte', latencyMs: 120 };
    const url = workerUrl(config);
    expect(url.startsWith('/demo-sw.js?')).toBe(true);
    expect(configFromUrl(`http://localhost:4173${url}`)).toEqual(config);
    expect(configFromUrl('http://localhost:4173/demo-sw.js')).toEqual({ apiUrl: '', vpnApiUrl: '', projectId: 'demo-ponte', latencyMs: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { matchesFault, memoryFaults } from '../fault-rules';

describe('injected faults of the unit tests\' backend', () => {
  it('a fault matches by path fragment and, when given, by method (any case)', () => {
    const fault = { mode: '500' as const, match: '/customer', method: 'POST' };
    expect(matchesFault(fault, 'post', 'http://localhost:8787/customer')).toBe(true);
    expect(matchesFault(fault, 'GET', 'http://localhost:8787/customer')).toBe(false);
    expect(matchesFault(fault, 'POST', 'http://localhost:8787/machine')).toBe(false);
    // The fragment is looked for in the path only, never in the query.
    expect(matchesFault(fault, 'POST', 'http://localhost:8787/machine?q=/customer')).toBe(false);
    expect(matchesFault({ mode: 'timeout' }, 'DELETE', 'http://localhost:8788/vpn-user/1')).toBe(true);
  });

  it('the source keeps the fault until it is replaced or cleared', () => {
    const source = memoryFaults();
    expect(source.get()).toBeNull();
    source.set({ mode: 'offline', remaining: 2 });
    expect(source.get()).toEqual({ mode: 'offline', remaining: 2 });
    source.set(null);
    expect(source.get()).toBeNull();
  });
});

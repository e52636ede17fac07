/** The main Worker's route list: every module registered once, in its group. */
import { describe, expect, it } from 'vitest';
import { ROUTE_GROUPS } from './index';

describe('ROUTE_GROUPS', () => {
  it('names each group once and registers each module once', () => {
    const names = ROUTE_GROUPS.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    const modules = ROUTE_GROUPS.flatMap(([, group]) => group);
    expect(modules.length).toBeGreaterThan(0);
    expect(new Set(modules).size).toBe(modules.length);
    for (const [, group] of ROUTE_GROUPS) expect(group.length).toBeGreaterThan(0);
  });
});

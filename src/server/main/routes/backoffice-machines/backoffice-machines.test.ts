import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSeed } from '@/seed';
import { call } from '../../../testing/api';
import { seedWorld } from '../../../vpn/testing/seed-world';

const staff = { as: 'staff-rafael', admin: true };
interface Machine {
  id: string;
  name: string;
  serialNumber: string;
  ownerName: string;
}
interface Page {
  data: Machine[];
  meta: { page: number; perPage: number; total: number };
}

beforeEach(async () => {
  await seedWorld(buildSeed({ now: Date.now() }));
});

const list = async (query: string) => (await call<Page>('GET', `/backoffice/machine?${query}`, staff)).body;

describe('GET /backoffice/machine', () => {
  it('401 without a token, 403 for a customer', async () => {
    expect((await call('GET', '/backoffice/machine')).status).toBe(401);
    const refused = await call('GET', '/backoffice/machine', { as: 'demo-cliente-maria' });
    expect(refused).toMatchObject({ status: 403, body: { error: { message: 'Acesso restrito à equipe Ponte IIoT.' } } });
  });

  it('every builder’s machines for staff: searched by name, serial number or builder; sorted; paged', async () => {
    const page = await list('q=IH-450&perPage=100');
    expect(page.data.length).toBeGreaterThan(1);
    expect(page.data.every((machine) => machine.name.includes('IH-450'))).toBe(true);
    expect(page.data[0]).toEqual({ id: expect.any(String), name: expect.any(String), serialNumber: expect.any(String), ownerName: 'Maria Oliveira Santos' });
    expect((await list('perPage=100&q=Pouso')).data.map((machine) => machine.ownerName)).toContain('João Pereira Costa');
    expect((await list('perPage=100&q=joao pereira')).data.every((machine) => machine.ownerName === 'João Pereira Costa')).toBe(true);
    expect((await list('q=100%25')).data).toEqual([]);

    const { count } = (await env.DB.prepare('SELECT count(*) AS count FROM machine').first<{ count: number }>()) ?? { count: 0 };
    const all = await list('perPage=10');
    expect(all.meta).toEqual({ page: 1, perPage: 10, total: count });
    const names = (await list('perPage=100')).data.map((machine) => machine.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    const owners = (await list('perPage=100&sort=-ownerName')).data.map((machine) => machine.ownerName);
    expect(owners[0]).toBe('Maria Oliveira Santos');
    expect(owners.at(-1)).toBe('João Pereira Costa');
    const serial = all.data[0]?.serialNumber ?? '';
    expect((await list(`q=${encodeURIComponent(serial.toLowerCase())}`)).data.map((machine) => machine.serialNumber)).toContain(serial);
  });
});

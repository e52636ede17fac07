import { describe, expect, it } from 'vitest';
import { defineListQuery } from '@/contracts/common';
import { customerListQuery } from '@/contracts/customer';
import { machineListQuery } from '@/contracts/machine';
import { foldText, listPage, requestedVersion, searchPredicate, sortRecords, warmSearch, type ListSpec } from '../collection';

interface Row {
  id: string;
  name: string;
  city: string;
  cnpj: string;
  phone: string;
  size: number | null;
}

const rows: Row[] = Array.from({ length: 45 }, (_, i) => ({
  id: `row-${1001 + i}`,
  name: `Empresa ${String(i + 1).padStart(2, '0')}`,
  city: i % 2 === 0 ? 'São Paulo' : 'Sorocaba',
  cnpj: '45278193000100',
  phone: '1132345678',
  size: i % 5,
}));

const query = defineListQuery<'name' | 'city' | 'size', { parity: 'par' | 'impar' }>({
  sortKeys: ['name', 'city', 'size'],
  defaultSort: 'name',
  filters: { parity: ['par', 'impar'] },
});

function spec(search: string): ListSpec<Row, 'name' | 'city' | 'size', { parity: 'par' | 'impar' }> {
  return {
    query: query.parse(new URLSearchParams(search)),
    searchFields: ['name', 'city', 'cnpj', 'phone'],
    filters: { parity: (row, value) => (Number(row.id.slice(4)) % 2 === 0) === (value === 'par') },
    sorts: { name: (row) => row.name, city: (row) => row.city, size: (row) => row.size },
  };
}

const names = (page: { data: Row[] }) => page.data.map((row) => row.name);

describe('listPage', () => {
  it('pages by 20 with the real total, and an empty page past the end', () => {
    const first = listPage(rows, spec(''));
    expect(first.meta).toEqual({ page: 1, perPage: 20, total: 45 });
    expect(first.data).toHaveLength(20);
    const third = listPage(rows, spec('page=3'));
    expect(third.data).toHaveLength(5);
    expect(names(third)[0]).toBe('Empresa 41');
    const beyond = listPage(rows, spec('page=9'));
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toEqual({ page: 9, perPage: 20, total: 45 });
  });

  it('bad page, perPage and sort fall back to the defaults', () => {
    const page = listPage(rows, spec('page=-1&perPage=100000&sort=drop'));
    expect(page.meta).toEqual({ page: 1, perPage: 20, total: 45 });
    expect(names(page)[0]).toBe('Empresa 01');
    expect(listPage(rows, spec('page=abc&perPage=50')).meta).toEqual({ page: 1, perPage: 50, total: 45 });
  });

  it('sorts both ways with ties broken by id ascending', () => {
    const asc = listPage(rows, spec('sort=size&perPage=100')).data;
    const desc = listPage(rows, spec('sort=-size&perPage=100')).data;
    expect(asc[0]).toMatchObject({ id: 'row-1001', size: 0 });
    expect(asc[1]).toMatchObject({ id: 'row-1006', size: 0 });
    expect(desc[0]).toMatchObject({ id: 'row-1005', size: 4 });
    expect(desc[1]).toMatchObject({ id: 'row-1010', size: 4 });
    expect(listPage(rows, spec('sort=-name')).data[0]?.name).toBe('Empresa 45');
  });

  it('applies the filters of the query', () => {
    const page = listPage(rows, spec('parity=par&perPage=100'));
    expect(page.meta.total).toBe(22);
    expect(page.data.every((row) => Number(row.id.slice(4)) % 2 === 0)).toBe(true);
    // an unknown value of a closed filter is ignored
    expect(listPage(rows, spec('parity=talvez')).meta.total).toBe(45);
  });
});

describe('sortRecords', () => {
  const people = [
    { id: 'p-10', name: 'Óleos Rondon' },
    { id: 'p-2', name: 'ótica' },
    { id: 'p-3', name: 'Zeta' },
    { id: 'p-4', name: 'Ânima' },
    { id: 'p-5', name: 'abc' },
    { id: 'p-1', name: '' },
  ];
  const sorts = { name: (p: { name: string }) => p.name };

  it('uses pt-BR collation (accents next to their letter), missing values last', () => {
    expect(sortRecords(people, 'name', sorts).map((p) => p.name)).toEqual(['abc', 'Ânima', 'Óleos Rondon', 'ótica', 'Zeta', '']);
    expect(sortRecords(people, '-name', sorts).map((p) => p.name)).toEqual(['Zeta', 'ótica', 'Óleos Rondon', 'Ânima', 'abc', '']);
  });

  it('breaks ties by id with numbers in order', () => {
    const same = [{ id: 'c-10', name: 'A' }, { id: 'c-9', name: 'A' }, { id: 'c-100', name: 'A' }];
    expect(sortRecords(same, 'name', sorts).map((p) => p.id)).toEqual(['c-9', 'c-10', 'c-100']);
    expect(sortRecords(same, '-name', sorts).map((p) => p.id)).toEqual(['c-9', 'c-10', 'c-100']);
  });
});

describe('search', () => {
  const records = [
    { id: '1', name: 'Cerâmica São João', cnpj: '12ABC34501DE35', phone: '3138224410' },
    { id: '2', name: 'Desconto 50% "à vista"', cnpj: '45278193000148', phone: '11991234567' },
    { id: '3', name: 'Fábrica 🏭 Norte', cnpj: '07913665000170', phone: '' },
  ];
  const find = (q: string) => records.filter(searchPredicate(q, ['name', 'cnpj', 'phone'])).map((r) => r.id);

  it('ignores case and accents', () => {
    expect(find('CERAMICA sao')).toEqual(['1']);
    expect(find('cerâmica SÃO joão')).toEqual(['1']);
    expect(find('fabrica')).toEqual(['3']);
    expect(foldText('ÇÃO')).toBe('cao');
  });

  it('finds CNPJs and phones with or without the mask', () => {
    expect(find('45.278')).toEqual(['2']);
    expect(find('45278')).toEqual(['2']);
    expect(find('45.278.193/0001-48')).toEqual(['2']);
    expect(find('12.ABC.345/01DE')).toEqual(['1']);
    expect(find('(31) 3822-4410')).toEqual(['1']);
  });

  it('treats %, quotes and emoji literally and never throws', () => {
    expect(find('50%')).toEqual(['2']);
    expect(find('%')).toEqual(['2']);
    expect(find('"à vista"')).toEqual(['2']);
    expect(find("'")).toEqual([]);
    expect(find('🏭')).toEqual(['3']);
    expect(find('.*')).toEqual([]);
    expect(find('(')).toEqual([]);
    expect(find('\\')).toEqual([]);
    expect(find('   ')).toEqual(['1', '2', '3']);
  });

  it('finds the same after the texts were folded ahead (the worker warms its largest collections)', () => {
    const before = ['sao joao', '45.278', '🏭', '50%'].map(find);
    warmSearch(records, ['name', 'cnpj', 'phone']);
    expect(['sao joao', '45.278', '🏭', '50%'].map(find)).toEqual(before);
    expect(before).toEqual([['1'], ['2'], ['3'], ['2']]);
  });

  it('follows records updated in place and fields that read other records, and never matches across two fields', () => {
    const owners = new Map([['o-1', 'Usina Ribeirão']]);
    const press = { id: 'm-1', name: 'Prensa 01', site: 'Galpão A', ownerId: 'o-1' };
    const machines = [press, { id: 'm-2', name: 'Torno 02', site: 'Galpão B', ownerId: 'o-2' }];
    const fields = ['name', 'site', (machine: (typeof machines)[number]) => owners.get(machine.ownerId)] as const;
    const search = (q: string) => machines.filter(searchPredicate(q, fields)).map((machine) => machine.id);
    warmSearch(machines, fields);
    expect(search('prensa')).toEqual(['m-1']);
    expect(search('ribeirao')).toEqual(['m-1']);

    press.name = 'Injetora 07';
    expect(search('prensa')).toEqual([]);
    expect(search('injetora')).toEqual(['m-1']);
    owners.set('o-2', 'Cimento Sobral');
    expect(search('sobral')).toEqual(['m-2']);
    expect(search('07galpao')).toEqual([]);
    expect(search(`07\u0000galpao`)).toEqual([]);
  });

  it('search through a list query keeps the total of the matches', () => {
    const page = listPage(rows, spec('q=empresa%2004'));
    expect(page.meta.total).toBe(1);
    expect(listPage(rows, spec('q=SAO%20PAULO')).meta.total).toBe(23);
    expect(listPage(rows, spec('q=%25')).meta.total).toBe(0);
  });
});

describe('list query contracts', () => {
  it('open filters accept any id up to 64 characters', () => {
    expect(machineListQuery.parse(new URLSearchParams('customer=customer-1001&model=machine-model-1002')).filters).toEqual({
      customer: 'customer-1001',
      model: 'machine-model-1002',
    });
    expect(machineListQuery.parse(new URLSearchParams(`customer=${'x'.repeat(65)}&model=`)).filters).toEqual({});
    expect(machineListQuery.toParams(machineListQuery.parse(new URLSearchParams('customer=c-1'))).toString()).toBe('customer=c-1');
  });

  it('closed filters keep accepting only their values', () => {
    expect(customerListQuery.parse(new URLSearchParams('uf=SP')).filters).toEqual({ uf: 'SP' });
    expect(customerListQuery.parse(new URLSearchParams('uf=XX')).filters).toEqual({});
  });
});

describe('requestedVersion', () => {
  const request = (headers: Record<string, string>) => new Request('http://localhost/x', { method: 'PUT', headers });
  it('reads If-Match (plain, quoted, weak) or the body', () => {
    expect(requestedVersion(request({ 'If-Match': '3' }), null)).toBe(3);
    expect(requestedVersion(request({ 'If-Match': '"4"' }), null)).toBe(4);
    expect(requestedVersion(request({ 'If-Match': 'W/"5"' }), null)).toBe(5);
    expect(requestedVersion(request({ 'If-Match': 'abc' }), { version: 2 })).toBeNull();
    expect(requestedVersion(request({}), { version: 2 })).toBe(2);
    expect(requestedVersion(request({}), { version: 'x' })).toBeNull();
    expect(requestedVersion(request({}), {})).toBeNull();
  });
});

/**
 * Issue 35, item 2: "Exigir aprovação da fábrica" and the customer's e-mail (where the factory's approval link goes)
 * change only by an Administrador; a Técnico still edits the rest. Each change is written to Histórico (the account's
 * remote-access events) with who and when.
 */
import { describe, expect, it } from 'vitest';
import { CUSTOMER_FACTORY_APPROVAL_ADMIN_ONLY } from '@/contracts/customer';
import { REMOTE_ACCESS_EVENT_LABELS } from '@/contracts/remote-access';
import { arrangeMember, call, makeUid, makeIdempotencyKey } from '../../../testing/api';

const GUARDED = {
  name: 'Frigorífico Guardado Ltda',
  cnpj: '11.222.333/0001-81',
  email: 'aprovacao@frigorifico.example.com',
  requireFactoryApproval: true,
};

type Customer = { id: string; name: string; email: string; requireFactoryApproval: boolean; version: number };
type Event = {
  kind: string;
  sessionId: string;
  machineId: string;
  machineName: string;
  requesterUid: string;
  actorUid: string | null;
  actorName: string | null;
  reason: string;
  occurredAt: { seconds: number; nanos: number };
};
type Page<T> = { data: T[]; meta: { total: number } };

async function world() {
  const owner = makeUid();
  const tecnico = makeUid('tecnico');
  await arrangeMember(owner, tecnico, 'tecnico');
  const created = await call<Customer>('POST', '/customer', { as: owner, body: GUARDED, headers: { 'Idempotency-Key': makeIdempotencyKey() } });
  expect(created.status).toBe(201);
  return { owner, tecnico, customer: created.body };
}

const put = (as: string, customer: Customer, body: object) =>
  call<Customer>('PUT', `/customer/${customer.id}`, { as, body, headers: { 'If-Match': String(customer.version) } });

const history = async (as: string) =>
  (await call<Page<Event>>('GET', '/remote-access/event?kind=factory-approval-changed&sort=occurredAt', { as })).body;

describe('/customer: approvals a Técnico cannot undo', () => {
  it("a Técnico's PUT that flips the factory setting answers 403 and changes nothing", async () => {
    const { owner, tecnico, customer } = await world();
    const refused = await put(tecnico, customer, { ...GUARDED, requireFactoryApproval: false });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: { code: 'role-forbidden', message: CUSTOMER_FACTORY_APPROVAL_ADMIN_ONLY, field: 'requireFactoryApproval' },
    });
    const now = await call<Customer>('GET', `/customer/${customer.id}`, { as: owner });
    expect(now.body).toMatchObject({ requireFactoryApproval: true, email: GUARDED.email, version: 1 });
    // Only the creation is in Histórico.
    expect((await history(owner)).meta.total).toBe(1);
  });

  it("a Técnico's PUT that changes the customer's approval e-mail answers 403 and changes nothing", async () => {
    const { owner, tecnico, customer } = await world();
    for (const email of ['tecnico@outro.example.com', '']) {
      const refused = await put(tecnico, customer, { ...GUARDED, email, requireFactoryApproval: email !== '' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: { code: 'role-forbidden', message: CUSTOMER_FACTORY_APPROVAL_ADMIN_ONLY, field: 'email' } });
    }
    // Turning the setting on for a customer without it is a change too.
    const plain = await call<Customer>('POST', '/customer', {
      as: owner,
      body: { name: 'Sem aprovação', cnpj: '45.278.193/0001-85', email: 'a@b.example.com' },
      headers: { 'Idempotency-Key': makeIdempotencyKey() },
    });
    const on = await put(tecnico, plain.body, { name: 'Sem aprovação', cnpj: '45.278.193/0001-85', email: 'a@b.example.com', requireFactoryApproval: true });
    expect(on.status).toBe(403);
    expect((await call<Customer>('GET', `/customer/${customer.id}`, { as: owner })).body).toMatchObject({ email: GUARDED.email, version: 1 });
    expect((await call<Customer>('GET', `/customer/${plain.body.id}`, { as: owner })).body).toMatchObject({ requireFactoryApproval: false, version: 1 });
  });

  it("a Técnico's PUT that leaves the factory setting and the e-mail equal passes (the e-mail compared as stored)", async () => {
    const { owner, tecnico, customer } = await world();
    const saved = await put(tecnico, customer, { ...GUARDED, email: ` ${GUARDED.email.toUpperCase()} `, name: 'Frigorífico Renomeado Ltda', city: 'Cuiabá' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Frigorífico Renomeado Ltda', requireFactoryApproval: true, email: GUARDED.email, version: 2 });
    // Nothing of the approval changed: nothing new in Histórico.
    expect((await history(owner)).meta.total).toBe(1);
  });

  it("an Administrador's change of either field is written to Histórico with who and when", async () => {
    const { owner, tecnico, customer } = await world();
    const before = Date.now();
    const off = await put(owner, customer, { ...GUARDED, requireFactoryApproval: false, email: 'novo@frigorifico.example.com' });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ requireFactoryApproval: false, email: 'novo@frigorifico.example.com', version: 2 });
    const page = await history(tecnico);
    expect(page.meta.total).toBe(3);
    const [created, ...changes] = page.data;
    expect(created).toMatchObject({
      kind: 'factory-approval-changed',
      actorUid: owner,
      reason: `Cliente ${GUARDED.name} cadastrado com "Exigir aprovação da fábrica" ativada (e-mail: ${GUARDED.email}).`,
    });
    expect(changes.map((event) => event.reason).sort()).toEqual([
      `Cliente ${GUARDED.name}: "Exigir aprovação da fábrica" desativada.`,
      `Cliente ${GUARDED.name}: e-mail de aprovação alterado de ${GUARDED.email} para novo@frigorifico.example.com.`,
    ]);
    for (const event of changes) {
      expect(event).toMatchObject({ kind: 'factory-approval-changed', sessionId: '', machineId: '', machineName: '', requesterUid: '', actorUid: owner });
      expect(event.actorName).toEqual(expect.any(String));
      expect(event.occurredAt.seconds * 1000).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    }
    expect(REMOTE_ACCESS_EVENT_LABELS['factory-approval-changed']).toBe('Aprovação da fábrica alterada');
  });

  it('a stale PUT of an Administrador writes no Histórico event, nor does the loser of two at once', async () => {
    const { owner, customer } = await world();
    expect((await put(owner, customer, { ...GUARDED, name: 'Primeira' })).status).toBe(200);
    const stale = await put(owner, customer, { ...GUARDED, requireFactoryApproval: false });
    expect(stale.status).toBe(409);
    expect((await history(owner)).meta.total).toBe(1);
    // Two changes of version 2 at once: one is stored with its event, the other answers 409 and records nothing.
    const current = { ...customer, version: 2 };
    const answers = await Promise.all([
      put(owner, current, { ...GUARDED, requireFactoryApproval: false }),
      put(owner, current, { ...GUARDED, email: 'outro@frigorifico.example.com' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await history(owner)).meta.total).toBe(2);
  });
});

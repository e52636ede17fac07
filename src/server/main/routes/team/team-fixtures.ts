/** Tests' people: a builder registered through POST /assembler (its member row made by the route), and tokens. */
import { expect } from 'vitest';
import { call, makeUid, makeIdempotencyKey, type Answer } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';

export interface Person {
  uid: string;
  email: string;
  token: { token: string };
}

export function makePerson(prefix = 'pessoa', name?: string): Person {
  const uid = makeUid(prefix);
  const email = `${uid}@exemplo.com.br`;
  return { uid, email, token: { token: makeEmulatorToken({ uid, email, ...(name ? { name } : {}) }) } };
}

/** A valid CNPJ of its own for each call (check digits computed). */
export function makeCnpj(): string {
  const base = Array.from({ length: 12 }, () => Math.floor(Math.random() * 10));
  const digit = (digits: number[]) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = digits.reduce((total, value, index) => total + value * (weights[index] ?? 0), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

/** Registers `who`'s company: it becomes the account's first Administrador. */
export async function callRegister(who: Person, name = 'Montadora Teste Ltda'): Promise<Answer> {
  const answer = await call('POST', '/assembler', {
    as: who.token,
    body: { name, cnpj: makeCnpj(), email: who.email },
    headers: { 'Idempotency-Key': makeIdempotencyKey() },
  });
  expect(answer.status).toBe(201);
  return answer;
}

export async function callInvite(who: Person, email: string, role = 'tecnico') {
  return call<{ id: string; link: string; status: string; email: string; role: string; expiresAt: { seconds: number } }>(
    'POST',
    '/team/invitation',
    { as: who.token, body: { email, role }, headers: { 'Idempotency-Key': makeIdempotencyKey() } },
  );
}

export function expectError(answer: Answer, status: number, message: string, field?: string): void {
  expect(answer.status).toBe(status);
  const { error } = answer.body as { error: { message: string; field?: string } };
  expect(error.message).toBe(message);
  if (field) expect(error.field).toBe(field);
}

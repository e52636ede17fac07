import { describe, expect, it } from 'vitest';
import { assemblerRegistrationSchema, profileUpdateSchema } from '@/contracts/account';
import { validateRegistration } from '../components/register-form';

/** The schema's message per field (the first issue of each, as the form kit and the demo backend show it). */
function schemaErrors(body: Record<string, string>): Record<string, string> {
  const result = assemblerRegistrationSchema.safeParse(body);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

const VALID = { name: 'Usinagem Nova Ltda', cnpj: '12.ABC.345/01DE-35', email: 'nova@exemplo.com.br', password: 'segredo1' };

describe('account contract', () => {
  it('the registration page (light, no zod) and POST /assembler refuse the same input with the same messages', () => {
    const cases: Array<Partial<typeof VALID>> = [
      {},
      { name: '', cnpj: '', email: '' },
      { name: ' A ' },
      { name: 'x'.repeat(121) },
      { name: `  ${'x'.repeat(120)}  ` },
      { cnpj: '11.222.333/0001-82' },
      { cnpj: '11222333000181' },
      { cnpj: '11.111.111/1111-11' },
      { cnpj: '12.ABC.345/01DE' },
      { cnpj: '12#ABC345/01DE35' },
      { email: 'maria@' },
      { email: '  nova@exemplo.com.br ' },
      { email: 'sem arroba' },
    ];
    for (const change of cases) {
      const values = { ...VALID, ...change };
      const { password: _password, ...body } = values;
      const light = validateRegistration(values);
      expect(schemaErrors(body), JSON.stringify(change)).toEqual(light);
    }
  });

  it('registration: trims the name and e-mail and stores the CNPJ bare and upper-case', () => {
    expect(assemblerRegistrationSchema.parse({ name: '  Nova Ltda ', cnpj: '12.abc.345/01de-35', email: ' Nova@Exemplo.com.br ' })).toEqual({
      name: 'Nova Ltda',
      cnpj: '12ABC34501DE35',
      email: 'Nova@Exemplo.com.br',
    });
  });

  it('profile (PATCH /me): the name is required, 2 to 120 characters once trimmed', () => {
    const message = (name: unknown) => {
      const result = profileUpdateSchema.safeParse({ name });
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(message('   ')).toBe('Informe o nome.');
    expect(message(undefined)).toBe('Informe o nome.');
    expect(message(' M ')).toBe('Use pelo menos 2 caracteres.');
    expect(message('x'.repeat(121))).toBe('Use no máximo 120 caracteres.');
    expect(message('Ma')).toBeNull();
    expect(profileUpdateSchema.parse({ name: `  ${'x'.repeat(120)}  ` }).name).toHaveLength(120);
  });
});

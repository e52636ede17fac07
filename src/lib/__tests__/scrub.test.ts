import { describe, expect, it } from 'vitest';
import { scrub, scrubText } from '../scrub';

const JWT = 'eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoieCJ9.';

describe('scrub', () => {
  it('removes tokens, e-mails and CNPJs from text', () => {
    const text = `Bearer abc.def-ghi falhou para cliente@example.com (12.ABC.345/01DE-35, 45278193000185) token ${JWT}`;
    const clean = scrubText(text);
    expect(clean).not.toContain('abc.def-ghi');
    expect(clean).not.toContain('cliente@example.com');
    expect(clean).not.toContain('12.ABC.345/01DE-35');
    expect(clean).not.toContain('45278193000185');
    expect(clean).not.toContain('eyJ');
  });

  it('filters sensitive keys anywhere in an event', () => {
    const event = {
      request: { headers: { Authorization: `Bearer ${JWT}`, Accept: 'application/json' }, url: '/me' },
      user: { email: 'cliente@example.com', id: 'u1' },
      extra: { auth_data: '{"token":"x"}', body: { cnpj: '45278193000185', name: 'Maria' } },
      breadcrumbs: [{ message: 'POST /assembler cliente@example.com' }],
    };
    const clean = scrub(event);
    expect(clean.request.headers.Authorization).toBe('[Filtered]');
    expect(clean.request.headers.Accept).toBe('application/json');
    expect(clean.user.email).toBe('[Filtered]');
    expect(clean.user.id).toBe('u1');
    expect(clean.extra.auth_data).toBe('[Filtered]');
    expect(clean.extra.body.cnpj).toBe('[Filtered]');
    expect(clean.extra.body.name).toBe('Maria');
    expect(JSON.stringify(clean)).not.toMatch(/cliente@example\.com|eyJ|45278193000185/);
  });

  it('keeps ordinary numbers and ids', () => {
    expect(scrubText('pedido 1004 total 4590 serial PG1-240311')).toBe('pedido 1004 total 4590 serial PG1-240311');
  });
});

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

  it('replaces card numbers (13–19 digits, with spaces or dashes, passing Luhn) with "[cartão]"', () => {
    expect(scrubText('cartão 4111 1111 1111 1111 recusado')).toBe('cartão [cartão] recusado');
    expect(scrubText('4111-1111-1111-1111')).toBe('[cartão]');
    expect(scrubText('pan=5555555555554444;')).toBe('pan=[cartão];');
    expect(scrubText('amex 3782 822463 10005.')).toBe('amex [cartão].');
    expect(scrubText('elo 6362 9700 0045 7013, hipercard 6062825624254001')).toBe('elo [cartão], hipercard [cartão]');
    // 13 and 19 digits.
    expect(scrubText('4222222222222')).toBe('[cartão]');
    expect(scrubText('6011 0000 0000 0000 001')).toBe('[cartão]');
  });

  it('scrubs card data anywhere in an event', () => {
    const event = {
      extra: { body: { card: { number: '4111 1111 1111 1111', holder: 'Maria', expiry: '12/30', cvc: '123' } } },
      breadcrumbs: [{ message: 'POST /order card 4000 0000 0000 0002' }],
    };
    const clean = scrub(event);
    expect(clean.extra.body.card.number).toBe('[cartão]');
    expect(clean.extra.body.card.cvc).toBe('[Filtered]');
    expect(clean.extra.body.card.holder).toBe('Maria');
    expect(clean.breadcrumbs[0]?.message).toBe('POST /order card [cartão]');
  });

  it('keeps numbers that are not card numbers', () => {
    // Fails Luhn.
    expect(scrubText('4111 1111 1111 1112')).toBe('4111 1111 1111 1112');
    // Too short, too long, part of a longer number or word, a millisecond timestamp (Luhn-valid, but no card
    // number starts with 1), a boleto's linha digitável.
    expect(scrubText('411111111111')).toBe('411111111111');
    expect(scrubText('41111111111111111111')).toBe('41111111111111111111');
    expect(scrubText('serial PG1-4111111111111111')).toBe('serial PG1-4111111111111111');
    expect(scrubText('x4111111111111111')).toBe('x4111111111111111');
    expect(scrubText('em 1767225600009')).toBe('em 1767225600009');
    expect(scrubText('linha 00190000090123456700400000000174613810000123456')).toBe(
      'linha 00190000090123456700400000000174613810000123456',
    );
  });
});

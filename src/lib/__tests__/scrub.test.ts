import { describe, expect, it } from 'vitest';
import { scrub, scrubEvent, scrubSecretPaths, scrubText } from '../scrub';

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
    // A person's name is personal data (LGPD): filtered like the rest.
    expect(clean.extra.body.name).toBe('[Filtered]');
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
    expect(clean.extra.body.card.holder).toBe('[Filtered]');
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

  it('replaces the secret of an invitation or setup link with its parameter, wherever the path appears', () => {
    const token = '3f9a0c1b7e5d2a4f6b8c0d1e2f3a4b5c6d7e';
    expect(scrubSecretPaths(`/invite/${token}`)).toBe('/invite/:token');
    expect(scrubSecretPaths('/portal/setup/PNT-7K2M-4Q9X-3FJD?x=1')).toBe('/portal/setup/:code?x=1');
    expect(scrubText(`GET https://api.example.com/invitation/${token}/accept falhou`)).toBe(
      'GET https://api.example.com/invitation/:token/accept falhou',
    );
    expect(scrubText('GET /device/setup/pnt-7k2m-4q9x-3fjd')).toBe('GET /device/setup/:code');
    // The factory's approval link (remote access) and its API.
    expect(scrubSecretPaths('/portal/aprovacao-acesso/Ab-_0123456789abcdefghijklmnopqrstuvwxyzABCDE')).toBe('/portal/aprovacao-acesso/:token');
    expect(scrubText('POST https://api.example.com/factory-approval/Ab-_0123456789abcdefghij/decision falhou')).toBe(
      'POST https://api.example.com/factory-approval/:token/decision falhou',
    );
    // Encoded, as a redirect parameter carries it.
    expect(scrubText(`/login?next=%2Finvite%2F${token}%2Faceitar`)).toBe('/login?next=%2Finvite%2F:token%2Faceitar');
    // Ids of ordinary records stay: they are no credential.
    expect(scrubText('/customers/customer-1005/edit')).toBe('/customers/customer-1005/edit');
    // Already replaced: unchanged.
    expect(scrubText('/invite/:token')).toBe('/invite/:token');
    // The newsletter's e-mail links on the landing.
    expect(scrubText('https://ponteiiot.com.br/newsletter/confirmar/Ab-_0123456789abcdefghijklmnopqrstuvwxyzABCD')).toBe(
      'https://ponteiiot.com.br/newsletter/confirmar/:token',
    );
    expect(scrubSecretPaths('/newsletter/cancelar/xyz?utm=1')).toBe('/newsletter/cancelar/:token?utm=1');
  });

  it('removes invitation tokens, setup codes and WireGuard keys from free text', () => {
    expect(scrubText('convite 3f9a0c1b7e5d2a4f6b8c0d1e2f3a4b5c6d7e expirado')).toBe('convite [Filtered] expirado');
    expect(scrubText('Código PNT-7K2M-4Q9X-3FJD de outra conta')).toBe('Código [Filtered] de outra conta');
    expect(scrubText('PrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=')).toBe('PrivateKey = [Filtered]');
  });

  it('removes phones, CPFs, CEPs and street addresses from text', () => {
    for (const phone of ['(11) 98765-4321', '(11) 3456-7890', '11 98765-4321', '+55 11 98765-4321', '+5511987654321', '11987654321']) {
      expect(scrubText(`ligar para ${phone} hoje`)).toBe('ligar para [telefone] hoje');
    }
    expect(scrubText('CPF 123.456.789-09')).toBe('CPF [Filtered]');
    expect(scrubText('CEP 01310-100, São Paulo')).toBe('CEP [Filtered], São Paulo');
    expect(scrubText('entrega na Rua das Flores, 123 amanhã')).toBe('entrega na [endereço] amanhã');
    expect(scrubText('Av. Paulista 1000; bloco B')).toBe('[endereço]; bloco B');
  });

  it('keeps dates, times, IPs, serials and seconds timestamps that look a little like phones', () => {
    for (const text of ['22/11/2026 14:05', 'IP 200.10.20.30', 'serial PG1-240311', 'em 1767225600', 'pedido 1004 de 12 itens']) {
      expect(scrubText(text)).toBe(text);
    }
  });

  it('filters personal values inside JSON and query strings in text', () => {
    expect(scrubText('POST /customer {"name":"Maria Souza","phone":"11 98765-4321","machines":3}')).toBe(
      'POST /customer {"name":"[Filtered]","phone":"[Filtered]","machines":3}',
    );
    expect(scrubText('GET /customer?q=Maria%20Souza&page=2')).toBe('GET /customer?q=[Filtered]&page=2');
    expect(scrubText('/x?nome=Maria&sort=-name')).toBe('/x?nome=[Filtered]&sort=-name');
  });

  it('filters names, phones and addresses under their keys, whole objects included', () => {
    const clean = scrub({
      extra: {
        member: { displayName: 'Maria Souza', phoneNumber: '+5511987654321', role: 'admin' },
        address: { street: 'Rua A', number: '10', city: 'Campinas' },
        contactName: 'João',
        mobile: false,
      },
    });
    expect(clean.extra.member).toEqual({ displayName: '[Filtered]', phoneNumber: '[Filtered]', role: 'admin' });
    expect(clean.extra.address).toBe('[Filtered]');
    expect(clean.extra.contactName).toBe('[Filtered]');
    // A flag carries nothing personal.
    expect(clean.extra.mobile).toBe(false);
  });

  it("a Sentry event keeps the names of the SDK's and the browser's metadata, and no one else's", () => {
    const clean = scrubEvent({
      sdk: { name: 'sentry.javascript.react', packages: [{ name: 'npm:@sentry/react', version: '11' }] },
      contexts: { browser: { name: 'Chrome' }, os: { name: 'Windows' }, customer: { name: 'Maria' } },
      extra: { owner: { name: 'Maria' } },
      request: { url: 'https://portal.ponteiiot.com.br/invite/3f9a0c1b7e5d2a4f6b8c0d1e2f3a4b5c6d7e' },
    });
    expect(clean.sdk.name).toBe('sentry.javascript.react');
    expect(clean.sdk.packages[0]?.name).toBe('npm:@sentry/react');
    expect(clean.contexts.browser.name).toBe('Chrome');
    expect(clean.contexts.os.name).toBe('Windows');
    expect(clean.contexts.customer.name).toBe('[Filtered]');
    expect(clean.extra.owner.name).toBe('[Filtered]');
    expect(clean.request.url).toBe('https://portal.ponteiiot.com.br/invite/:token');
  });
});

import { describe, expect, it } from 'vitest';
import {
  isSingleInstallmentKind,
  methodHasUnpaidOrdersMessage,
  paymentMethodInputSchema,
  paymentMethodListQuery,
  PAYMENT_METHOD_MESSAGES,
} from '../payment-method';
import {
  joinNames,
  keepSecretKeyHint,
  methodsAlsoDisabledSentence,
  paymentPlatformCreateSchema,
  paymentPlatformUpdateSchema,
  platformHasMethodsMessage,
  PAYMENT_PLATFORM_MESSAGES,
  secretKeyLast4,
} from '../payment-platform';

function issues(schema: { safeParse(input: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

const platform = {
  name: ' Cartões Pagar.me ',
  provider: 'Pagar.me',
  environment: 'sandbox',
  publicKey: 'pk_test_123',
  secretKey: '  sk_test_abcdef1234 ',
};

describe('payment platform contract', () => {
  it('creates with every field, the secret key trimmed', () => {
    expect(paymentPlatformCreateSchema.parse(platform)).toEqual({
      name: 'Cartões Pagar.me',
      provider: 'Pagar.me',
      environment: 'sandbox',
      publicKey: 'pk_test_123',
      secretKey: 'sk_test_abcdef1234',
    });
  });

  it('refuses an empty secret on create, with the screen’s message, and each other missing field', () => {
    expect(issues(paymentPlatformCreateSchema, { ...platform, secretKey: '   ' })).toEqual([
      ['secretKey', PAYMENT_PLATFORM_MESSAGES.secretKey],
    ]);
    expect(PAYMENT_PLATFORM_MESSAGES.secretKey).toBe('Informe a chave secreta.');
    expect(issues(paymentPlatformCreateSchema, { name: '', provider: '', environment: 'homolog', publicKey: '', secretKey: '' })).toEqual([
      ['name', 'Informe o nome.'],
      ['provider', 'Informe o provedor.'],
      ['environment', 'Escolha o ambiente.'],
      ['publicKey', 'Informe a chave pública.'],
      ['secretKey', 'Informe a chave secreta.'],
    ]);
    expect(issues(paymentPlatformCreateSchema, { ...platform, secretKey: 'sk 12345678' })).toEqual([
      ['secretKey', 'A chave secreta não pode ter espaços.'],
    ]);
    expect(issues(paymentPlatformCreateSchema, { ...platform, secretKey: 'sk_1' })).toEqual([
      ['secretKey', 'A chave secreta deve ter pelo menos 8 caracteres.'],
    ]);
  });

  it('update: a blank or absent secret key means "keep the stored one"', () => {
    expect(paymentPlatformUpdateSchema.parse({ ...platform, secretKey: '' }).secretKey).toBe('');
    const { secretKey: _omitted, ...withoutSecret } = platform;
    expect(paymentPlatformUpdateSchema.parse(withoutSecret).secretKey).toBe('');
    expect(paymentPlatformUpdateSchema.parse(platform).secretKey).toBe('sk_test_abcdef1234');
  });

  it('shows only the last four characters, and says so on edit', () => {
    expect(secretKeyLast4('sk_live_demo_4b8e2d91c0a7')).toBe('c0a7');
    expect(secretKeyLast4('')).toBeNull();
    expect(keepSecretKeyHint('2d91')).toBe('Deixe em branco para manter a chave atual (final 2d91)');
  });

  it('names the methods a disable takes down, and how many keep a platform from being deleted', () => {
    expect(joinNames(['Pix', 'Boleto bancário', 'Cartão'])).toBe('Pix, Boleto bancário e Cartão');
    expect(methodsAlsoDisabledSentence(['Pix', 'Boleto bancário'])).toBe('Os métodos Pix e Boleto bancário também serão desativados.');
    expect(methodsAlsoDisabledSentence(['Pix'])).toBe('O método Pix também será desativado.');
    expect(methodsAlsoDisabledSentence([])).toBeNull();
    expect(platformHasMethodsMessage(2)).toContain('2 métodos de pagamento a usam');
    expect(platformHasMethodsMessage(1)).toContain('1 método de pagamento a usa');
  });
});

const method = { name: 'Cartão em até 12x', kind: 'cartao-credito', platformId: 'payment-platform-1002', maxInstallments: '12', enabled: true };

describe('payment method contract', () => {
  it('takes instalments as typed or as a number; blank is 1', () => {
    expect(paymentMethodInputSchema.parse(method).maxInstallments).toBe(12);
    expect(paymentMethodInputSchema.parse({ ...method, maxInstallments: 24 }).maxInstallments).toBe(24);
    expect(paymentMethodInputSchema.parse({ ...method, maxInstallments: '' }).maxInstallments).toBe(1);
  });

  it('refuses 0, 25, fractions and text with "Informe de 1 a 24 parcelas."', () => {
    for (const value of ['0', '25', 0, 25, '2,5', 2.5, '-1', 'doze']) {
      expect(issues(paymentMethodInputSchema, { ...method, maxInstallments: value })).toEqual([
        ['maxInstallments', 'Informe de 1 a 24 parcelas.'],
      ]);
    }
    expect(PAYMENT_METHOD_MESSAGES.installments).toBe('Informe de 1 a 24 parcelas.');
  });

  it('fixes Pix and boleto to one instalment', () => {
    expect(isSingleInstallmentKind('pix')).toBe(true);
    expect(isSingleInstallmentKind('boleto')).toBe(true);
    expect(isSingleInstallmentKind('cartao-credito')).toBe(false);
    expect(issues(paymentMethodInputSchema, { ...method, kind: 'pix', maxInstallments: '3' })).toEqual([
      ['maxInstallments', 'Pix e boleto são pagos em 1 parcela.'],
    ]);
    expect(paymentMethodInputSchema.parse({ ...method, kind: 'boleto', maxInstallments: '1' }).maxInstallments).toBe(1);
  });

  it('asks for the name, the kind and the platform', () => {
    expect(issues(paymentMethodInputSchema, { name: ' ', kind: '', platformId: '', maxInstallments: '1', enabled: true })).toEqual([
      ['name', 'Informe o nome.'],
      ['kind', 'Escolha o tipo.'],
      ['platformId', 'Escolha a plataforma.'],
    ]);
  });

  it('says how many unpaid orders keep a method from being deleted', () => {
    expect(methodHasUnpaidOrdersMessage(1)).toContain('1 pedido aguardando pagamento o usa.');
    expect(methodHasUnpaidOrdersMessage(3)).toContain('3 pedidos aguardando pagamento o usam.');
  });

  it('list query: status, kind and platform filters; bad values fall back', () => {
    const query = paymentMethodListQuery.parse(new URLSearchParams('status=disabled&kind=pix&platform=payment-platform-1001&sort=-maxInstallments'));
    expect(query.filters).toEqual({ status: 'disabled', kind: 'pix', platform: 'payment-platform-1001' });
    expect(query.sort).toBe('-maxInstallments');
    expect(paymentMethodListQuery.parse(new URLSearchParams('status=x&kind=cheque&sort=drop')).filters).toEqual({});
  });
});

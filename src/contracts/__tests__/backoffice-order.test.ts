import { describe, expect, it } from 'vitest';
import {
  allowedStatusChanges,
  backofficeOrderListQuery,
  invalidStatusChangeMessage,
  isAllowedStatusChange,
  normalizeTrackingCode,
  orderStatusChangeSchema,
  withdrawnGatewaysMessage,
} from '../backoffice-order';
import { ORDER_STATUSES, type OrderStatus } from '../commerce';
import { firstIssue } from '../common';

function problem(body: unknown) {
  const result = orderStatusChangeSchema.safeParse(body);
  return result.success ? null : firstIssue(result.error);
}

describe('status changes: the lifecycle only', () => {
  it('each status goes to the next step; Cancelado only from the first three', () => {
    const allowed: Record<OrderStatus, OrderStatus[]> = {
      'aguardando-pagamento': ['pago', 'cancelado'],
      pago: ['em-separacao', 'cancelado'],
      'em-separacao': ['enviado', 'cancelado'],
      enviado: ['entregue'],
      entregue: [],
      cancelado: [],
    };
    for (const from of ORDER_STATUSES) {
      expect(allowedStatusChanges(from), from).toEqual(allowed[from]);
      for (const to of ORDER_STATUSES) expect(isAllowedStatusChange(from, to), `${from} → ${to}`).toBe(allowed[from].includes(to));
    }
  });

  it('says why a change is refused, with the status labels', () => {
    expect(invalidStatusChangeMessage('enviado')).toBe('Este pedido está Enviado: só pode passar para Entregue.');
    expect(invalidStatusChangeMessage('aguardando-pagamento')).toBe(
      'Este pedido está Aguardando pagamento: só pode passar para Pago ou Cancelado.',
    );
    expect(invalidStatusChangeMessage('em-separacao')).toBe('Este pedido está Em separação: só pode passar para Enviado ou Cancelado.');
    expect(invalidStatusChangeMessage('entregue')).toBe('Este pedido está Entregue: o status não pode mais ser alterado.');
    expect(invalidStatusChangeMessage('cancelado')).toBe('Este pedido está Cancelado: o status não pode mais ser alterado.');
  });
});

describe('orderStatusChangeSchema', () => {
  it('a status is required and must be one of the six', () => {
    expect(problem({ status: '' })).toEqual({ message: 'Escolha o novo status.', field: 'status' });
    expect(problem({ status: 'devolvido' })).toEqual({ message: 'Escolha o novo status.', field: 'status' });
    expect(problem({})).toEqual({ message: 'Escolha o novo status.', field: 'status' });
  });

  it('Enviado needs a tracking code of 2 letters, 9 digits and 2 letters (typed in any case, with spaces)', () => {
    expect(problem({ status: 'enviado' })).toEqual({ message: 'Informe o código de rastreio.', field: 'trackingCode' });
    expect(problem({ status: 'enviado', trackingCode: '   ' })).toEqual({ message: 'Informe o código de rastreio.', field: 'trackingCode' });
    for (const code of ['BR12345678BR', 'B1234567890R', '123456789', 'BR123456789B', 'BR1234567890BR']) {
      expect(problem({ status: 'enviado', trackingCode: code }), code).toEqual({ message: 'Código de rastreio inválido.', field: 'trackingCode' });
    }
    expect(orderStatusChangeSchema.parse({ status: 'enviado', trackingCode: ' br 123 456 789 br ' })).toEqual({
      status: 'enviado',
      trackingCode: 'BR123456789BR',
      reason: '',
    });
    expect(normalizeTrackingCode('qb-987654321-br')).toBe('QB987654321BR');
  });

  it('Cancelado needs a reason; other statuses drop the code and the reason', () => {
    expect(problem({ status: 'cancelado', reason: '   ' })).toEqual({ message: 'Informe o motivo do cancelamento.', field: 'reason' });
    expect(problem({ status: 'cancelado', reason: 'x'.repeat(501) })).toEqual({ message: 'Use no máximo 500 caracteres.', field: 'reason' });
    expect(orderStatusChangeSchema.parse({ status: 'cancelado', reason: ' Cliente desistiu. ' })).toEqual({
      status: 'cancelado',
      trackingCode: '',
      reason: 'Cliente desistiu.',
    });
    expect(orderStatusChangeSchema.parse({ status: 'em-separacao', trackingCode: 'BR123456789BR', reason: 'x' })).toEqual({
      status: 'em-separacao',
      trackingCode: '',
      reason: '',
    });
  });
});

describe('backofficeOrderListQuery', () => {
  it('filters by status, period, builder and payment kind; bad values fall back', () => {
    const query = backofficeOrderListQuery.parse(
      new URLSearchParams('q=45.278&status=pago&period=30d&assembler=demo-montadora-serra&paymentKind=boleto&sort=total'),
    );
    expect(query).toMatchObject({
      q: '45.278',
      sort: 'total',
      filters: { status: 'pago', period: '30d', assembler: 'demo-montadora-serra', paymentKind: 'boleto' },
    });
    const bad = backofficeOrderListQuery.parse(new URLSearchParams('status=perdido&period=2d&paymentKind=cheque&assembler=&sort=name'));
    expect(bad.filters).toEqual({});
    expect(bad.sort).toBe('-createdAt');
    expect(backofficeOrderListQuery.toParams(query).toString()).toBe(
      'q=45.278&status=pago&period=30d&assembler=demo-montadora-serra&paymentKind=boleto&sort=total',
    );
  });
});

describe('withdrawn gateways', () => {
  it('the confirmation says how many gateways stop working', () => {
    expect(withdrawnGatewaysMessage(5)).toBe(
      'Os 5 gateways provisionados por este pedido serão desativados e seus códigos de configuração deixarão de valer.',
    );
    expect(withdrawnGatewaysMessage(1)).toBe(
      'O gateway provisionado por este pedido será desativado e seu código de configuração deixará de valer.',
    );
  });
});

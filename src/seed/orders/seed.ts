/**
 * Seeded orders: six of the demo builder in every stage (delivered, shipped, being picked, awaiting its boleto,
 * cancelled) and one of the other builder (a connectivity plan, paid by card). The gateways of the paid ones are the seed's devices (`orderId`).
 * Deterministic for a given `now`.
 */
import type { OrderStatus, PaymentKind } from '@/contracts/commerce';
import type { OrderActor, OrderAddress, OrderDiscountRule } from '@/contracts/order';
import { SHIPPING_CENTS } from '@/contracts/pricing';
import type { ProductRecord } from '@/seed/catalog/records';
import { DAY, DEMO_CUSTOMER_UID, HOUR, MINUTE, OTHER_ASSEMBLER_UID } from '@/seed/utils';
import { boletoCharge, PAID_NOTES, PAYMENT_PLATFORM_ACTOR } from '@/contracts/payments/platform';
import type { OrderRecord, OrderTimelineRecord } from './records';

const STAFF: OrderActor = { kind: 'equipe', name: 'Rafael Souza Lima' };
const CARRIER: OrderActor = { kind: 'sistema', name: 'Transportadora' };

const METHODS: Record<PaymentKind, { id: string; name: string }> = {
  pix: { id: 'payment-method-pix', name: 'Pix' },
  boleto: { id: 'payment-method-boleto', name: 'Boleto bancário' },
  'cartao-credito': { id: 'payment-method-cartao', name: 'Cartão de crédito' },
};

const RULES: Record<number, OrderDiscountRule> = {
  5: { id: 'discount-rule-1001', name: 'Lote de 5 gateways', percent: 5 },
  12: { id: 'discount-rule-1002', name: 'Lote de 20 gateways', percent: 12 },
};

const SERRA_ADDRESS: OrderAddress = {
  label: 'Fábrica',
  cep: '95045-175',
  street: 'Rua Ângelo Chiarello',
  number: '1450',
  complement: '',
  district: 'Desvio Rizzo',
  city: 'Caxias do Sul',
  uf: 'RS',
};

interface OrderSpec {
  number: number;
  ownerUid: string;
  buyer: string;
  productId: string;
  quantity: number;
  status: OrderStatus;
  daysAgo: number;
  kind: PaymentKind;
  installments?: number;
  discountPercent?: 0 | 5 | 12;
  cancelReason?: string;
}

/** The steps an order went through to reach `status`, with who and when. */
function timelineOf(spec: OrderSpec, createdAt: number, trackingCode: string | null): OrderTimelineRecord[] {
  const buyer: OrderActor = { kind: 'cliente', name: spec.buyer };
  const steps: OrderTimelineRecord[] = [];
  let at = createdAt;
  if (spec.kind === 'cartao-credito') {
    steps.push({ status: 'pago', at, actor: PAYMENT_PLATFORM_ACTOR, note: 'Pagamento aprovado no cartão Visa final 1111.' });
  } else {
    steps.push({ status: 'aguardando-pagamento', at, actor: buyer, note: null });
    if (spec.status === 'cancelado') {
      steps.push({ status: 'cancelado', at: at + 2 * DAY, actor: buyer, note: spec.cancelReason ?? null });
      return steps;
    }
    if (spec.status === 'aguardando-pagamento') return steps;
    at += spec.kind === 'pix' ? 12 * MINUTE : DAY + 3 * HOUR;
    steps.push({ status: 'pago', at, actor: PAYMENT_PLATFORM_ACTOR, note: PAID_NOTES[spec.kind] });
  }
  const rest: OrderStatus[] = ['em-separacao', 'enviado', 'entregue'];
  const reached = rest.indexOf(spec.status);
  if (reached >= 0) {
    at += 20 * HOUR;
    steps.push({ status: 'em-separacao', at, actor: STAFF, note: null });
  }
  if (reached >= 1) {
    at += DAY + 2 * HOUR;
    steps.push({ status: 'enviado', at, actor: STAFF, note: trackingCode ? `Código de rastreio: ${trackingCode}` : null });
  }
  if (reached >= 2) {
    at += 4 * DAY;
    steps.push({ status: 'entregue', at, actor: CARRIER, note: 'Entregue ao destinatário.' });
  }
  return steps;
}

export function seedOrders(
  now: number,
  options: {
    products: readonly ProductRecord[];
    /** The builder's factory: where its orders ship. */
    address: OrderAddress;
    addressId: string;
    /** The seeded devices an order provisioned. */
    deviceIdsOf(orderId: string): string[];
  },
): OrderRecord[] {
  const maria = 'Maria Oliveira Santos';
  const specs: OrderSpec[] = [
    { number: 1001, ownerUid: DEMO_CUSTOMER_UID, buyer: maria, productId: 'product-g1-4g', quantity: 30, status: 'entregue', daysAgo: 200, kind: 'pix', discountPercent: 12 },
    { number: 1002, ownerUid: DEMO_CUSTOMER_UID, buyer: maria, productId: 'product-g1-eth', quantity: 20, status: 'entregue', daysAgo: 160, kind: 'boleto', discountPercent: 12 },
    { number: 1003, ownerUid: DEMO_CUSTOMER_UID, buyer: maria, productId: 'product-g1-4g', quantity: 15, status: 'enviado', daysAgo: 8, kind: 'pix', discountPercent: 5 },
    { number: 1004, ownerUid: DEMO_CUSTOMER_UID, buyer: maria, productId: 'product-g1-wifi', quantity: 2, status: 'aguardando-pagamento', daysAgo: 1, kind: 'boleto' },
    { number: 1005, ownerUid: OTHER_ASSEMBLER_UID, buyer: 'João Pereira Costa', productId: 'product-plan-12m', quantity: 1, status: 'pago', daysAgo: 2, kind: 'cartao-credito' },
    { number: 1006, ownerUid: DEMO_CUSTOMER_UID, buyer: maria, productId: 'product-g1-4g', quantity: 5, status: 'em-separacao', daysAgo: 6, kind: 'cartao-credito', installments: 3, discountPercent: 5 },
    { number: 1007, ownerUid: DEMO_CUSTOMER_UID, buyer: maria, productId: 'product-g1-wifi', quantity: 1, status: 'cancelado', daysAgo: 40, kind: 'boleto', cancelReason: 'Pedido feito em duplicidade.' },
  ];

  return specs.map((spec): OrderRecord => {
    const product = options.products.find((candidate) => candidate.id === spec.productId) ?? options.products[0];
    if (!product) throw new Error('Catálogo de produtos vazio.');
    const id = `order-${spec.number}`;
    const createdAt = now - spec.daysAgo * DAY;
    const subtotal = product.unitPrice * spec.quantity;
    const percent = spec.discountPercent ?? 0;
    const discount = Math.round((subtotal * percent) / 100);
    const shipping = product.kind === 'gateway' ? SHIPPING_CENTS : 0;
    const total = subtotal - discount + shipping;
    const trackingCode = spec.status === 'enviado' || spec.status === 'entregue' ? `BR${String(spec.number * 7919).padStart(9, '0')}BR` : null;
    const timeline = timelineOf(spec, createdAt, trackingCode);
    const paid = timeline.find((step) => step.status === 'pago');
    const method = METHODS[spec.kind];
    const unpaidBoleto = spec.kind === 'boleto' && spec.status === 'aguardando-pagamento';
    const boleto = unpaidBoleto ? boletoCharge({ number: spec.number, total }, createdAt) : null;
    const mine = spec.ownerUid === DEMO_CUSTOMER_UID;
    return {
      id,
      number: spec.number,
      ownerUid: spec.ownerUid,
      items: [
        { productId: product.id, sku: product.sku, name: product.name, kind: product.kind, quantity: spec.quantity, unitPrice: product.unitPrice },
      ],
      subtotal,
      discount,
      discountRule: percent > 0 ? (RULES[percent] ?? null) : null,
      shipping,
      total,
      status: spec.status,
      paymentMethodId: method.id,
      installments: spec.installments ?? 1,
      payment: {
        kind: spec.kind,
        methodName: method.name,
        pixCode: null,
        pixExpiresAt: null,
        boletoLine: boleto?.boletoLine ?? null,
        boletoBarcode: boleto?.boletoBarcode ?? null,
        boletoDueAt: boleto?.boletoDueAt ?? null,
        cardBrand: spec.kind === 'cartao-credito' ? 'Visa' : null,
        cardLast4: spec.kind === 'cartao-credito' ? '1111' : null,
        paidAt: paid?.at ?? null,
        confirmingSince: null,
        paysAt: null,
      },
      addressId: mine ? options.addressId : null,
      address: mine ? options.address : SERRA_ADDRESS,
      trackingCode,
      cancelReason: spec.status === 'cancelado' ? (spec.cancelReason ?? null) : null,
      timeline,
      deviceIds: options.deviceIdsOf(id),
      createdAt,
      version: timeline.length,
      updatedAt: timeline[timeline.length - 1]?.at ?? createdAt,
    };
  });
}

import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_UID, DEMO_CUSTOMER_UID } from '@/seed';
import { call, json, type ApiPage } from '@/testing/demo-api';
import { makeTestToken } from '@/testing/test-token';
import { renderWithProviders } from '@/testing/render';
import { discountTierFor, useCheckoutPaymentMethods, useDiscountTiers } from '../api';
import { setTokenProvider } from '@/lib/api/token';

function Options() {
  const methods = useCheckoutPaymentMethods();
  const tiers = useDiscountTiers();
  if (!methods.data || !tiers.data) return <p>Carregando…</p>;
  return (
    <>
      <ul aria-label="Formas de pagamento">
        {methods.data.map((method) => (
          <li key={method.id}>{`${method.name} (${method.kind}, até ${method.maxInstallments}x)`}</li>
        ))}
      </ul>
      <ul aria-label="Descontos">
        {tiers.data.map((tier) => (
          <li key={tier.id}>{`${tier.minQuantity}+: ${tier.percent}%${tier.validUntil instanceof Date ? ' (até uma data)' : ''}`}</li>
        ))}
      </ul>
      <p>{`Com 12 unidades: ${discountTierFor(tiers.data, 12)?.percent ?? 0}%`}</p>
    </>
  );
}

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' })));
});

describe('the checkout’s options (GET /payment-method, GET /discount-rule)', () => {
  it('a builder reads the methods offered and the tiers in force, and a remount sees the back office’s change at once', async () => {
    const first = renderWithProviders(<Options />);
    const methods = await screen.findByRole('list', { name: 'Formas de pagamento' });
    expect([...methods.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Boleto bancário (boleto, até 1x)',
      'Cartão de crédito (cartao-credito, até 10x)',
      'Pix (pix, até 1x)',
    ]);
    const tiers = screen.getByRole('list', { name: 'Descontos' });
    expect([...tiers.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['5+: 5%', '10+: 8%', '20+: 12%', '50+: 15% (até uma data)']);
    expect(screen.getByText('Com 12 unidades: 8%')).toBeVisible();
    first.unmount();

    // The staff disable a method and a rule (as the back office's endpoints do): the next checkout shows it.
    const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: DEMO_ADMIN_EMAIL, admin: true });
    const rules = await json<ApiPage<{ id: string; minQuantity: number }>>(
      await call('/backoffice/discount-rule?perPage=100', { token: admin }),
    );
    const tenUnits = rules.data.find((rule) => rule.minQuantity === 10);
    if (!tenUnits) throw new Error('seed sem a regra de 10 unidades');
    expect((await call('/backoffice/payment-method/payment-method-pix/disable', { method: 'POST', token: admin })).status).toBe(200);
    expect((await call(`/backoffice/discount-rule/${tenUnits.id}/deactivate`, { method: 'POST', token: admin })).status).toBe(200);
    const { store } = first;
    renderWithProviders(<Options />, { store });
    expect(await screen.findByText('Com 12 unidades: 5%')).toBeVisible();
    expect(screen.queryByText(/^Pix /)).toBeNull();
  });
});

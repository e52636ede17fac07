import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { addressInputSchema, EMPTY_ADDRESS, type Address } from '@/contracts/address';
import { Form } from '@/components/ui/form/form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { server, TEST_API_URL } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { AddressFields } from '@/entities/addresses/address-fields';
import { AddressForm } from '../components/address-form';

const token = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const lookups: string[] = [];

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(token));
  lookups.length = 0;
  server.events.on('request:start', ({ request }) => {
    // The SPA's requests to the API only, not their forwarding to the Workers' harness (MSW sees both).
    if (request.url.startsWith(`${TEST_API_URL}/address/cep/`)) lookups.push(new URL(request.url).pathname.split('/').pop() ?? '');
  });
  return () => server.events.removeAllListeners();
});

function setup(defaultValues = EMPTY_ADDRESS, onSubmit = vi.fn((input: unknown) => Promise.resolve(input as Address))) {
  const user = userEvent.setup();
  renderWithProviders(<AddressForm defaultValues={defaultValues} onSubmit={onSubmit} onSaved={vi.fn()} onCancel={vi.fn()} />);
  return { user, onSubmit };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const status = () => screen.getAllByRole('status').find((element) => element.closest('p')?.id.endsWith('-hint')) ?? null;

describe('AddressForm', { timeout: 20_000 }, () => {
  it('has the labels of screens.md, the required ones marked', () => {
    setup();
    for (const label of ['Apelido', 'CEP', 'Rua', 'Número', 'Complemento', 'Bairro', 'Cidade', 'UF']) {
      expect(field(label)).toBeInTheDocument();
    }
    for (const label of ['CEP', 'Rua', 'Número', 'Bairro', 'Cidade', 'UF']) expect(field(label)).toBeRequired();
    for (const label of ['Apelido', 'Complemento']) expect(field(label)).not.toBeRequired();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });

  it('a complete CEP fills Rua, Bairro, Cidade and UF, moves to Número and says so; Número and Complemento stay', async () => {
    const { user, onSubmit } = setup();
    await user.type(field('Número'), '1578');
    await user.type(field('Complemento'), 'Conjunto 42');
    await user.type(field('CEP'), '01310100');
    expect(field('CEP')).toHaveValue('01310-100');
    await waitFor(() => expect(field('Rua')).toHaveValue('Avenida Paulista'));
    expect(field('Bairro')).toHaveValue('Bela Vista');
    expect(field('Cidade')).toHaveValue('São Paulo');
    expect(field('UF')).toHaveValue('SP');
    expect(field('Número')).toHaveValue('1578');
    expect(field('Complemento')).toHaveValue('Conjunto 42');
    await waitFor(() => expect(field('Número')).toHaveFocus());
    expect(status()).toHaveTextContent('Endereço encontrado: Avenida Paulista, Bela Vista, São Paulo/SP.');
    expect(field('CEP')).toHaveAccessibleDescription(/Endereço encontrado/);
    expect(lookups).toEqual(['01310100']);

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      label: '',
      cep: '01310-100',
      street: 'Avenida Paulista',
      number: '1578',
      complement: 'Conjunto 42',
      district: 'Bela Vista',
      city: 'São Paulo',
      uf: 'SP',
    });
  });

  it('shows "Buscando CEP…" while looking up', async () => {
    server.use(
      http.get(`${TEST_API_URL}/address/cep/:cep`, async () => {
        await delay(300);
        return HttpResponse.json({ cep: '89220-120', street: 'Rua Araquã', district: 'Costa e Silva', city: 'Joinville', uf: 'SC' });
      }),
    );
    const { user } = setup();
    await user.type(field('CEP'), '89220120');
    expect(await screen.findByText('Buscando CEP…')).toBeInTheDocument();
    expect(field('CEP')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(field('Cidade')).toHaveValue('Joinville'));
    expect(screen.queryByText('Buscando CEP…')).toBeNull();
  });

  it('an unknown CEP says so on the field and the address is typed by hand and saved', async () => {
    const { user, onSubmit } = setup();
    await user.type(field('CEP'), '99999998');
    await waitFor(() => expect(status()).toHaveTextContent('CEP não encontrado. Preencha o endereço manualmente.'));
    expect(field('CEP')).toHaveAccessibleDescription('CEP não encontrado. Preencha o endereço manualmente.');
    expect(field('CEP')).toHaveFocus();
    expect(field('Rua')).toHaveValue('');
    await user.type(field('Rua'), 'Estrada do Sertão');
    await user.type(field('Número'), 's/n');
    await user.type(field('Bairro'), 'Zona Rural');
    await user.type(field('Cidade'), 'Pomerode');
    await user.selectOptions(field('UF'), 'SC');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ cep: '99999-998', street: 'Estrada do Sertão', uf: 'SC' });
  });

  it('a look-up that fails (500) is not retried: manual entry, said on the field, and "Buscar de novo" works', async () => {
    let fail = true;
    server.use(
      http.get(`${TEST_API_URL}/address/cep/:cep`, () =>
        fail
          ? HttpResponse.json({ error: { code: 'internal', message: 'Erro interno no servidor.' } }, { status: 500 })
          : HttpResponse.json({ cep: '95020-000', street: 'Rua Sinimbu', district: 'Centro', city: 'Caxias do Sul', uf: 'RS' }),
      ),
    );
    const { user } = setup();
    await user.type(field('CEP'), '95020000');
    await waitFor(() =>
      expect(status()).toHaveTextContent('Não foi possível buscar o CEP agora. Preencha o endereço manualmente.'),
    );
    expect(lookups).toEqual(['95020000']);
    expect(field('Rua')).not.toBeDisabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Buscar de novo' }));
    await waitFor(() => expect(field('Rua')).toHaveValue('Rua Sinimbu'));
    expect(lookups).toEqual(['95020000', '95020000']);
  });

  it('a network failure falls back to manual entry too', async () => {
    server.use(http.get(`${TEST_API_URL}/address/cep/:cep`, () => HttpResponse.error()));
    const { user } = setup();
    await user.type(field('CEP'), '80530000');
    await waitFor(() => expect(status()).toHaveTextContent(/Não foi possível buscar o CEP agora/));
  });

  it('ignores the reply for a CEP the user has since changed', async () => {
    server.use(
      http.get(`${TEST_API_URL}/address/cep/:cep`, async ({ params }) => {
        if (params.cep === '01001000') {
          await delay(400);
          return HttpResponse.json({ cep: '01001-000', street: 'Praça da Sé', district: 'Sé', city: 'São Paulo', uf: 'SP' });
        }
        return HttpResponse.json({ cep: '69020-060', street: 'Rua Major Gabriel', district: 'Centro', city: 'Manaus', uf: 'AM' });
      }),
    );
    const { user } = setup();
    await user.type(field('CEP'), '01001000');
    await user.clear(field('CEP'));
    await user.type(field('CEP'), '69020060');
    await waitFor(() => expect(field('Cidade')).toHaveValue('Manaus'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(field('Rua')).toHaveValue('Rua Major Gabriel');
    expect(status()).toHaveTextContent(/Manaus\/AM/);
  });

  it('refuses letters (said on the field) and a CEP of 7 digits', async () => {
    const { user } = setup();
    await user.type(field('CEP'), '0131a0');
    expect(field('CEP')).toHaveValue('01310');
    expect(status()).toHaveTextContent('O CEP aceita apenas números: “a” foi ignorado.');
    await user.type(field('CEP'), '10');
    expect(status()).toHaveTextContent(/apenas números/);
    await user.tab();
    expect(await screen.findByText('CEP inválido. Use 8 números, ex.: 01310-100.')).toBeInTheDocument();
    expect(field('CEP')).toHaveAttribute('aria-invalid', 'true');
    expect(lookups).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe a rua.')).toBeInTheDocument();
    expect(field('CEP')).toHaveFocus();
  });

  it('an edit does not look up the CEP it was loaded with, only a new one', async () => {
    const { user } = setup({
      label: 'Escritório',
      cep: '01310-100',
      street: 'Avenida Paulista',
      number: '1578',
      complement: '',
      district: 'Bela Vista',
      city: 'São Paulo',
      uf: 'SP',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lookups).toEqual([]);
    await user.clear(field('CEP'));
    await user.type(field('CEP'), '30350210');
    await waitFor(() => expect(field('Rua')).toHaveValue('Rua Matipó'));
    expect(field('Número')).toHaveValue('1578');
    expect(field('Apelido')).toHaveValue('Escritório');
  });
});

describe('AddressFields inside another form', { timeout: 20_000 }, () => {
  const checkoutSchema = z.object({ note: z.string(), delivery: addressInputSchema });

  function Checkout({ onSubmit }: { onSubmit: (values: z.output<typeof checkoutSchema>) => void }) {
    const form = useZodForm(checkoutSchema, { defaultValues: { note: '', delivery: EMPTY_ADDRESS } });
    return (
      <Form form={form} onSubmit={onSubmit}>
        <AddressFields<z.input<typeof checkoutSchema>> name="delivery" showLabel={false} />
        <button type="submit">Finalizar</button>
      </Form>
    );
  }

  it('fills the nested fields from the CEP and hands the nested address over', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Checkout onSubmit={onSubmit} />);
    expect(screen.queryByLabelText('Apelido')).toBeNull();
    await user.type(field('CEP'), '89220120');
    await waitFor(() => expect(field('Rua')).toHaveValue('Rua Araquã'));
    await waitFor(() => expect(field('Número')).toHaveFocus());
    await user.type(field('Número'), '455');
    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      delivery: { cep: '89220-120', street: 'Rua Araquã', number: '455', district: 'Costa e Silva', city: 'Joinville', uf: 'SC' },
    });
  });
});

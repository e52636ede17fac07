import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { optionalText, requiredText } from '@/contracts/common';
import { customerInputSchema, type CustomerFormValues, type CustomerInput } from '@/contracts/customer';
import { CNPJ_HINT } from '@/contracts/validators/cnpj';
import { UFS } from '@/contracts/validators/fields';
import {
  applyApiError,
  CheckboxField,
  Form,
  FormActions,
  FormErrorBanner,
  MaskedField,
  SelectField,
  TextareaField,
  TextInputField,
  useZodForm,
} from '../form';

const VALID_CNPJ = '12ABC34501DE35';
const EMPTY_CUSTOMER: CustomerFormValues = { name: '', tradeName: '', cnpj: '', email: '', phone: '', city: '', uf: '' };
const FIELDS = ['name', 'tradeName', 'cnpj', 'email', 'phone', 'city', 'uf'] as const;

function CustomerHarness({
  save,
  defaultValues = EMPTY_CUSTOMER,
}: {
  save: (input: CustomerInput) => Promise<unknown>;
  defaultValues?: CustomerFormValues;
}) {
  const form = useZodForm(customerInputSchema, { defaultValues });
  const [error, setError] = useState<string | null>(null);
  const submit = async (input: CustomerInput) => {
    setError(null);
    try {
      await save(input);
    } catch (failure) {
      const outcome = applyApiError(form, failure, { fields: FIELDS });
      if (outcome.kind !== 'field') setError(outcome.message);
    }
  };
  return (
    <Form form={form} onSubmit={submit} aria-label="Cliente">
      <FormErrorBanner message={error} />
      <TextInputField control={form.control} name="name" label="Razão social" required />
      <TextInputField control={form.control} name="tradeName" label="Nome fantasia" />
      <MaskedField control={form.control} name="cnpj" label="CNPJ" mask="cnpj" required />
      <TextInputField control={form.control} name="email" label="E-mail" type="email" />
      <MaskedField control={form.control} name="phone" label="Telefone" mask="phone" />
      <TextInputField control={form.control} name="city" label="Cidade" />
      <SelectField
        control={form.control}
        name="uf"
        label="UF"
        placeholder="Selecione"
        options={UFS.map((uf) => ({ value: uf, label: uf }))}
      />
      <FormActions onCancel={() => undefined} />
    </Form>
  );
}

const byLabel = (label: string) => screen.getByLabelText(label);

describe('form fields with the customer contract', () => {
  it('labels: the required ones carry the red asterisk beside the label, not in the accessible name', () => {
    render(<CustomerHarness save={vi.fn()} />);
    const name = screen.getByRole('textbox', { name: 'Razão social' });
    expect(name).toBeRequired();
    const mark = name.parentElement?.querySelector('[aria-hidden="true"]');
    expect(mark).toHaveTextContent('*');
    expect(mark).toHaveClass('text-red-600');
    expect(screen.getByRole('textbox', { name: 'CNPJ' })).toBeRequired();
    const trade = screen.getByRole('textbox', { name: 'Nome fantasia' });
    expect(trade).not.toBeRequired();
    expect(trade.parentElement?.querySelector('[aria-hidden="true"]')).toBeNull();
  });

  it('shows the contract’s message when a field is left invalid, tied to the input', async () => {
    const user = userEvent.setup();
    render(<CustomerHarness save={vi.fn()} />);
    await user.click(byLabel('Razão social'));
    expect(screen.queryByText('Informe a razão social.')).toBeNull();
    await user.tab();
    const error = await screen.findByText('Informe a razão social.');
    const name = byLabel('Razão social');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(name).toHaveAccessibleDescription('Informe a razão social.');

    await user.type(name, 'Metalúrgica Alfa');
    await waitFor(() => expect(screen.queryByText('Informe a razão social.')).toBeNull());
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('a failed submit shows every error and focuses the first invalid field; nothing is sent', async () => {
    const user = userEvent.setup();
    const save = vi.fn();
    render(<CustomerHarness save={save} />);
    await user.type(byLabel('CNPJ'), '11111111111111');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe a razão social.')).toBeInTheDocument();
    expect(screen.getByText('CNPJ inválido.')).toBeInTheDocument();
    await waitFor(() => expect(byLabel('Razão social')).toHaveFocus());
    expect(save).not.toHaveBeenCalled();
  });

  it('CNPJ: the hint explains the format and stays beside the error', async () => {
    const user = userEvent.setup();
    render(<CustomerHarness save={vi.fn()} />);
    const cnpj = byLabel('CNPJ');
    expect(cnpj).toHaveAccessibleDescription(CNPJ_HINT);
    expect(cnpj).toHaveAttribute('autocapitalize', 'characters');
    expect(byLabel('Telefone')).toHaveAttribute('inputmode', 'numeric');
    await user.type(cnpj, '12345');
    await user.tab();
    expect(await screen.findByText('CNPJ inválido.')).toBeInTheDocument();
    expect(cnpj).toHaveAccessibleDescription(`CNPJ inválido. ${CNPJ_HINT}`);
  });

  it('CNPJ typed in lower-case alphanumeric shows upper-case masked; the submit gets it unmasked', async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.resolve());
    render(<CustomerHarness save={save} />);
    await user.type(byLabel('Razão social'), '  Metalúrgica Alfa ');
    await user.type(byLabel('CNPJ'), '12abc34501de35');
    expect(byLabel('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
    await user.type(byLabel('Telefone'), '11912345678');
    expect(byLabel('Telefone')).toHaveValue('(11) 91234-5678');
    await user.selectOptions(byLabel('UF'), 'SP');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      name: 'Metalúrgica Alfa',
      tradeName: '',
      cnpj: VALID_CNPJ,
      email: '',
      phone: '11912345678',
      city: '',
      uf: 'SP',
      requireFactoryApproval: false,
    });
  });

  it('the caret stays usable: editing in the middle of a masked value and backspacing over a separator', async () => {
    const user = userEvent.setup();
    render(<CustomerHarness save={vi.fn()} />);
    const cnpj = byLabel('CNPJ') as HTMLInputElement;
    await user.type(cnpj, '12abc34501de35');
    // Caret after "12.": Backspace removes the "2", not the separator the mask would put back.
    cnpj.setSelectionRange(3, 3);
    await user.keyboard('{Backspace}');
    expect(cnpj).toHaveValue('1A.BC3.450/1DE3-5');
    expect(cnpj.selectionStart).toBe(1);
    await user.keyboard('2');
    expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
    expect(cnpj.selectionStart).toBe(2);
  });

  it('a record’s bare CNPJ and phone are shown masked', () => {
    render(
      <CustomerHarness save={vi.fn()} defaultValues={{ ...EMPTY_CUSTOMER, cnpj: VALID_CNPJ, phone: '1134567890' }} />,
    );
    expect(byLabel('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
    expect(byLabel('Telefone')).toHaveValue('(11) 3456-7890');
  });

  it('a server 400 naming a field puts its message on that field and focuses it', async () => {
    const user = userEvent.setup();
    const save = vi.fn(() =>
      Promise.reject({
        status: 409,
        data: { error: { code: 'duplicate-cnpj', message: 'Já existe um cliente com este CNPJ.', field: 'cnpj' } },
      }),
    );
    render(<CustomerHarness save={save} />);
    await user.type(byLabel('Razão social'), 'Alfa');
    await user.type(byLabel('CNPJ'), VALID_CNPJ);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe um cliente com este CNPJ.')).toBeInTheDocument();
    expect(byLabel('CNPJ')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(byLabel('CNPJ')).toHaveFocus());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a 400 validation error on the field (the backend says it as the contract does)', async () => {
    const user = userEvent.setup();
    const save = vi.fn(() =>
      Promise.reject({ status: 400, data: { error: { code: 'validation', message: 'CNPJ inválido.', field: 'cnpj' } } }),
    );
    render(<CustomerHarness save={save} />);
    await user.type(byLabel('Razão social'), 'Alfa');
    await user.type(byLabel('CNPJ'), VALID_CNPJ);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('CNPJ inválido.')).toBeInTheDocument();
    await waitFor(() => expect(byLabel('CNPJ')).toHaveFocus());
  });

  it('a failed save keeps every value and says why', async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.reject({ status: 503, data: 'Service Unavailable' }));
    render(<CustomerHarness save={save} />);
    await user.type(byLabel('Razão social'), 'Metalúrgica Alfa');
    await user.type(byLabel('CNPJ'), VALID_CNPJ);
    await user.type(byLabel('Cidade'), 'Campinas');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível salvar.');
    expect(alert).toHaveTextContent('O servidor está com problemas (erro 503). Tente novamente em instantes.');
    expect(byLabel('Razão social')).toHaveValue('Metalúrgica Alfa');
    expect(byLabel('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
    expect(byLabel('Cidade')).toHaveValue('Campinas');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('while saving: submit disabled with a spinner and "Salvando…", fields and Cancel disabled, form busy', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<CustomerHarness save={save} />);
    await user.type(byLabel('Razão social'), 'Alfa');
    await user.type(byLabel('CNPJ'), VALID_CNPJ);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const submit = await screen.findByRole('button', { name: 'Salvando…' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('type', 'submit');
    expect(submit.querySelector('svg.animate-spin')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(byLabel('Razão social')).toBeDisabled();
    expect(byLabel('CNPJ')).toBeDisabled();
    expect(byLabel('UF')).toBeDisabled();
    expect(screen.getByRole('form', { name: 'Cliente' })).toHaveAttribute('aria-busy', 'true');
    await user.click(submit);
    expect(save).toHaveBeenCalledTimes(1);
    finish();
    expect(await screen.findByRole('button', { name: 'Salvar' })).toBeEnabled();
    expect(byLabel('Razão social')).toBeEnabled();
    expect(screen.getByRole('form', { name: 'Cliente' })).not.toHaveAttribute('aria-busy');
  });
});

const smallSchema = z.object({
  title: requiredText('Informe o título.'),
  notes: optionalText(20),
  kind: z.enum(['a', 'b'], { error: 'Escolha o tipo.' }),
  active: z.boolean(),
  accepted: z.literal(true, { error: 'Aceite os termos.' }),
});
type SmallInput = z.input<typeof smallSchema>;

function SmallHarness({ onSubmit }: { onSubmit: (values: z.output<typeof smallSchema>) => void }) {
  const form = useZodForm(smallSchema, {
    defaultValues: { title: '', notes: '', kind: '' as SmallInput['kind'], active: true, accepted: false as true },
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextInputField control={form.control} name="title" label="Título" required hint="Como aparece na lista." />
      <TextareaField control={form.control} name="notes" label="Observações" />
      <SelectField
        control={form.control}
        name="kind"
        label="Tipo"
        required
        placeholder="Selecione"
        options={[
          { value: 'a', label: 'Tipo A' },
          { value: 'b', label: 'Tipo B' },
        ]}
      />
      <CheckboxField control={form.control} name="active" label="Ativo" />
      <CheckboxField control={form.control} name="accepted" label="Aceito os termos" required />
      <FormActions submitLabel="Criar" />
    </Form>
  );
}

describe('form fields with a small schema', () => {
  it('textarea, native select with placeholder, checkboxes; errors in field order; submit gets the output', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { container } = render(<SmallHarness onSubmit={onSubmit} />);
    expect(container.querySelector('form')).toHaveAttribute('novalidate');
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(byLabel('Título')).toHaveAccessibleDescription('Como aparece na lista.');
    const select = screen.getByRole('combobox', { name: 'Tipo' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Selecione',
      'Tipo A',
      'Tipo B',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Ativo' })).toBeChecked();

    await user.type(byLabel('Observações'), 'x'.repeat(21));
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Informe o título.')).toBeInTheDocument();
    expect(screen.getByText('Use no máximo 20 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Escolha o tipo.')).toBeInTheDocument();
    expect(screen.getByText('Aceite os termos.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Aceito os termos' })).toHaveAccessibleDescription('Aceite os termos.');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(byLabel('Título')).toHaveFocus());

    await user.type(byLabel('Título'), 'Manutenção');
    await user.clear(byLabel('Observações'));
    await user.type(byLabel('Observações'), 'linha 1{Enter}linha 2');
    await user.selectOptions(select, 'b');
    await user.click(screen.getByRole('checkbox', { name: 'Ativo' }));
    await user.click(screen.getByRole('checkbox', { name: 'Aceito os termos' }));
    await user.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      title: 'Manutenção',
      notes: 'linha 1\nlinha 2',
      kind: 'b',
      active: false,
      accepted: true,
    });
  });
});

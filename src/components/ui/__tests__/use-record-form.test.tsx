import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { customerInputSchema, type CustomerFormValues, type CustomerInput } from '@/contracts/customer';
import {
  Form,
  FormActions,
  MaskedField,
  RecordFormBanners,
  TextInputField,
  UnsavedChangesDialog,
  useRecordForm,
  useZodForm,
  type RecordFormProps,
} from '../form';

const VALID_CNPJ = '12ABC34501DE35';
const FIELDS = ['name', 'tradeName', 'cnpj', 'email', 'phone', 'city', 'uf'] as const;

interface Stored extends CustomerFormValues {
  id: string;
  version: number;
}

const STORED: Stored = {
  id: 'customer-7',
  name: 'Plásticos Beta Ltda',
  tradeName: 'Beta',
  cnpj: '12.ABC.345/01DE-35',
  email: 'compras@beta.example',
  phone: '',
  city: 'Indaiatuba',
  uf: 'SP',
  version: 4,
};

const toFormValues = ({ id: _id, version: _version, ...values }: Stored): CustomerFormValues => values;

type Props = Omit<RecordFormProps<CustomerFormValues, CustomerInput, Stored>, 'defaultValues' | 'onCancel'>;

/** A record form as the features write one. */
function EditForm({ onSubmit, onSaved, onReloadLatest }: Props) {
  const form = useZodForm(customerInputSchema, { defaultValues: toFormValues(STORED) });
  const record = useRecordForm({ form, fields: FIELDS, onSubmit, onSaved, onReloadLatest, toFormValues });
  return (
    <>
      <Link to="/customers">Clientes</Link>
      <Form form={form} onSubmit={record.submit}>
        <RecordFormBanners record={record} />
        <TextInputField control={form.control} name="name" label="Razão social" required />
        <TextInputField control={form.control} name="tradeName" label="Nome fantasia" />
        <MaskedField control={form.control} name="cnpj" label="CNPJ" mask="cnpj" required />
        <TextInputField control={form.control} name="city" label="Cidade" />
        <FormActions />
      </Form>
      <UnsavedChangesDialog guard={record.guard} />
    </>
  );
}

/** onSaved navigates, as the screens do: it must not be blocked by the unsaved-changes guard. */
function EditScreen(props: Props) {
  const navigate = useNavigate();
  return (
    <EditForm
      {...props}
      onSaved={(saved) => {
        props.onSaved(saved);
        void navigate('/customers');
      }}
    />
  );
}

function renderEdit(props: Partial<Props> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn((input: CustomerInput) => Promise.resolve({ ...STORED, ...input }));
  const onSaved = props.onSaved ?? vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/customers', element: <h1>Clientes</h1> },
      {
        path: '/customers/1/edit',
        element: <EditScreen onSubmit={onSubmit} onSaved={onSaved} onReloadLatest={props.onReloadLatest} />,
      },
    ],
    { initialEntries: ['/customers', '/customers/1/edit'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return { router, onSubmit, onSaved };
}

const byLabel = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

async function editCity(user: ReturnType<typeof userEvent.setup>, city: string) {
  await user.clear(byLabel('Cidade'));
  await user.type(byLabel('Cidade'), city);
}

describe('useRecordForm', () => {
  it('saves, then calls onSaved once, after the guard is off (its navigation is not blocked)', async () => {
    const user = userEvent.setup();
    const { router, onSubmit, onSaved } = renderEdit();
    await editCity(user, 'Itu');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/customers');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ city: 'Itu', cnpj: VALID_CNPJ }));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'customer-7', city: 'Itu' }));
  });

  it('a failed save keeps every value, says why above the form, and leaving still asks', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() =>
      Promise.reject({ status: 500, data: { error: { code: 'internal', message: 'O servidor falhou.' } } }),
    );
    const { router, onSaved } = renderEdit({ onSubmit });
    await editCity(user, 'Itu');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Não foi possível salvar.');
    expect(banner).toHaveTextContent('O servidor falhou.');
    expect(byLabel('Cidade')).toHaveValue('Itu');
    expect(byLabel('Razão social')).toHaveValue('Plásticos Beta Ltda');
    expect(onSaved).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'Clientes' }));
    expect(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customers/1/edit');
  });

  it('puts an error that names a field of the form on that field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() =>
      Promise.reject({ status: 409, data: { error: { code: 'duplicate', message: 'CNPJ já cadastrado.', field: 'cnpj' } } }),
    );
    renderEdit({ onSubmit });
    await editCity(user, 'Itu');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('CNPJ já cadastrado.')).toBeVisible();
    await waitFor(() => expect(byLabel('CNPJ')).toHaveFocus());
    expect(screen.queryByText('Não foi possível salvar.')).toBeNull();
  });

  it('a 409 version conflict shows the conflict; reload adopts the latest version and keeps what was typed', async () => {
    const user = userEvent.setup();
    const latest: Stored = { ...STORED, tradeName: 'Beta Embalagens', city: 'Jundiaí', version: 5 };
    const onSubmit = vi
      .fn<(input: CustomerInput) => Promise<Stored>>()
      .mockRejectedValueOnce({
        status: 409,
        data: { error: { code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE } },
      })
      .mockImplementationOnce((input) => Promise.resolve({ ...latest, ...input, version: 6 }));
    const onReloadLatest = vi.fn(() => Promise.resolve(latest));
    const { router, onSaved } = renderEdit({ onSubmit, onReloadLatest });
    await editCity(user, 'Itu');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(VERSION_CONFLICT_MESSAGE)).toBeVisible();
    expect(screen.queryByText('Não foi possível salvar.')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Recarregar versão atual' }));
    await waitFor(() => expect(screen.queryByText(VERSION_CONFLICT_MESSAGE)).toBeNull());
    expect(onReloadLatest).toHaveBeenCalledTimes(1);
    expect(byLabel('Cidade')).toHaveValue('Itu');
    expect(byLabel('Nome fantasia')).toHaveValue('Beta Embalagens');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customers');
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ city: 'Itu', tradeName: 'Beta Embalagens' }));
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('a failed reload says why above the form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() =>
      Promise.reject({ status: 409, data: { error: { code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE } } }),
    );
    const onReloadLatest = vi.fn(() => Promise.reject({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }));
    renderEdit({ onSubmit, onReloadLatest });
    await editCity(user, 'Itu');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await user.click(await screen.findByRole('button', { name: 'Recarregar versão atual' }));

    expect(await screen.findByText('Não foi possível salvar.')).toBeVisible();
    expect(
      screen.getByText('Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.'),
    ).toBeVisible();
    expect(screen.getByText(VERSION_CONFLICT_MESSAGE)).toBeVisible();
    expect(byLabel('Cidade')).toHaveValue('Itu');
  });
});

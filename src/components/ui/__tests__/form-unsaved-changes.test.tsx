import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useForm } from 'react-hook-form';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { customerInputSchema, type CustomerFormValues, type CustomerInput } from '@/contracts/customer';
import {
  applyApiError,
  ConflictBanner,
  Form,
  FormActions,
  FormErrorBanner,
  keepTypedValues,
  MaskedField,
  TextInputField,
  UnsavedChangesDialog,
  useUnsavedChangesGuard,
  useZodForm,
} from '../form';

const VALID_CNPJ = '12ABC34501DE35';
const FIELDS = ['name', 'tradeName', 'cnpj', 'email', 'phone', 'city', 'uf'] as const;

interface Stored extends CustomerFormValues {
  version: number;
}

const STORED: Stored = {
  name: 'Metalúrgica Alfa',
  tradeName: 'Alfa',
  cnpj: '12.ABC.345/01DE-35',
  email: '',
  phone: '',
  city: 'Campinas',
  uf: 'SP',
  version: 1,
};

/** An edit screen as the features write it: save, then navigate; a 409 offers the latest version. */
function EditScreen({
  save,
  fetchLatest,
}: {
  save: (input: CustomerInput, version: number) => Promise<void>;
  fetchLatest: () => Promise<Stored>;
}) {
  const navigate = useNavigate();
  const [version, setVersion] = useState(STORED.version);
  const { version: _version, ...initial } = STORED;
  const form = useZodForm(customerInputSchema, { defaultValues: initial });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);

  const submit = async (input: CustomerInput) => {
    setError(null);
    try {
      await save(input, version);
      guard.skipNext();
      await navigate('/customers');
    } catch (failure) {
      const outcome = applyApiError(form, failure, { fields: FIELDS });
      if (outcome.kind === 'conflict') setConflict(true);
      else if (outcome.kind === 'form') setError(outcome.message);
    }
  };

  const reload = async () => {
    setReloading(true);
    const { version: latestVersion, ...latest } = await fetchLatest();
    keepTypedValues(form, latest);
    setVersion(latestVersion);
    setConflict(false);
    setReloading(false);
  };

  return (
    <>
      <Link to="/customers">Clientes</Link>
      <Form form={form} onSubmit={submit}>
        {conflict ? <ConflictBanner onReload={() => void reload()} reloading={reloading} /> : null}
        <FormErrorBanner message={error} />
        <TextInputField control={form.control} name="name" label="Razão social" required />
        <TextInputField control={form.control} name="tradeName" label="Nome fantasia" />
        <MaskedField control={form.control} name="cnpj" label="CNPJ" mask="cnpj" required />
        <TextInputField control={form.control} name="city" label="Cidade" />
        <FormActions onCancel={() => void navigate('/customers')} />
      </Form>
      <UnsavedChangesDialog guard={guard} />
    </>
  );
}

function renderEdit(props: Parameters<typeof EditScreen>[0]) {
  const router = createMemoryRouter(
    [
      { path: '/customers', element: <h1>Clientes</h1> },
      { path: '/customers/1/edit', element: <EditScreen {...props} /> },
    ],
    { initialEntries: ['/customers', '/customers/1/edit'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const byLabel = (label: string) => screen.getByLabelText(label);

describe('unsaved changes guard', () => {
  it('a clean form leaves without asking', async () => {
    const user = userEvent.setup();
    const router = renderEdit({ save: vi.fn(), fetchLatest: vi.fn() });
    await user.click(screen.getByRole('link', { name: 'Clientes' }));
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customers');
  });

  it('asks before leaving with changes: "Continuar editando" stays with the values, "Descartar" leaves', async () => {
    const user = userEvent.setup();
    const router = renderEdit({ save: vi.fn(), fetchLatest: vi.fn() });
    await user.clear(byLabel('Cidade'));
    await user.type(byLabel('Cidade'), 'Sorocaba');
    await user.click(screen.getByRole('link', { name: 'Clientes' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    expect(dialog).toHaveTextContent('Você tem alterações que não foram salvas. Se sair agora, elas serão perdidas.');
    await user.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/customers/1/edit');
    expect(byLabel('Cidade')).toHaveValue('Sorocaba');

    // Back (history POP) and "Cancelar" ask too.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customers');
  });

  it('asks the browser before a reload or tab close while dirty, not when clean', async () => {
    const user = userEvent.setup();
    renderEdit({ save: vi.fn(), fetchLatest: vi.fn() });
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(byLabel('Cidade'), 'x');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('the navigation that follows a successful save is not blocked', async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.resolve());
    const router = renderEdit({ save, fetchLatest: vi.fn() });
    await user.clear(byLabel('Cidade'));
    await user.type(byLabel('Cidade'), 'Sorocaba');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/customers');
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ city: 'Sorocaba', cnpj: VALID_CNPJ }), 1);
  });

  it('a failed save stays on the form, values kept, and leaving still asks', async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.reject({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }));
    renderEdit({ save, fetchLatest: vi.fn() });
    await user.clear(byLabel('Cidade'));
    await user.type(byLabel('Cidade'), 'Sorocaba');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.',
    );
    expect(byLabel('Cidade')).toHaveValue('Sorocaba');
    await user.click(screen.getByRole('link', { name: 'Clientes' }));
    expect(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })).toBeInTheDocument();
  });
});

describe('version conflict', () => {
  it('says so, reloads the latest version keeping what was typed, and the next save goes over it', async () => {
    const user = userEvent.setup();
    const latest: Stored = { ...STORED, tradeName: 'Alfa Industrial', city: 'Jundiaí', version: 2 };
    const save = vi
      .fn<(input: CustomerInput, version: number) => Promise<void>>()
      .mockRejectedValueOnce({
        status: 409,
        data: { error: { code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE }, current: latest },
      })
      .mockResolvedValueOnce(undefined);
    const fetchLatest = vi.fn(() => Promise.resolve(latest));
    const router = renderEdit({ save, fetchLatest });

    await user.clear(byLabel('Razão social'));
    await user.type(byLabel('Razão social'), 'Metalúrgica Alfa S.A.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Este registro foi alterado por outra pessoa.');
    expect(banner).toHaveTextContent('O que você digitou continua no formulário.');
    expect(byLabel('Razão social')).toHaveValue('Metalúrgica Alfa S.A.');
    expect(router.state.location.pathname).toBe('/customers/1/edit');

    await user.click(screen.getByRole('button', { name: 'Recarregar versão atual' }));
    await waitFor(() => expect(screen.queryByText(VERSION_CONFLICT_MESSAGE)).toBeNull());
    expect(byLabel('Razão social')).toHaveValue('Metalúrgica Alfa S.A.'); // typed: kept
    expect(byLabel('Nome fantasia')).toHaveValue('Alfa Industrial'); // untouched: the latest
    expect(byLabel('Cidade')).toHaveValue('Jundiaí');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'Metalúrgica Alfa S.A.', tradeName: 'Alfa Industrial', city: 'Jundiaí' }),
      2,
    );
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
  });

  it('applyApiError: conflict carries the server record; other 409s are form messages', () => {
    const { result } = renderHook(() => useForm<{ name: string }>({ defaultValues: { name: '' } }));
    const current = { name: 'Outro', version: 3 };
    expect(
      applyApiError(result.current, {
        status: 409,
        data: { error: { code: 'version-conflict', message: 'x' }, current },
      }),
    ).toEqual({ kind: 'conflict', message: VERSION_CONFLICT_MESSAGE, current });
    expect(
      applyApiError(result.current, { status: 409, data: { error: { code: 'duplicate', message: 'Já existe.' } } }),
    ).toEqual({ kind: 'form', message: 'Já existe.' });
    // A field the form does not have: said at form level.
    expect(
      applyApiError(
        result.current,
        { status: 400, data: { error: { code: 'validation', message: 'Campo x inválido.', field: 'x' } } },
        { fields: ['name'] },
      ),
    ).toEqual({ kind: 'form', message: 'Campo x inválido.' });
    // Without a field list, a name with a value in the form counts.
    act(() => {
      expect(
        applyApiError(result.current, {
          status: 400,
          data: { error: { code: 'validation', message: 'Nome inválido.', field: 'name' } },
        }),
      ).toEqual({ kind: 'field', field: 'name', message: 'Nome inválido.' });
    });
    expect(result.current.getFieldState('name').error).toMatchObject({ type: 'server', message: 'Nome inválido.' });
    // A 500 with a field is still a form error.
    expect(
      applyApiError(result.current, { status: 500, data: { error: { code: 'x', message: 'Falhou.', field: 'name' } } }),
    ).toEqual({ kind: 'form', message: 'Falhou.' });
  });

  it('keepTypedValues walks nested objects, keeps edited lists whole, and adopts the rest', () => {
    interface Values {
      name: string;
      version: number;
      address: { street: string; city: string };
      services: { port: number }[];
    }
    const { result } = renderHook(() =>
      useForm<Values>({
        defaultValues: { name: 'A', version: 1, address: { street: 'R. 1', city: 'X' }, services: [{ port: 80 }] },
      }),
    );
    act(() => {
      result.current.setValue('address.city', 'Y', { shouldDirty: true });
      result.current.setValue('services', [{ port: 80 }, { port: 443 }], { shouldDirty: true });
    });
    let kept: string[] = [];
    act(() => {
      kept = keepTypedValues(result.current, {
        name: 'B',
        version: 2,
        address: { street: 'R. 2', city: 'Z' },
        services: [{ port: 22 }],
      });
    });
    expect(kept.sort()).toEqual(['address.city', 'services']);
    expect(result.current.getValues()).toEqual({
      name: 'B',
      version: 2,
      address: { street: 'R. 2', city: 'Y' },
      services: [{ port: 80 }, { port: 443 }],
    });
    expect(result.current.formState.defaultValues).toMatchObject({ name: 'B', version: 2 });
  });
});

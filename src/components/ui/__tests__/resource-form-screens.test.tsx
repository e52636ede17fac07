import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DetailQuery } from '../detail-page';
import type { RecordFormProps } from '../form/use-record-form';
import { PageTitleContext, type PageTitleContextValue } from '../page-title';
import { resourceEditScreen, resourceNewScreen } from '../resource-form-screens';
import { toast } from '../toast';

vi.mock('../toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

interface Thing {
  id: string;
  version: number;
  name: string;
}

interface ThingValues {
  name: string;
}

interface ThingInput {
  name: string;
}

const ALFA: Thing = { id: 't1', version: 3, name: 'Alfa' };

/** A stand-in for a resource's form: shows its values and extra prop, saves `{ name: 'Beta' }`. */
function ThingForm({
  defaultValues,
  onSubmit,
  onSaved,
  onCancel,
  onReloadLatest,
  locked,
}: RecordFormProps<ThingValues, ThingInput, Thing> & { locked?: boolean }) {
  return (
    <form aria-label="Coisa">
      <p>Valor: {defaultValues.name}</p>
      {locked === undefined ? null : <p>Travado: {String(locked)}</p>}
      <button type="button" onClick={() => void onSubmit({ name: 'Beta' }).then(onSaved)}>
        Salvar
      </button>
      <button type="button" onClick={onCancel}>
        Cancelar
      </button>
      {onReloadLatest ? (
        <button type="button" onClick={() => void onReloadLatest()}>
          Recarregar
        </button>
      ) : null}
    </form>
  );
}

function Location() {
  const location = useLocation();
  return <output aria-label="Local">{`${location.pathname}${location.search}`}</output>;
}

function resolves<T>(value: T) {
  return { unwrap: () => Promise.resolve(value) };
}

function renderAt(url: string, pattern: string, element: ReactNode, title?: Partial<PageTitleContextValue>) {
  const context: PageTitleContextValue = { title: '', routeTitle: '', setName: vi.fn(), ...title };
  render(
    <PageTitleContext.Provider value={context}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <Location />
      </MemoryRouter>
    </PageTitleContext.Provider>,
  );
  return context;
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
});

describe('resourceNewScreen', () => {
  const create = vi.fn((arg: { input: ThingInput; idempotencyKey: string }) => resolves({ ...ALFA, name: arg.input.name }));
  const NewThing = resourceNewScreen({
    Form: ThingForm,
    useCreate: () => [create] as const,
    defaultValues: (search) => ({ name: search.get('name') ?? '' }),
    title: 'Nova coisa',
    subtitle: 'Uma coisa qualquer.',
    savedToast: (thing: Thing) => `Coisa ${thing.name} cadastrada.`,
    recordPath: (id) => `/things/${id}`,
    listPath: '/things',
  });

  beforeEach(() => {
    create.mockClear();
  });

  it('shows the title, the subtitle and the first values read from the URL', () => {
    renderAt('/things/new?name=Gama', '/things/new', <NewThing />);
    expect(screen.getByRole('heading', { level: 1, name: 'Nova coisa' })).toBeInTheDocument();
    expect(screen.getByText('Uma coisa qualquer.')).toBeInTheDocument();
    expect(screen.getByText('Valor: Gama')).toBeInTheDocument();
  });

  it('creates with an idempotency key, says so and replaces the form with the record', async () => {
    renderAt('/things/new', '/things/new', <NewThing />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Local' })).toHaveTextContent('/things/t1'));
    expect(create).toHaveBeenCalledWith({ input: { name: 'Beta' }, idempotencyKey: expect.any(String) });
    expect(toast.success).toHaveBeenCalledWith('Coisa Beta cadastrada.');
  });

  it('"Cancelar" goes to the list', async () => {
    renderAt('/things/new', '/things/new', <NewThing />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('status', { name: 'Local' })).toHaveTextContent(/^\/things$/);
  });

  it("a title made from the page's title takes it, else its fallback", () => {
    const Titled = resourceNewScreen({
      Form: ThingForm,
      useCreate: () => [create] as const,
      defaultValues: () => ({ name: '' }),
      title: (pageTitle) => pageTitle || 'Nova coisa',
      subtitle: 'Uma coisa qualquer.',
      savedToast: 'Coisa cadastrada.',
      recordPath: (id) => `/things/${id}`,
      listPath: '/things',
    });
    renderAt('/things/new', '/things/new', <Titled />, { title: 'Cadastrar coisa' });
    expect(screen.getByRole('heading', { level: 1, name: 'Cadastrar coisa' })).toBeInTheDocument();
  });
});

describe('resourceEditScreen', () => {
  let query: DetailQuery<Thing>;
  const update = vi.fn((arg: { id: string; version: number; input: ThingInput }) => resolves({ ...ALFA, ...arg.input }));
  const fetchLatest = vi.fn((id: string) => resolves({ ...ALFA, id, version: 4 }));
  const useGet = vi.fn((_id: string) => query);
  const config = {
    Form: ThingForm,
    useGet,
    useLazyGet: () => [fetchLatest] as const,
    useUpdate: () => [update] as const,
    toForm: (thing: Thing) => ({ name: thing.name }),
    name: (thing: Thing) => thing.name,
    title: 'Editar coisa',
    notFound: {
      notFoundTitle: 'Coisa não encontrada',
      notFoundDescription: 'Ela pode ter sido excluída.',
      backTo: { href: '/things', label: 'Voltar para Coisas' },
    },
    recordPath: (id: string) => `/things/${id}`,
  };
  const EditThing = resourceEditScreen(config);

  beforeEach(() => {
    query = { isLoading: false, data: ALFA, refetch: vi.fn() };
    update.mockClear();
    fetchLatest.mockClear();
    useGet.mockClear();
  });

  it('loads the record of the URL, names the breadcrumb and shows the form with its values', () => {
    const context = renderAt('/things/t1/edit', '/things/:id/edit', <EditThing />);
    expect(useGet).toHaveBeenCalledWith('t1');
    expect(context.setName).toHaveBeenCalledWith(expect.any(String), 'Editar Alfa');
    expect(screen.getByRole('heading', { level: 1, name: 'Editar coisa' })).toBeInTheDocument();
    expect(screen.getByText('Alfa', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Valor: Alfa')).toBeInTheDocument();
    expect(screen.queryByText(/Travado/)).toBeNull();
  });

  it('saves with the loaded version, says "Alterações salvas." and goes to the record', async () => {
    renderAt('/things/t1/edit', '/things/:id/edit', <EditThing />);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Local' })).toHaveTextContent(/^\/things\/t1$/));
    expect(update).toHaveBeenCalledWith({ id: 't1', version: 3, input: { name: 'Beta' } });
    expect(toast.success).toHaveBeenCalledWith('Alterações salvas.');
  });

  it('"Cancelar" goes to the record, and a reload after a 409 fetches the latest', async () => {
    renderAt('/things/t1/edit', '/things/:id/edit', <EditThing />);
    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    expect(fetchLatest).toHaveBeenCalledWith('t1');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('status', { name: 'Local' })).toHaveTextContent(/^\/things\/t1$/);
  });

  it('a 404 shows the resource\'s not-found texts and the way back', () => {
    query = { isLoading: false, error: { status: 404, data: null }, refetch: vi.fn() };
    renderAt('/things/t9/edit', '/things/:id/edit', <EditThing />);
    expect(screen.getByRole('heading', { level: 1, name: 'Coisa não encontrada' })).toBeInTheDocument();
    expect(screen.getByText('Ela pode ter sido excluída.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Coisas' })).toHaveAttribute('href', '/things');
  });

  it('gives the form the props of `useFormProps`, and names the breadcrumb from `currentData` when told', () => {
    const useLock = vi.fn((_thing: Thing) => ({ locked: true }));
    const Locked = resourceEditScreen({ ...config, useFormProps: useLock, breadcrumbFrom: 'currentData' });
    // Another id loading: `data` still holds the previous record, `currentData` has none.
    query = { isLoading: false, data: ALFA, currentData: undefined, isFetching: true, refetch: vi.fn() };
    const context = renderAt('/things/t2/edit', '/things/:id/edit', <Locked />);
    expect(context.setName).not.toHaveBeenCalledWith(expect.any(String), 'Editar Alfa');
    expect(screen.queryByText('Travado: true')).toBeNull();

    query = { isLoading: false, data: ALFA, currentData: ALFA, refetch: vi.fn() };
    renderAt('/things/t1/edit', '/things/:id/edit', <Locked />);
    expect(screen.getByText('Travado: true')).toBeInTheDocument();
    expect(useLock).toHaveBeenCalledWith(ALFA);
  });
});

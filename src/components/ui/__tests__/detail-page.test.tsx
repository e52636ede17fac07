import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DescriptionList, DetailPage, DetailSection, type DetailQuery } from '../detail-page';

interface Customer {
  id: string;
  name: string;
}

function renderPage(query: DetailQuery<Customer>) {
  return render(
    <MemoryRouter>
      <DetailPage
        query={query}
        notFoundTitle="Cliente não encontrado"
        notFoundDescription="Ele pode ter sido excluído."
        backTo={{ href: '/customers', label: 'Voltar para Clientes' }}
      >
        {(customer) => <h1>{customer.name}</h1>}
      </DetailPage>
    </MemoryRouter>,
  );
}

describe('DetailPage', () => {
  it('shows a busy skeleton while loading', () => {
    const { container } = renderPage({ isLoading: true, refetch: vi.fn() });
    expect(screen.getByRole('status')).toHaveTextContent('Carregando…');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('a 404 is the not-found state with its title and a link back to the list', () => {
    renderPage({ isLoading: false, error: { status: 404, data: { error: { code: 'not_found', message: 'Não encontrado.' } } }, refetch: vi.fn() });
    expect(screen.getByRole('heading', { level: 1, name: 'Cliente não encontrado' })).toBeInTheDocument();
    expect(screen.getByText('Ele pode ter sido excluído.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Clientes' })).toHaveAttribute('href', '/customers');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });

  it('another error is an alert with the API message and "Tentar novamente"', () => {
    const refetch = vi.fn();
    renderPage({ isLoading: false, error: { status: 503, data: 'down' }, refetch });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('O servidor está com problemas (erro 503). Tente novamente em instantes.')).toBeInTheDocument();
    expect(screen.queryByText('Cliente não encontrado')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(within(alert).getByRole('link', { name: 'Voltar para Clientes' })).toBeInTheDocument();
  });

  it('renders the record', () => {
    renderPage({ isLoading: false, data: { id: 'c1', name: 'Acme Ltda' }, refetch: vi.fn() });
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Ltda' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a record on screen when its refetch fails, with the error above it', () => {
    renderPage({
      isLoading: false,
      data: { id: 'c1', name: 'Acme Ltda' },
      currentData: { id: 'c1', name: 'Acme Ltda' },
      error: { status: 'FETCH_ERROR', error: 'offline' },
      refetch: vi.fn(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Ltda' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível atualizar');
  });

  it('never shows the previous record while another id loads (RTK Query currentData)', () => {
    renderPage({ isLoading: false, isFetching: true, data: { id: 'c1', name: 'Acme Ltda' }, currentData: undefined, refetch: vi.fn() });
    expect(screen.queryByText('Acme Ltda')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando…');
  });
});

describe('DetailSection and DescriptionList', () => {
  it('are a named region with its actions and term/value pairs ("—" when empty)', () => {
    render(
      <DetailSection title="Dados do cliente" actions={<button type="button">Editar</button>}>
        <DescriptionList
          items={[
            { term: 'Razão social', description: 'Acme Ltda' },
            { term: 'E-mail', description: '' },
          ]}
        />
      </DetailSection>,
    );
    const region = screen.getByRole('region', { name: 'Dados do cliente' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Dados do cliente' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(region).getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Razão social', 'E-mail']);
    const values = within(region).getAllByRole('definition');
    expect(values[0]).toHaveTextContent('Acme Ltda');
    expect(values[1]).toHaveTextContent('—Não informado');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, ErrorFallback } from '../error-fallback';
import { NotFoundPage } from '../not-found';

describe('404 page', () => {
  it('shows the spec\'s texts and a way home', () => {
    render(<NotFoundPage />);
    expect(screen.getByText('404', { selector: 'p' })).toBeVisible();
    expect(screen.getByRole('heading', { name: /Página não encontrada/ })).toBeVisible();
    expect(
      screen.getByText(
        'Opa! Não conseguimos encontrar a página que você procurou. Verifique o endereço ou volte para a página inicial.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para a Home' })).toHaveAttribute('href', '/');
  });
});

describe('generic error fallback', () => {
  it('"Something went wrong!" with Show Error / Hide Error', async () => {
    const user = userEvent.setup();
    render(<ErrorFallback error={new Error('quebrou aqui')} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
    expect(screen.queryByText(/quebrou aqui/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText(/quebrou aqui/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(screen.queryByText(/quebrou aqui/)).toBeNull();
  });

  it('the boundary catches a render error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('falha de render');
    }
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
  });
});

import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { StableNavigateProvider, useStableNavigate } from '../stable-navigate';

describe('useStableNavigate', () => {
  it('is one function across navigations, follows absolute paths under the basename, and renders no reader again', () => {
    const seen: Array<ReturnType<typeof useStableNavigate>> = [];
    function Reader() {
      const navigate = useStableNavigate();
      seen.push(navigate);
      return (
        <button type="button" onClick={() => navigate('/machines?page=2')}>
          Ir
        </button>
      );
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <StableNavigateProvider>
              <Reader />
              <Outlet />
            </StableNavigateProvider>
          ),
          children: [
            { index: true, element: <p>Início</p> },
            { path: 'machines', element: <p>Máquinas</p> },
          ],
        },
      ],
      { initialEntries: ['/portal'], basename: '/portal' },
    );
    render(<RouterProvider router={router} />);
    const renders = seen.length;
    act(() => screen.getByRole('button', { name: 'Ir' }).click());
    expect(router.state.location.pathname).toBe('/portal/machines');
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Máquinas')).toBeInTheDocument();
    // The provider's route rendered again; its reader did not (its element and the function are the same).
    expect(seen).toHaveLength(renders);
    expect(new Set(seen).size).toBe(1);
  });

  it('says where it is missing', () => {
    function Orphan() {
      useStableNavigate();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useStableNavigate precisa do StableNavigateProvider (RootLayout).');
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { StableLink, StableLinksProvider, useStableNavigate } from '../stable-links';

function setup(reader: () => ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <StableLinksProvider>
            {reader()}
            <Outlet />
          </StableLinksProvider>
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
  return router;
}

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
    const router = setup(() => <Reader />);
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
    expect(() => render(<Orphan />)).toThrow('Links estáveis precisam do StableLinksProvider (RootLayout).');
  });
});

describe('StableLink', () => {
  it('has the href under the basename, and a plain click follows it through the router without rendering again', () => {
    let renders = 0;
    function Reader() {
      renders += 1;
      return <StableLink to="/machines">Máquinas</StableLink>;
    }
    const router = setup(() => <Reader />);
    const link = screen.getByRole('link', { name: 'Máquinas' });
    expect(link).toHaveAttribute('href', '/portal/machines');
    const before = renders;
    act(() => {
      fireEvent.click(link);
    });
    expect(router.state.location.pathname).toBe('/portal/machines');
    expect(screen.getByText('Máquinas', { selector: 'p' })).toBeInTheDocument();
    expect(renders).toBe(before);
  });

  it('leaves a modified click to the browser (new tab, new window)', () => {
    const router = setup(() => <StableLink to="/machines">Máquinas</StableLink>);
    const link = screen.getByRole('link', { name: 'Máquinas' });
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...modifier });
      act(() => {
        link.dispatchEvent(click);
      });
      expect(click.defaultPrevented).toBe(false);
    }
    expect(router.state.location.pathname).toBe('/portal');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  readSidebarCookie,
  Sidebar,
  SidebarContent,
  SidebarLink,
  SidebarProvider,
  SidebarTrigger,
  SIDEBAR_COOKIE_MAX_AGE,
} from '../sidebar';

function Shell() {
  return (
    <MemoryRouter initialEntries={['/machines']}>
      <SidebarProvider>
        <Sidebar label="Menu lateral">
          <SidebarContent label="Principal">
            <ul>
              <SidebarLink to="/" end label="Dashboard" icon={<span />} />
              <SidebarLink to="/machines" label="Máquinas" icon={<span />} />
            </ul>
          </SidebarContent>
        </Sidebar>
        <SidebarTrigger />
      </SidebarProvider>
    </MemoryRouter>
  );
}

describe('sidebar', () => {
  it('reads sidebar_state', () => {
    expect(readSidebarCookie('a=1; sidebar_state=false')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
    expect(readSidebarCookie('sidebar_state=talvez')).toBeNull();
    expect(readSidebarCookie('')).toBeNull();
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(7 * 24 * 60 * 60);
  });

  it('starts from the cookie on the first render (no flicker)', () => {
    document.cookie = 'sidebar_state=false; path=/';
    render(<Shell />);
    expect(screen.getByRole('complementary', { name: 'Menu lateral' })).toHaveAttribute('data-state', 'collapsed');
    // Collapsed: the label is the link's accessible name (its tooltip shows it on hover).
    expect(screen.getByRole('link', { name: 'Máquinas' })).toHaveAttribute('aria-current', 'page');
  });

  it('Ctrl+B and Cmd+B toggle it and write the cookie', () => {
    render(<Shell />);
    const aside = screen.getByRole('complementary', { name: 'Menu lateral' });
    expect(aside).toHaveAttribute('data-state', 'expanded');
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(aside).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
    fireEvent.keyDown(window, { key: 'B', metaKey: true });
    expect(aside).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar_state=true');
    fireEvent.click(screen.getByRole('button', { name: 'Alternar menu lateral' }));
    expect(aside).toHaveAttribute('data-state', 'collapsed');
  });
});

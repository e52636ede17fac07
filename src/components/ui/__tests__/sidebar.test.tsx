import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  isActivePath,
  readSidebarCookie,
  Sidebar,
  SidebarContent,
  SidebarLink,
  SidebarProvider,
  SidebarTrigger,
  SIDEBAR_COOKIE_MAX_AGE,
} from '../sidebar';
import { StableLinksProvider } from '../stable-links';

function Shell() {
  return (
    <MemoryRouter initialEntries={['/machines']}>
      <StableLinksProvider>
        <SidebarProvider>
          <Sidebar label="Menu lateral">
            <SidebarContent label="Principal">
              <ul>
                <SidebarLink to="/" active={false} label="Dashboard" icon={<span />} />
                <SidebarLink to="/machines" active label="Máquinas" icon={<span />} />
              </ul>
            </SidebarContent>
          </Sidebar>
          <SidebarTrigger />
        </SidebarProvider>
      </StableLinksProvider>
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

  it('marks the current page as NavLink would: its path or, unless `end`, a page under it', () => {
    expect(isActivePath('/machines', '/machines')).toBe(true);
    expect(isActivePath('/machines/m1/edit', '/machines')).toBe(true);
    expect(isActivePath('/Machines/', '/machines')).toBe(true);
    expect(isActivePath('/machines-old', '/machines')).toBe(false);
    expect(isActivePath('/machines/m1', '/machines', true)).toBe(false);
    expect(isActivePath('/', '/', true)).toBe(true);
    expect(isActivePath('/machines', '/')).toBe(false);
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

import { StrictMode, type ReactElement } from 'react';
import { render as renderPlain, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeferredMenu, preloadMenu, type LoadedMenuProps, type MenuModule } from '../deferred-menu';
import { DropdownMenuContent, DropdownMenuItem, LoadedDropdownMenu } from '../dropdown-menu';

function TestMenu({ onPick, ...menu }: LoadedMenuProps & { onPick: () => void }) {
  return (
    <LoadedDropdownMenu {...menu}>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onPick}>Perfil</DropdownMenuItem>
      </DropdownMenuContent>
    </LoadedDropdownMenu>
  );
}

/** A load that resolves when the test says so (the chunk's download), counting its calls. */
function controlledLoad() {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const load = vi.fn(async (): Promise<MenuModule<{ onPick: () => void }>> => {
    await arrived;
    return { default: TestMenu };
  });
  return { load, release: () => release() };
}

/** As the app renders (main.tsx): StrictMode, whose development double mount once kept a loaded menu from showing. */
const render = (ui: ReactElement) => renderPlain(<StrictMode>{ui}</StrictMode>);

const trigger = (
  <button type="button" aria-label="Menu do usuário">
    AB
  </button>
);

describe('DeferredMenu', () => {
  it('shows the same button before the code is in, fetches on a press and opens once it arrives', async () => {
    const { load, release } = controlledLoad();
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<DeferredMenu trigger={trigger} load={load} props={{ onPick }} />);
    const button = screen.getByRole('button', { name: 'Menu do usuário' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(load).not.toHaveBeenCalled();

    await user.click(button);
    expect(load).toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
    release();
    await user.click(await screen.findByRole('menuitem', { name: 'Perfil' }));
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('keeps the focus on the button when the code arrives, and opens with the keyboard', async () => {
    const { load, release } = controlledLoad();
    const user = userEvent.setup();
    render(<DeferredMenu trigger={trigger} load={load} props={{ onPick: vi.fn() }} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Menu do usuário' })).toHaveFocus();
    expect(load).toHaveBeenCalledTimes(1); // focusing it starts the download
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Menu do usuário' })).toHaveAttribute('data-state', 'closed'));
    expect(screen.getByRole('button', { name: 'Menu do usuário' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Perfil' })).toBeInTheDocument();
  });

  it('Enter before the code is in opens the menu when it arrives; the idle preload shares the download', async () => {
    const { load, release } = controlledLoad();
    const user = userEvent.setup();
    void preloadMenu(load);
    render(<DeferredMenu trigger={trigger} load={load} props={{ onPick: vi.fn() }} />);
    screen.getByRole('button', { name: 'Menu do usuário' }).focus();
    await user.keyboard('{Enter}');
    release();
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Perfil' })).toHaveFocus());
    expect(load).toHaveBeenCalledTimes(1);
  });
});

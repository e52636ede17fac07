import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Popover } from '../popover';
import { ScrollArea } from '../scroll-area';

function Example() {
  return (
    <Popover label="Notificações" triggerLabel="Notificações (2 novas)" trigger={<span>sino</span>} className="w-80">
      {(close) => (
        <>
          <ScrollArea
            viewportClassName="max-h-notifications"
            viewportProps={{ 'data-testid': 'scroll', tabIndex: 0, role: 'region', 'aria-label': 'Lista' }}
          >
            <p>Novo pedido</p>
          </ScrollArea>
          <button type="button" onClick={close}>
            Fechar painel
          </button>
        </>
      )}
    </Popover>
  );
}

describe('Popover', () => {
  it('opens a labelled dialog, focuses inside it, and Escape closes it returning focus to the trigger', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Notificações (2 novas)' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const panel = screen.getByRole('dialog', { name: 'Notificações' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    const region = screen.getByRole('region', { name: 'Lista' });
    expect(region).toBe(screen.getByTestId('scroll'));
    expect(region).toHaveClass('max-h-notifications');
    await waitFor(() => expect(region).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('the render prop’s close() closes it', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Notificações (2 novas)' }));
    await user.click(screen.getByRole('button', { name: 'Fechar painel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notificações (2 novas)' })).toHaveFocus());
  });
});

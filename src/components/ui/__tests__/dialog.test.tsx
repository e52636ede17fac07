import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Badge } from '../badge';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../dialog';

describe('Dialog', () => {
  it('opens from its trigger, is labelled, and "Fechar" closes it returning focus', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Novo cliente</DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Novo cliente</DialogTitle>
            <DialogDescription>Preencha os dados do cliente.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose>Cancelar</DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Novo cliente' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Novo cliente' });
    expect(dialog).toHaveAccessibleDescription('Preencha os dados do cliente.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Badge', () => {
  it('shows its text, with a decorative dot when asked', () => {
    render(
      <Badge tone="success" dot>
        Online
      </Badge>,
    );
    const badge = screen.getByText('Online');
    expect(badge).toHaveClass('text-green-800');
    expect(badge.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});

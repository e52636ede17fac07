import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Badge } from '../badge';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormDialog,
} from '../dialog';

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

describe('FormDialog', () => {
  const renderForm = (props: { busy?: boolean; dirty?: boolean }) => {
    const onOpenChange = vi.fn();
    render(
      <FormDialog onOpenChange={onOpenChange} busy={props.busy ?? false} dirty={props.dirty ?? false} title="Nova rota" description="Uma rede atrás do nó.">
        <input aria-label="Rede" />
      </FormDialog>,
    );
    return { onOpenChange, dialog: screen.getByRole('dialog', { name: 'Nova rota' }) };
  };

  it('is open, labelled and described; the dialog itself has the focus, not a field', async () => {
    const { dialog } = renderForm({});
    expect(dialog).toHaveAccessibleDescription('Uma rede atrás do nó.');
    await waitFor(() => expect(dialog).toHaveFocus());
  });

  it('a click outside closes a clean form', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { onOpenChange } = renderForm({});
    await user.click(document.body);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('keeps what was typed on a click outside; Escape still asks to close', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { onOpenChange } = renderForm({ dirty: true });
    await user.click(document.body);
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onOpenChange).toHaveBeenCalledTimes(1);
  });

  it('while saving, nothing closes it', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { onOpenChange } = renderForm({ busy: true });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await user.click(document.body);
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from '../alert-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';

type HarnessProps = Partial<Omit<ConfirmDialogProps, 'open' | 'onOpenChange'>> & { onOpenChange?(open: boolean): void };

/** A screen that opens the dialog from a button, as a caller would. */
function Harness({ onOpenChange, onConfirm = () => undefined, title = 'Excluir cliente?', ...props }: HarnessProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Excluir
      </button>
      <ConfirmDialog
        {...props}
        title={title}
        open={open}
        onConfirm={onConfirm}
        onOpenChange={(next) => {
          onOpenChange?.(next);
          setOpen(next);
        }}
      />
    </>
  );
}

async function openDialog(props: HarnessProps = {}) {
  const user = userEvent.setup();
  const view = render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Excluir' }));
  const dialog = await screen.findByRole('alertdialog', { name: props.title ?? 'Excluir cliente?' });
  return { user, dialog, ...view };
}

describe('ConfirmDialog', () => {
  it('opens with its title, description and default labels, focus on Cancel', async () => {
    const { dialog } = await openDialog({ description: 'A Metalúrgica Alfa será removida.' });
    expect(dialog).toBeVisible();
    expect(dialog).toHaveAccessibleDescription('A Metalúrgica Alfa será removida.');
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus());
  });

  it('confirm calls onConfirm and leaves the dialog open; the tone and labels are the caller’s', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    const { user } = await openDialog({ onConfirm, onOpenChange, tone: 'danger', confirmLabel: 'Excluir', cancelLabel: 'Voltar' });
    // The page's trigger is hidden behind the modal: the only 'Excluir' button left is the dialog's.
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeVisible();
  });

  it('pending: confirm and cancel disabled, spinner shown, Escape does not close', async () => {
    const onOpenChange = vi.fn();
    const { user, rerender } = await openDialog({ onOpenChange });
    rerender(<Harness onOpenChange={onOpenChange} pending />);
    const confirm = screen.getByRole('button', { name: 'Confirmar' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(confirm.querySelector('svg.animate-spin')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalled();
    // Focus stays inside the dialog, not on <body>.
    expect(screen.getByRole('alertdialog').contains(document.activeElement)).toBe(true);
  });

  it('shows the error with role="alert" inside the dialog', async () => {
    const { rerender } = await openDialog();
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<Harness error="Cliente com máquinas vinculadas não pode ser excluído." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Cliente com máquinas vinculadas não pode ser excluído.');
    expect(screen.getByRole('alertdialog')).toContainElement(alert);
  });

  it('Escape closes when not pending and focus returns to the trigger', async () => {
    const onOpenChange = vi.fn();
    const { user } = await openDialog({ onOpenChange });
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Excluir' })).toHaveFocus());
  });

  it('Cancel closes', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

describe('ConfirmDialog opened from a menu item', () => {
  it('gives the focus back to the menu button on close (the item is gone by then)', async () => {
    function RowActions() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <DropdownMenu>
            <DropdownMenuTrigger>Ações</DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={() => setOpen(true)}>Excluir</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <ConfirmDialog open={open} onOpenChange={setOpen} title="Excluir máquina?" tone="danger" onConfirm={() => undefined} />
        </>
      );
    }
    const user = userEvent.setup();
    render(<RowActions />);
    await user.click(screen.getByRole('button', { name: 'Ações' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    await screen.findByRole('alertdialog', { name: 'Excluir máquina?' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ações' })).toHaveFocus());
  });
});

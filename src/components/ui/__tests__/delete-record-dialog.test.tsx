import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DeleteRecordDialog, RecordConfirmDialog, RecordName } from '../delete-record-dialog';
import { toast } from '../toast';

vi.mock('../toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

interface Row {
  id: string;
  name: string;
}

const ALFA: Row = { id: 'c1', name: 'Metalúrgica Alfa' };

/** A refusal as RTK Query's `.unwrap()` rejects with it. */
const conflict = { status: 409, data: { error: { code: 'CONFLICT', message: 'Cliente possui 2 máquinas.' } } };

function Harness({
  remove,
  pending = false,
  onDeleted,
  onOpenChange,
}: {
  remove(record: Row): Promise<unknown>;
  pending?: boolean;
  onDeleted?: () => void;
  onOpenChange?: (open: boolean) => void;
}) {
  const [record, setRecord] = useState<Row | null>(null);
  return (
    <>
      <button type="button" onClick={() => setRecord(ALFA)}>
        Abrir
      </button>
      <DeleteRecordDialog
        record={record}
        title="Excluir cliente?"
        description={(row) => (
          <>
            <RecordName>{row.name}</RecordName> será excluído.
          </>
        )}
        remove={remove}
        pending={pending}
        successMessage="Cliente excluído."
        onOpenChange={(open) => {
          onOpenChange?.(open);
          if (!open) setRecord(null);
        }}
        onDeleted={onDeleted}
      />
    </>
  );
}

async function open(props: Parameters<typeof Harness>[0]) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Abrir' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Excluir cliente?' });
  return { user, dialog };
}

describe('DeleteRecordDialog', () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
  });

  it('is closed without a record; open, it describes the record and offers a red "Excluir"', async () => {
    const { dialog } = await open({ remove: vi.fn() });
    expect(dialog).toHaveAccessibleDescription('Metalúrgica Alfa será excluído.');
    expect(screen.getByText('Metalúrgica Alfa').tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: 'Excluir' })).toHaveClass('bg-red-700');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus());
  });

  it('deletes the record: toast, closes, then onDeleted', async () => {
    const remove = vi.fn().mockResolvedValue(undefined);
    const onDeleted = vi.fn();
    const onOpenChange = vi.fn();
    const { user } = await open({ remove, onDeleted, onOpenChange });
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(remove).toHaveBeenCalledWith(ALFA);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('Cliente excluído.');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('a refusal is said inside the dialog, which stays open; closing clears it', async () => {
    const remove = vi.fn().mockRejectedValue(conflict);
    const onDeleted = vi.fn();
    const { user } = await open({ remove, onDeleted });
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cliente possui 2 máquinas.');
    expect(screen.getByRole('alertdialog')).toBeVisible();
    expect(toast.success).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await screen.findByRole('alertdialog', { name: 'Excluir cliente?' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('while pending, the confirm button is busy and Cancel is disabled', async () => {
    await open({ remove: vi.fn(), pending: true });
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(screen.getByRole('alertdialog')).toHaveAttribute('aria-busy', 'true');
  });
});

describe('RecordConfirmDialog', () => {
  it('runs another action with its own label and tone', async () => {
    const user = userEvent.setup();
    const run = vi.fn().mockResolvedValue(undefined);
    const onOpenChange = vi.fn();
    render(
      <RecordConfirmDialog
        record={ALFA}
        title="Ativar regra?"
        description={(row) => `${row.name} passa a valer.`}
        confirmLabel="Ativar"
        tone="default"
        run={run}
        pending={false}
        successMessage="Regra ativada."
        onOpenChange={onOpenChange}
      />,
    );
    const confirm = await screen.findByRole('button', { name: 'Ativar' });
    expect(confirm).not.toHaveClass('bg-red-700');
    await user.click(confirm);
    expect(run).toHaveBeenCalledWith(ALFA);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toast.success).toHaveBeenCalledWith('Regra ativada.');
  });
});

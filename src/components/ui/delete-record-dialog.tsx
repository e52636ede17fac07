import { useState, type JSX, type ReactNode } from 'react';
import { apiErrorMessage } from '@/lib/api/errors';
import { ConfirmDialog, type ConfirmDialogProps } from './alert-dialog';
import { toast } from './toast';

export interface RecordConfirmDialogProps<R> {
  /** The record the action is about; the dialog is open while it is not null. */
  record: R | null;
  title: string;
  /** The sentence(s) under the title, for the record at hand. */
  description(record: R): ReactNode;
  confirmLabel: string;
  /** Default 'danger'. */
  tone?: ConfirmDialogProps['tone'];
  /** The work (a mutation's `.unwrap()`); a rejection is the backend's refusal, said inside the dialog. */
  run(record: R): Promise<unknown>;
  /** The mutation is in flight: the dialog cannot be closed. */
  pending: boolean;
  /** The success toast, once `run` resolves. */
  successMessage: string;
  onOpenChange(open: boolean): void;
  /** After a success, once the dialog has asked to close (e.g. leave a detail page). */
  onDone?: () => void;
}

/**
 * A confirmation of one action on one record (delete, disable, activate): confirm runs it; success toasts and
 * closes; a refusal of the backend (apiErrorMessage) is said inside the dialog, which stays open. The error is
 * cleared when the dialog closes or the action is tried again.
 */
export function RecordConfirmDialog<R>({
  record,
  title,
  description,
  confirmLabel,
  tone = 'danger',
  run,
  pending,
  successMessage,
  onOpenChange,
  onDone,
}: RecordConfirmDialogProps<R>): JSX.Element {
  const [error, setError] = useState<string | null>(null);

  const close = (open: boolean) => {
    if (!open) setError(null);
    onOpenChange(open);
  };

  const confirm = async () => {
    if (record === null) return;
    setError(null);
    try {
      await run(record);
      toast.success(successMessage);
      close(false);
      onDone?.();
    } catch (reason) {
      setError(apiErrorMessage(reason));
    }
  };

  return (
    <ConfirmDialog
      open={record !== null}
      onOpenChange={close}
      title={title}
      description={record !== null ? description(record) : null}
      confirmLabel={confirmLabel}
      tone={tone}
      pending={pending}
      error={error}
      onConfirm={() => void confirm()}
    />
  );
}

export interface DeleteRecordDialogProps<R> {
  record: R | null;
  /** "Excluir cliente?" */
  title: string;
  description(record: R): ReactNode;
  /** The delete (a mutation's `.unwrap()`); a 409 with its reason is said inside the dialog. */
  remove(record: R): Promise<unknown>;
  pending: boolean;
  /** "Cliente excluído." */
  successMessage: string;
  onOpenChange(open: boolean): void;
  onDeleted?: () => void;
}

/** "Excluir" behind a confirmation (a red "Excluir" button); nothing is deleted when the backend refuses. */
export function DeleteRecordDialog<R>({ remove, onDeleted, ...props }: DeleteRecordDialogProps<R>): JSX.Element {
  return <RecordConfirmDialog {...props} confirmLabel="Excluir" tone="danger" run={remove} onDone={onDeleted} />;
}

/** A record that is switched on and off ("Ativo"), written with its version (If-Match). */
export interface ToggledRecord {
  id: string;
  version: number;
  active: boolean;
}

/** One side of ActiveToggleDialog: what turning the record on (or off) says and does. */
export interface ToggleSide<R> {
  /** "Ativar produto?" */
  title: string;
  /** What follows the record's name in the description: "sai do catálogo do portal a partir de agora." */
  consequence(record: R): string;
  /** The mutation (its `.unwrap()`). */
  run(args: { id: string; version: number }): Promise<unknown>;
  /** The success toast. */
  successMessage: string;
}

/**
 * "Ativar" or "Desativar" a record, confirmed first, as its `active` says: "Ativar" in the default tone, "Desativar"
 * in red; the description is the record's name and what the change does; a refusal is said inside the dialog.
 */
export function ActiveToggleDialog<R extends ToggledRecord>({
  record,
  nameOf,
  activate,
  deactivate,
  pending,
  onOpenChange,
}: {
  record: R | null;
  nameOf(record: R): string;
  activate: ToggleSide<R>;
  deactivate: ToggleSide<R>;
  pending: boolean;
  onOpenChange(open: boolean): void;
}): JSX.Element {
  const turningOn = record ? !record.active : false;
  const side = turningOn ? activate : deactivate;
  return (
    <RecordConfirmDialog
      record={record}
      title={side.title}
      description={(current) => (
        <p>
          <RecordName>{nameOf(current)}</RecordName> {side.consequence(current)}
        </p>
      )}
      confirmLabel={turningOn ? 'Ativar' : 'Desativar'}
      tone={turningOn ? 'default' : 'danger'}
      run={(current) => side.run({ id: current.id, version: current.version })}
      pending={pending}
      successMessage={side.successMessage}
      onOpenChange={onOpenChange}
    />
  );
}

/** A record's name in a confirmation's description, in bold (`mono` for a code: a network, a serial). */
export function RecordName({ children, mono = false }: { children: ReactNode; mono?: boolean }) {
  return <strong className={mono ? 'font-mono font-semibold text-slate-900' : 'font-semibold text-slate-900'}>{children}</strong>;
}

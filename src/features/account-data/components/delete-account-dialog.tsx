import { useState, type FormEvent } from 'react';
import { DELETION_CONSEQUENCES, normalizeCompanyName } from '@/contracts/account-data';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api/errors';
import { useDeleteAccountMutation } from '../api';

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The company's name as the account has it: what must be typed. */
  companyName: string;
  /** After the server deleted the account (the caller signs out). */
  onDeleted(): void | Promise<void>;
}

/**
 * "Excluir conta": what happens, said before anything is done, then the company's name typed exactly (the button
 * stays disabled until it matches; the server checks it again). Escape and Cancelar close it unless it is deleting.
 */
export function DeleteAccountDialog({ open, onOpenChange, companyName, onDeleted }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const matches = normalizeCompanyName(typed) !== '' && normalizeCompanyName(typed) === normalizeCompanyName(companyName);

  const close = (next: boolean) => {
    if (isLoading) return;
    if (!next) {
      setTyped('');
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches || isLoading) return;
    setError(null);
    try {
      await deleteAccount({ companyName: typed }).unwrap();
    } catch (failure) {
      setError(apiErrorMessage(failure));
      return;
    }
    await onDeleted();
  };

  return (
    <AlertDialog open={open} onOpenChange={close}>
      <AlertDialogContent
        size="md"
        aria-busy={isLoading || undefined}
        onEscapeKeyDown={(event) => {
          if (isLoading) event.preventDefault();
        }}
      >
        <form onSubmit={(event) => void submit(event)} className="space-y-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Excluir a conta de {companyName}?</AlertDialogTitle>
            <AlertDialogDescription asChild>
              <div className="space-y-2">
                <p>Antes de confirmar, veja o que acontece:</p>
                <ul className="list-disc space-y-1 pl-5">
                  {DELETION_CONSEQUENCES.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                <p>Se quiser uma cópia, use &quot;Exportar meus dados&quot; antes.</p>
              </div>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <TextField
            label="Nome da empresa"
            hint={
              <>
                Digite <strong className="font-semibold text-slate-900">{companyName}</strong> para confirmar.
              </>
            }
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
            autoComplete="off"
            spellCheck={false}
            disabled={isLoading}
          />
          {error ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={isLoading}>Cancelar</AlertDialogCancel>
            <Button type="submit" variant="danger" disabled={!matches} loading={isLoading}>
              Excluir conta definitivamente
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

import { useState, type FormEvent } from 'react';
import { DELETION_CONSEQUENCES, normalizeCompanyName, RECENT_SIGN_IN_CODE, type AccountDeletionSchedule } from '@/contracts/account-data';
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
import { apiErrorCode, apiErrorMessage } from '@/lib/api/errors';
import { useDeleteAccountMutation } from '../api';
import { reauthenticate, reauthErrorMessage, reauthMethod, type ReauthMethod } from '../reauthenticate';

export const REAUTH_PROMPT = 'Por segurança, confirme que é você antes de excluir a conta.';

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The company's name as the account has it: what must be typed. */
  companyName: string;
  /** After the server scheduled the deletion (the section then shows "Exclusão agendada para {data}"). */
  onScheduled(schedule: AccountDeletionSchedule): void;
}

/**
 * "Excluir conta": what happens, said before anything is done, then the company's name typed exactly (the button
 * stays disabled until it matches; the server checks it again). The server asks for a recent sign-in: when it says
 * the sign-in is too old (403 `recent-sign-in-required`), the dialog asks for the password (or Google's popup for
 * an account made with Google), signs in again and asks once more. Escape and Cancelar close it unless it is busy.
 */
export function DeleteAccountDialog({ open, onOpenChange, companyName, onScheduled }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reauth, setReauth] = useState<ReauthMethod | null>(null);
  const [password, setPassword] = useState('');
  const [signingIn, setSigningIn] = useState(false);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const busy = isLoading || signingIn;
  const matches = normalizeCompanyName(typed) !== '' && normalizeCompanyName(typed) === normalizeCompanyName(companyName);
  const ready = matches && (reauth !== 'password' || password !== '');

  const reset = () => {
    setTyped('');
    setError(null);
    setReauth(null);
    setPassword('');
  };

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const ask = async () => {
    try {
      const schedule = await deleteAccount({ companyName: typed }).unwrap();
      reset();
      onScheduled(schedule);
    } catch (failure) {
      if (apiErrorCode(failure) === RECENT_SIGN_IN_CODE) {
        setReauth(await reauthMethod().catch((): ReauthMethod => 'password'));
        setError(REAUTH_PROMPT);
        return;
      }
      setError(apiErrorMessage(failure));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setError(null);
    if (reauth) {
      setSigningIn(true);
      try {
        await reauthenticate(password);
      } catch (failure) {
        setError(reauthErrorMessage(failure));
        return;
      } finally {
        setSigningIn(false);
      }
      setPassword('');
    }
    await ask();
  };

  return (
    <AlertDialog open={open} onOpenChange={close}>
      <AlertDialogContent
        size="md"
        aria-busy={busy || undefined}
        onEscapeKeyDown={(event) => {
          if (busy) event.preventDefault();
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
              if (!reauth) setError(null);
            }}
            autoComplete="off"
            spellCheck={false}
            disabled={busy}
          />
          {reauth === 'password' ? (
            <TextField
              label="Sua senha"
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              disabled={busy}
              autoFocus
            />
          ) : null}
          {error ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancelar</AlertDialogCancel>
            <Button type="submit" variant="danger" disabled={!ready} loading={busy}>
              {reauth === 'password' ? 'Confirmar senha e agendar' : reauth === 'google' ? 'Confirmar com o Google e agendar' : 'Agendar exclusão'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

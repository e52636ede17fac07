import { useCallback, useEffect } from 'react';
import { ACCOUNT_DELETED_CODE, ACCOUNT_DELETED_MESSAGE } from '@/contracts/account-deleted';
import { toast } from '@/components/ui/toast';
import { useStableNavigate } from '@/components/ui/stable-links';
import { signOut } from '@/features/auth/auth-actions';
import { apiErrorCode } from '@/lib/api/errors';
import { useAppDispatch } from '@/lib/redux';

export const ACCOUNT_DELETED_TOAST = 'Sua conta foi excluída. O acesso de toda a equipe foi encerrado.';

/**
 * After "Excluir conta" (or when the API says the account is gone): the session ends — everything the browser kept
 * of the person cleared, as on any sign-out, whether or not the identity service answered — and the area's sign-in
 * opens with a toast saying why.
 */
export function useSignOutDeleted(signInPath: string, message = ACCOUNT_DELETED_TOAST) {
  const dispatch = useAppDispatch();
  const navigate = useStableNavigate();
  return useCallback(async () => {
    await dispatch(signOut()).catch(() => undefined);
    toast.success(message);
    navigate(signInPath, { replace: true });
  }, [dispatch, navigate, signInPath, message]);
}

/**
 * A member still signed in when an Administrador deleted the account: the next `GET /me` (the shell's role) answers
 * 403 `account-deleted`, and the session ends with "Esta conta foi excluída.".
 */
export function useEndSessionIfAccountDeleted(error: unknown, signInPath: string) {
  const end = useSignOutDeleted(signInPath, ACCOUNT_DELETED_MESSAGE);
  const deleted = apiErrorCode(error) === ACCOUNT_DELETED_CODE;
  useEffect(() => {
    if (deleted) void end();
  }, [deleted, end]);
}

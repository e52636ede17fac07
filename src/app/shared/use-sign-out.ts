import { useCallback } from 'react';
import { toast } from '@/components/ui/toast';
import { signOut, type AuthError } from '@/features/auth/auth-actions';
import { useAppDispatch } from '@/lib/redux';
import { useStableNavigate } from '@/components/ui/stable-links';

/** Signs out, clears every cache, and goes to the area's sign-in. */
export function useSignOut(signInPath: string) {
  const dispatch = useAppDispatch();
  const navigate = useStableNavigate();
  return useCallback(async () => {
    try {
      await dispatch(signOut()).unwrap();
      toast.success('Você saiu da sua conta.');
    } catch (error) {
      toast.error((error as AuthError).message);
    }
    navigate(signInPath, { replace: true });
  }, [dispatch, navigate, signInPath]);
}

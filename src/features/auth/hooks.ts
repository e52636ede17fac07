import { useSelector } from 'react-redux';
import { selectAuth } from './auth-slice';
import type { AuthState } from './types';

export function useAuth(): AuthState {
  return useSelector(selectAuth);
}

/** The signed-in user; only for screens behind RequireAuth. */
export function useCurrentUser() {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser fora de uma rota protegida.');
  return user;
}

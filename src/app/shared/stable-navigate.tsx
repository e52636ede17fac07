import { createContext, useCallback, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router-dom';

type StableNavigate = (to: To, options?: NavigateOptions) => void;

const StableNavigateContext = createContext<StableNavigate | null>(null);

/**
 * A navigate function that never changes, for the shell's sidebar, menus and search box (absolute paths only).
 * React Router's `useNavigate` reads the route context, so every component that calls it renders again on every
 * navigation — the whole shell did, on each page, sort or search of a list (measured with `npm run bench`).
 * RootLayout renders on every navigation anyway; it provides this.
 */
export function StableNavigateProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  const stable = useCallback<StableNavigate>((to, options) => {
    void latest.current(to, options);
  }, []);
  return <StableNavigateContext.Provider value={stable}>{children}</StableNavigateContext.Provider>;
}

export function useStableNavigate(): StableNavigate {
  const navigate = useContext(StableNavigateContext);
  if (!navigate) throw new Error('useStableNavigate precisa do StableNavigateProvider (RootLayout).');
  return navigate;
}

import {
  createContext,
  forwardRef,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useHref, useNavigate, type NavigateOptions } from 'react-router-dom';

/**
 * Links and a navigate function that never change. React Router's `Link`, `NavLink`, `useNavigate` and `useHref` read
 * the route context, so each component using them renders again on every navigation: the whole sidebar, the shell's
 * menus and every row link of a list did, on each page, sort or search (measured with `npm run bench`). The provider
 * (in RootLayout, which renders on every navigation anyway) reads the router once; what uses these does not.
 * Paths are the app's absolute paths (`portalPaths.customer(id)`); the router's basename is added to hrefs here.
 */
export interface StableLinks {
  /** The href of an app path (`/customers` → `/portal/customers` under the `/portal` basename). */
  href(to: string): string;
  navigate(to: string, options?: NavigateOptions): void;
}

const StableLinksContext = createContext<StableLinks | null>(null);

export function StableLinksProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const root = useHref('/');
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  const links = useMemo<StableLinks>(() => {
    const base = root.endsWith('/') ? root.slice(0, -1) : root;
    return {
      href: (to) => (to.startsWith('/') ? `${base}${to}` : to),
      navigate: (to, options) => void latest.current(to, options),
    };
  }, [root]);
  return <StableLinksContext.Provider value={links}>{children}</StableLinksContext.Provider>;
}

export function useStableLinks(): StableLinks {
  const links = useContext(StableLinksContext);
  if (!links) throw new Error('Links estáveis precisam do StableLinksProvider (RootLayout).');
  return links;
}

export function useStableNavigate(): StableLinks['navigate'] {
  return useStableLinks().navigate;
}

/** A left click without modifier keys: a link's own navigation (not a new tab, a new window or a download). */
export function isPlainLeftClick(event: MouseEvent<Element>): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export type StableLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An app path. */
  to: string;
};

/** An in-app link, followed through the router, that does not render again on navigation (see above). */
export const StableLink = forwardRef<HTMLAnchorElement, StableLinkProps>(function StableLink({ to, onClick, ...props }, ref) {
  const links = useStableLinks();
  return (
    <a
      {...props}
      ref={ref}
      href={links.href(to)}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainLeftClick(event) || (props.target && props.target !== '_self')) return;
        event.preventDefault();
        links.navigate(to);
      }}
    />
  );
});

import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageTitleContext, type PageTitleContextValue } from '@/components/ui/page-title';
import { StableLinksProvider } from '@/components/ui/stable-links';
import { Toaster } from '@/components/ui/toast';
import { PRODUCT_NAME } from '@/config/brand';
import { useRouteTitle } from './route-meta';

/** A record name a detail screen gave, and which hook instance gave it (cleared when that screen leaves). */
interface NamedTitle {
  owner: string;
  name: string;
}

/**
 * Root of the portal and back-office route trees: page title (document, breadcrumb, h1), stable links for the shell
 * and the lists, toasts, scroll restoration.
 */
export function RootLayout() {
  const routeTitle = useRouteTitle() ?? '';
  const [named, setNamed] = useState<NamedTitle | null>(null);
  const setName = useCallback((owner: string, name: string | undefined) => {
    setNamed((current) => {
      if (name) return current?.owner === owner && current.name === name ? current : { owner, name };
      return current?.owner === owner ? null : current;
    });
  }, []);
  const title = named?.name ?? routeTitle;
  const value = useMemo<PageTitleContextValue>(() => ({ title, routeTitle, setName }), [title, routeTitle, setName]);
  useEffect(() => {
    if (title) document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  return (
    <PageTitleContext.Provider value={value}>
      <StableLinksProvider>
        <Outlet />
      </StableLinksProvider>
      <Toaster />
      <ScrollRestoration />
    </PageTitleContext.Provider>
  );
}

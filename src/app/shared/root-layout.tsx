import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageTitleContext, type PageTitleContextValue } from '@/components/ui/page-title';
import { Toaster } from '@/components/ui/toast';
import { PRODUCT_NAME } from '@/config/brand';
import { useLightRoute, useRouteTitle } from './route-meta';
import { StableNavigateProvider } from './stable-navigate';

/** A record name a detail screen gave, and which hook instance gave it (cleared when that screen leaves). */
interface NamedTitle {
  owner: string;
  name: string;
}

/**
 * Root of the portal and back-office route trees: page title (document, breadcrumb, h1), a stable navigate for the
 * shell, toasts, scroll restoration.
 */
export function RootLayout() {
  const routeTitle = useRouteTitle() ?? '';
  const light = useLightRoute();
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
      <StableNavigateProvider>
        <Outlet />
      </StableNavigateProvider>
      <Toaster untilFirstToast={light} />
      <ScrollRestoration />
    </PageTitleContext.Provider>
  );
}

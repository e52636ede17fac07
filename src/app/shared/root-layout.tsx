import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Toaster } from '@/components/ui/toaster';
import { PRODUCT_NAME } from '@/config/brand';
import { useLightRoute, useRouteTitle } from './route-meta';

/** Root of the portal and back-office route trees: title, toasts, scroll restoration. */
export function RootLayout() {
  const title = useRouteTitle();
  const light = useLightRoute();
  useEffect(() => {
    if (title) document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  return (
    <>
      <Outlet />
      <Toaster untilFirstToast={light} />
      <ScrollRestoration />
    </>
  );
}

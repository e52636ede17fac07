import type { RouteObject } from 'react-router-dom';
import { RouteErrorElement } from '@/components/ui/route-error';
import { PageLoader } from '@/components/ui/spinner';
import { lazyScreen } from '../../shared/lazy-screen';
import { NotFoundRoute } from '../../shared/not-found-route';
import { RootLayout } from '../../shared/root-layout';

/** The back office's route table (spec §2). Registration is not part of it. */
export function backofficeRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorElement />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        {
          path: 'backoffice-login',
          handle: { title: 'Entrar', light: true },
          lazy: lazyScreen(() => import('./screens/login')),
        },
        {
          lazy: lazyScreen(() => import('./backoffice-shell')),
          errorElement: <RouteErrorElement />,
          children: [
            { index: true, handle: { title: 'Dashboard' }, lazy: lazyScreen(() => import('./screens/dashboard')) },
            {
              path: 'backoffice-orders',
              handle: { title: 'Ordens de Compra' },
              lazy: lazyScreen(() => import('./screens/orders')),
            },
            {
              path: 'backoffice-payment-method',
              handle: { title: 'Métodos de Pagamento' },
              lazy: lazyScreen(() => import('./screens/payment-methods')),
            },
            {
              path: 'backoffice-payment-platform',
              handle: { title: 'Plataformas de Pagamento' },
              lazy: lazyScreen(() => import('./screens/payment-platforms')),
            },
            {
              path: 'backoffice-vpn-user',
              handle: { title: 'VPN' },
              lazy: lazyScreen(() => import('./screens/vpn-users')),
            },
            {
              path: 'backoffice-discount-rule',
              handle: { title: 'Regras de Desconto' },
              lazy: lazyScreen(() => import('./screens/discount-rules')),
            },
          ],
        },
        { path: '*', handle: { title: 'Página não encontrada' }, element: <NotFoundRoute /> },
      ],
    },
  ];
}

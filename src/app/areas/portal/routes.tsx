import type { RouteObject } from 'react-router-dom';
import { RouteErrorElement } from '@/components/ui/route-error';
import { PageLoader } from '@/components/ui/spinner';
import { lazyScreen } from '../../shared/lazy-screen';
import { NotFoundRoute } from '../../shared/not-found-route';
import { RootLayout } from '../../shared/root-layout';

/** The portal's route table (spec §2), relative to the area's basename. Every screen is its own chunk. */
export function portalRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorElement />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        { path: 'login', handle: { title: 'Entrar', light: true }, lazy: lazyScreen(() => import('./screens/login')) },
        { path: 'register', handle: { title: 'Criar conta', light: true }, lazy: lazyScreen(() => import('./screens/register')) },
        {
          lazy: lazyScreen(() => import('./portal-shell')),
          errorElement: <RouteErrorElement />,
          children: [
            { index: true, handle: { title: 'Dashboard' }, lazy: lazyScreen(() => import('./screens/dashboard')) },
            {
              path: 'first-steps',
              handle: { title: 'Configurar Conexão' },
              lazy: lazyScreen(() => import('./screens/first-steps')),
            },
            { path: 'start', handle: { title: 'Início' }, lazy: lazyScreen(() => import('./screens/start')) },
            { path: 'machines', handle: { title: 'Máquinas' }, lazy: lazyScreen(() => import('./screens/machines')) },
            {
              path: 'machine-models',
              handle: { title: 'Modelos de Máquinas' },
              lazy: lazyScreen(() => import('./screens/machine-models')),
            },
            { path: 'devices', handle: { title: 'Dispositivos' }, lazy: lazyScreen(() => import('./screens/devices')) },
            { path: 'customers', handle: { title: 'Clientes' }, lazy: lazyScreen(() => import('./screens/customers')) },
            {
              path: 'orders',
              children: [
                { index: true, handle: { title: 'Pedidos' }, lazy: lazyScreen(() => import('./screens/orders')) },
                {
                  path: 'checkout',
                  handle: { title: 'Checkout' },
                  lazy: lazyScreen(() => import('./screens/checkout')),
                },
              ],
            },
            {
              path: 'settings',
              children: [
                {
                  index: true,
                  handle: { title: 'Configurações' },
                  lazy: lazyScreen(() => import('./screens/settings')),
                },
                {
                  path: 'addresses',
                  handle: { title: 'Meus Endereços' },
                  lazy: lazyScreen(() => import('./screens/addresses')),
                },
              ],
            },
            { path: 'profile', handle: { title: 'Perfil' }, lazy: lazyScreen(() => import('./screens/profile')) },
            {
              path: 'setup/:code',
              handle: { title: 'Configuração do dispositivo' },
              lazy: lazyScreen(() => import('./screens/setup')),
            },
          ],
        },
        { path: '*', handle: { title: 'Página não encontrada' }, element: <NotFoundRoute /> },
      ],
    },
  ];
}

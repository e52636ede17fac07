import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { BACKOFFICE_SCREENS, BACKOFFICE_SIDEBAR_GROUPS } from '../../areas/backoffice/navigation';
import { backofficeRoutes } from '../../areas/backoffice/routes';
import { PORTAL_SCREENS, PORTAL_SIDEBAR_GROUPS } from '../../areas/portal/navigation';
import { portalRoutes } from '../../areas/portal/routes';
import { Breadcrumb } from '../breadcrumb';
import { searchDestinations, sidebarSections } from '../registry-sidebar';
import { RootLayout } from '../root-layout';
import type { RouteHandle } from '../route-meta';

const handleAt = (routes: ReturnType<typeof portalRoutes>, path: string) =>
  (matchRoutes(routes, path) ?? []).map((m) => m.route.handle as RouteHandle | undefined).filter(Boolean).at(-1);

describe('screen registry', () => {
  it('derives the portal sidebar: items, order, groups and highlight', () => {
    const sections = sidebarSections(PORTAL_SCREENS, PORTAL_SIDEBAR_GROUPS);
    expect(sections.map((s) => [s.label, s.items.map((i) => i.label)])).toEqual([
      [undefined, ['Dashboard', 'Clientes', 'Dispositivos', 'Máquinas', 'Modelos de Máquinas', 'Acesso Remoto']],
      ['Primeiros passos', ['Configurar Conexão', 'Pedidos']],
    ]);
    expect(sections.flatMap((s) => s.items).filter((i) => i.highlight).map((i) => i.label)).toEqual(['Pedidos']);
    expect(sections[0]?.items[0]).toMatchObject({ to: '/', end: true });
  });

  it('derives the back-office sidebar and search', () => {
    const [main] = sidebarSections(BACKOFFICE_SCREENS, BACKOFFICE_SIDEBAR_GROUPS);
    expect(main?.items.map((i) => [i.to, i.label])).toEqual([
      ['/', 'Dashboard'],
      ['/backoffice-orders', 'Ordens de Compra'],
      ['/backoffice-payment-method', 'Métodos de Pagamento'],
      ['/backoffice-payment-platform', 'Plat. de Pagamento'],
      ['/backoffice-catalog', 'Catálogo'],
      ['/backoffice-vpn-user', 'VPN'],
      ['/backoffice-discount-rule', 'Regras de Desconto'],
      ['/backoffice-audit-log', 'Auditoria'],
      ['/backoffice-mail', 'E-mails'],
      ['/backoffice-staff', 'Equipe interna'],
    ]);
    const destinations = searchDestinations(BACKOFFICE_SCREENS);
    expect(destinations.map((d) => d.title)).toEqual([
      'Dashboard',
      'Ordens de Compra',
      'Métodos de Pagamento',
      'Novo método',
      'Plat. de Pagamento',
      'Nova plataforma',
      'Catálogo',
      'Novo produto',
      'VPN',
      'Regras de Desconto',
      'Nova regra',
      'Auditoria',
      'E-mails',
      'Equipe interna',
    ]);
    expect(destinations.filter((d) => d.text.includes('pix')).map((d) => d.to)).toEqual(['/backoffice-payment-method']);
    expect(destinations.filter((d) => d.text.includes('metodos')).map((d) => d.title)).toEqual(['Métodos de Pagamento']);
  });

  it('keeps the routes and titles of spec §2, with the Clientes screens and their parents', () => {
    const routes = portalRoutes();
    const titles = Object.fromEntries(
      ['/', '/login', '/register', '/orders/', '/orders/checkout', '/settings/', '/settings/addresses', '/setup/AB-12', '/customers', '/customers/new', '/customers/c1', '/customers/c1/edit', '/nada'].map(
        (path) => [path, handleAt(routes, path)?.title],
      ),
    );
    expect(titles).toEqual({
      '/': 'Dashboard',
      '/login': 'Entrar',
      '/register': 'Criar conta',
      '/orders/': 'Pedidos',
      '/orders/checkout': 'Checkout',
      '/settings/': 'Configurações',
      '/settings/addresses': 'Meus Endereços',
      '/setup/AB-12': 'Configurar dispositivo',
      '/customers': 'Clientes',
      '/customers/new': 'Novo cliente',
      '/customers/c1': 'Cliente',
      '/customers/c1/edit': 'Editar cliente',
      '/nada': 'Página não encontrada',
    });
    expect(handleAt(routes, '/customers/c1')?.trail).toEqual([{ title: 'Clientes', path: '/customers' }]);
    expect(handleAt(routes, '/login')?.light).toBe(true);
    for (const screens of [PORTAL_SCREENS, BACKOFFICE_SCREENS]) {
      const ids = screens.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const s of screens) if (s.parent) expect(ids).toContain(s.parent);
    }
    expect(handleAt(backofficeRoutes(), '/backoffice-discount-rule')?.title).toBe('Regras de Desconto');
    expect(handleAt(backofficeRoutes(), '/register')?.title).toBe('Página não encontrada');
  });
});

function Detail({ name }: { name?: string }) {
  useBreadcrumbTitle(name);
  return <Breadcrumb />;
}

describe('useBreadcrumbTitle', () => {
  it('replaces the last crumb and the document title, under the parent crumb', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <RootLayout />,
          children: [
            { path: 'customers/:id', handle: { title: 'Cliente', trail: [{ title: 'Clientes', path: '/customers' }] }, element: <Detail name="Usinagem Paulista Ltda" /> },
            { path: 'loading/:id', handle: { title: 'Cliente' }, element: <Detail /> },
          ],
        },
      ],
      { initialEntries: ['/customers/c1'] },
    );
    render(<RouterProvider router={router} />);
    const nav = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    await waitFor(() => expect(nav).toHaveTextContent('Ponte IIoT/Clientes/Usinagem Paulista Ltda'));
    expect(screen.getByRole('link', { name: 'Clientes' })).toHaveAttribute('href', '/customers');
    expect(document.title).toBe('Usinagem Paulista Ltda · Ponte IIoT');
    await router.navigate('/loading/c2');
    await waitFor(() => expect(document.title).toBe('Cliente · Ponte IIoT'));
    expect(screen.getByRole('navigation', { name: 'Trilha de navegação' })).toHaveTextContent(/^Ponte IIoT\/Cliente$/);
  });
});

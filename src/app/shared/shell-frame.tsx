import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { LogoMark } from '@/components/ui/logo';
import { StableLink } from '@/components/ui/stable-links';
import { SidebarHeader, SidebarInset, SidebarProvider, SidebarTrigger, useSidebarCollapsed } from '@/components/ui/sidebar';
import { PRODUCT_NAME } from '@/config/brand';
import { cn } from '@/lib/cn';
import { Breadcrumb } from './breadcrumb';
import { DemoBadge } from './demo-badge';
import { NavigationProgress } from './navigation-progress';

/** The sidebar's top: logo and product name (name hidden when collapsed), linking to the area's "/". */
export function SidebarBrand({ suffix, label }: { suffix?: string; label: string }) {
  const collapsed = useSidebarCollapsed();
  return (
    <SidebarHeader>
      <StableLink
        to="/"
        aria-label={label}
        className="flex min-w-0 items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
      >
        <LogoMark />
        {collapsed ? null : (
          <span className="min-w-0 truncate font-semibold">
            {PRODUCT_NAME}
            {suffix ? <span className="ml-1 text-xs font-normal text-sidebar-muted">{suffix}</span> : null}
          </span>
        )}
      </StableLink>
    </SidebarHeader>
  );
}

/**
 * The frame both signed-in areas share: skip link, navigation progress, the sidebar, and a sticky header with
 * the sidebar toggle, the breadcrumb, the demo badge and the area's own items around it; the screen renders in <main>.
 */
export function ShellFrame({
  sidebar,
  headerStart,
  headerEnd,
  breadcrumbClassName,
  banner,
}: {
  sidebar: ReactNode;
  /** Between the breadcrumb and the demo badge (the back office's search). */
  headerStart?: ReactNode;
  /** After the demo badge (menus, the user). */
  headerEnd: ReactNode;
  breadcrumbClassName?: string;
  /** Under the header, above the screen (the portal's "Confirme seu e-mail"); renders nothing when it has nothing. */
  banner?: ReactNode;
}) {
  return (
    <SidebarProvider>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Pular para o conteúdo
      </a>
      <NavigationProgress />
      {sidebar}
      <SidebarInset>
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-4">
          <SidebarTrigger />
          <span className="h-5 w-px bg-slate-200" aria-hidden="true" />
          <Breadcrumb className={cn('min-w-0', breadcrumbClassName)} />
          {headerStart}
          <DemoBadge />
          {headerEnd}
        </header>
        {banner}
        <main id="conteudo" tabIndex={-1} className="flex-1 p-4 focus:outline-none sm:p-6">
          <Outlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}

import { useCallback } from 'react';
import { DeferredMenu, preloadMenu } from '@/components/ui/deferred-menu';
import { LogOutIcon } from '@/components/ui/icons';
import { Sidebar, SidebarButton, SidebarContent, SidebarFooter, useSidebarCollapsed } from '@/components/ui/sidebar';
import { PermissionsProvider } from '@/components/ui/permissions';
import { StableLink } from '@/components/ui/stable-links';
import { Tooltip } from '@/components/ui/tooltip';
import { preloadToasts } from '@/components/ui/toast';
import { PRODUCT_NAME } from '@/config/brand';
import { portalPaths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { EmailVerificationBanner } from '@/features/auth/components/email-verification-banner';
import { TermsBanner } from '@/features/terms/components/terms-banner';
import { PortalBell, preloadPortalBell } from '@/features/alerts/components/portal-bell';
import { locksOf, useAccess } from '@/entities/access/api';
import { initials } from '@/lib/initials';
import { Avatar } from '../../shared/avatar';
import { RegistrySidebarNav, sidebarSections, useIdlePreload } from '../../shared/registry-sidebar';
import { ShellFrame, SidebarBrand } from '../../shared/shell-frame';
import { useSignOut } from '../../shared/use-sign-out';
import { useEndSessionIfAccountDeleted } from '../../shared/use-sign-out-deleted';
import { PORTAL_SCREENS, PORTAL_SIDEBAR_GROUPS } from './navigation';

const SECTIONS = sidebarSections(PORTAL_SCREENS, PORTAL_SIDEBAR_GROUPS);
const loadUserMenu = () => import('./user-menu');
// The bell's code (its unread count), the sidebar's screens, then the user menu's and the toasts' code: all in idle
// time after the first screen has painted, one by one.
const SIDEBAR_LOADS = [
  preloadPortalBell,
  ...SECTIONS.flatMap((section) => section.items.map((item) => item.load)),
  () => preloadMenu(loadUserMenu),
  preloadToasts,
];

function UserBlock() {
  const user = useCurrentUser();
  const collapsed = useSidebarCollapsed();
  const avatar = initials(user.name || user.email);
  return (
    <Tooltip content={`${user.name} · ${user.email}`} hidden={!collapsed}>
      <StableLink
        to={portalPaths.settings}
        aria-label={`Configurações da conta de ${user.name}`}
        className={
          collapsed
            ? 'flex h-10 items-center justify-center rounded-md hover:bg-sidebar-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring'
            : 'flex items-center gap-3 rounded-md p-2 hover:bg-sidebar-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring'
        }
      >
        <Avatar text={avatar} />
        {collapsed ? null : (
          <span className="min-w-0 text-left">
            <span className="block truncate text-sm font-medium text-white">{user.name}</span>
            <span className="block truncate text-xs text-sidebar-muted">{user.email}</span>
          </span>
        )}
      </StableLink>
    </Tooltip>
  );
}

function PortalSidebar({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Sidebar label="Menu lateral">
      <SidebarBrand label={`${PRODUCT_NAME} — Dashboard`} />
      <SidebarContent label="Principal">
        <RegistrySidebarNav sections={SECTIONS} />
      </SidebarContent>
      <SidebarFooter>
        <UserBlock />
        <SidebarButton icon={<LogOutIcon />} label="Sair" onClick={onSignOut} />
      </SidebarFooter>
    </Sidebar>
  );
}

function UserMenu({ onSignOut }: { onSignOut: () => void }) {
  const user = useCurrentUser();
  return (
    <DeferredMenu
      load={loadUserMenu}
      props={{ onSignOut }}
      trigger={
        <button
          type="button"
          aria-label="Menu do usuário"
          className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring focus-visible:ring-offset-2"
        >
          <Avatar text={initials(user.name || user.email)} className="h-9 w-9" />
        </button>
      }
    />
  );
}

function PortalLayout() {
  const signOut = useSignOut(portalPaths.login);
  const onSignOut = useCallback(() => void signOut(), [signOut]);
  useIdlePreload(SIDEBAR_LOADS);
  // The role (GET /me) locks what it may not do in every screen's header and row menus (the kit reads it).
  const access = useAccess();
  // The account was deleted meanwhile (by an Administrador, elsewhere): the session ends, saying so.
  useEndSessionIfAccountDeleted(access.error, portalPaths.login);
  return (
    <PermissionsProvider locks={access.data ? locksOf(access.data.role) : null}>
      <ShellFrame
        sidebar={<PortalSidebar onSignOut={onSignOut} />}
        breadcrumbClassName="flex-1"
        headerEnd={
          <>
            <PortalBell />
            <UserMenu onSignOut={onSignOut} />
          </>
        }
        banner={
          <>
            <EmailVerificationBanner />
            <TermsBanner />
          </>
        }
      />
    </PermissionsProvider>
  );
}

/** The portal's shell: sign-in required. */
export default function PortalShell() {
  return (
    <RequireAuth area="portal">
      <PortalLayout />
    </RequireAuth>
  );
}

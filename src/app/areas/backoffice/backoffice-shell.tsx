import { LogOutIcon } from '@/components/ui/icons';
import { Sidebar, SidebarButton, SidebarContent, SidebarFooter, useSidebarCollapsed } from '@/components/ui/sidebar';
import { Tooltip } from '@/components/ui/tooltip';
import { preloadToasts } from '@/components/ui/toast';
import { PRODUCT_NAME } from '@/config/brand';
import { backofficePaths } from '@/config/paths';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { useCurrentUser } from '@/features/auth/hooks';
import { NotificationsMenu } from '@/features/notifications/components/notifications-menu';
import { emailInitials, initials } from '@/lib/initials';
import { Avatar } from '../../shared/avatar';
import { RegistrySidebarNav, sidebarSections, useIdlePreload } from '../../shared/registry-sidebar';
import { ShellFrame, SidebarBrand } from '../../shared/shell-frame';
import { useSignOut } from '../../shared/use-sign-out';
import { BACKOFFICE_SCREENS, BACKOFFICE_SIDEBAR_GROUPS } from './navigation';
import { SearchBox } from './search-box';

const SECTIONS = sidebarSections(BACKOFFICE_SCREENS, BACKOFFICE_SIDEBAR_GROUPS);
// The sidebar's screens, then the toasts' code: all in idle time after the first screen has painted.
const SIDEBAR_LOADS = [...SECTIONS.flatMap((section) => section.items.map((item) => item.load)), preloadToasts];

function StaffBlock() {
  const user = useCurrentUser();
  const collapsed = useSidebarCollapsed();
  return (
    <Tooltip content={user.email} hidden={!collapsed}>
      <div className={collapsed ? 'flex h-10 items-center justify-center' : 'flex items-center gap-3 p-2'}>
        <Avatar text={emailInitials(user.email)} />
        {collapsed ? <span className="sr-only">{user.email}</span> : (
          <span className="min-w-0 truncate text-sm text-sidebar-muted">{user.email}</span>
        )}
      </div>
    </Tooltip>
  );
}

function BackofficeLayout() {
  const user = useCurrentUser();
  const signOut = useSignOut(backofficePaths.login);
  useIdlePreload(SIDEBAR_LOADS);
  return (
    <ShellFrame
      breadcrumbClassName="hidden md:block"
      sidebar={
        <Sidebar label="Menu do back office">
          <SidebarBrand suffix="back office" label={`${PRODUCT_NAME} back office — Dashboard`} />
          <SidebarContent label="Back office">
            <RegistrySidebarNav sections={SECTIONS} />
          </SidebarContent>
          <SidebarFooter>
            <StaffBlock />
            <SidebarButton icon={<LogOutIcon />} label="Sair" onClick={() => void signOut()} />
          </SidebarFooter>
        </Sidebar>
      }
      headerStart={<SearchBox className="ml-auto w-full max-w-xs" />}
      headerEnd={
        <>
          <NotificationsMenu />
          <div className="flex items-center gap-2" data-testid="user-chip">
            <span className="sr-only lg:not-sr-only lg:max-w-[10rem] lg:truncate lg:text-sm lg:font-medium lg:text-slate-800">
              {user.name}
            </span>
            <Avatar text={initials(user.name || user.email)} className="h-9 w-9" />
          </div>
        </>
      }
    />
  );
}

/** The back office's shell: admin claim required. */
export default function BackofficeShell() {
  return (
    <RequireAuth area="backoffice">
      <BackofficeLayout />
    </RequireAuth>
  );
}

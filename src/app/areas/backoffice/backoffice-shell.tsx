import { Link, Outlet } from 'react-router-dom';
import { BankIcon, CardIcon, DashboardIcon, LogOutIcon, ReceiptIcon, ShieldIcon } from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo';
import {
  Sidebar,
  SidebarButton,
  SidebarContent,
  SidebarFooter,
  SidebarHeader,
  SidebarInset,
  SidebarLink,
  SidebarProvider,
  SidebarTrigger,
  useSidebarCollapsed,
} from '@/components/ui/sidebar';
import { Tooltip } from '@/components/ui/tooltip';
import { PRODUCT_NAME } from '@/config/brand';
import { backofficePaths } from '@/config/paths';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { useCurrentUser } from '@/features/auth/hooks';
import { NotificationsMenu } from '@/features/notifications/components/notifications-menu';
import { emailInitials, initials } from '@/lib/initials';
import { Avatar } from '../../shared/avatar';
import { Breadcrumb } from '../../shared/breadcrumb';
import { DemoBadge } from '../../shared/demo-badge';
import { NavigationProgress } from '../../shared/navigation-progress';
import { useSignOut } from '../../shared/use-sign-out';
import { SearchBox } from './search-box';

const ITEMS = [
  { to: backofficePaths.dashboard, label: 'Dashboard', icon: <DashboardIcon />, end: true },
  { to: backofficePaths.orders, label: 'Ordens de Compra', icon: <ReceiptIcon /> },
  { to: backofficePaths.paymentMethods, label: 'Métodos de Pagamento', icon: <CardIcon /> },
  { to: backofficePaths.paymentPlatforms, label: 'Plat. de Pagamento', icon: <BankIcon /> },
  { to: backofficePaths.vpnUsers, label: 'VPN', icon: <ShieldIcon /> },
];

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
  const onSignOut = () => void signOut();
  return (
    <SidebarProvider>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Pular para o conteúdo
      </a>
      <NavigationProgress />
      <Sidebar label="Menu do back office">
        <SidebarHeader>
          <Link
            to={backofficePaths.dashboard}
            aria-label={`${PRODUCT_NAME} back office — Dashboard`}
            className="flex min-w-0 items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
          >
            <LogoMark />
            <BrandText />
          </Link>
        </SidebarHeader>
        <SidebarContent label="Back office">
          <ul className="space-y-1">
            {ITEMS.map((item) => (
              <SidebarLink key={item.to} {...item} />
            ))}
          </ul>
        </SidebarContent>
        <SidebarFooter>
          <StaffBlock />
          <SidebarButton icon={<LogOutIcon />} label="Sair" onClick={onSignOut} />
        </SidebarFooter>
      </Sidebar>
      <SidebarInset>
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-4">
          <SidebarTrigger />
          <span className="h-5 w-px bg-slate-200" aria-hidden="true" />
          <Breadcrumb className="hidden min-w-0 md:block" />
          <SearchBox className="ml-auto w-full max-w-xs" />
          <DemoBadge />
          <NotificationsMenu />
          <div className="flex items-center gap-2" data-testid="user-chip">
            <span className="sr-only lg:not-sr-only lg:max-w-[10rem] lg:truncate lg:text-sm lg:font-medium lg:text-slate-800">
              {user.name}
            </span>
            <Avatar text={initials(user.name || user.email)} className="h-9 w-9" />
          </div>
        </header>
        <main id="conteudo" tabIndex={-1} className="flex-1 p-4 focus:outline-none sm:p-6">
          <Outlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}

function BrandText() {
  const collapsed = useSidebarCollapsed();
  if (collapsed) return null;
  return (
    <span className="min-w-0 truncate font-semibold">
      {PRODUCT_NAME} <span className="text-xs font-normal text-sidebar-muted">back office</span>
    </span>
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

import { Link, useNavigate } from 'react-router-dom';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  BoxesIcon,
  CartIcon,
  DashboardIcon,
  FactoryIcon,
  LogOutIcon,
  MapPinIcon,
  PlugIcon,
  RouterIcon,
  UserIcon,
  UsersIcon,
} from '@/components/ui/icons';
import {
  Sidebar,
  SidebarButton,
  SidebarContent,
  SidebarFooter,
  SidebarGroupLabel,
  SidebarLink,
  useSidebarCollapsed,
} from '@/components/ui/sidebar';
import { Tooltip } from '@/components/ui/tooltip';
import { PRODUCT_NAME } from '@/config/brand';
import { portalPaths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { initials } from '@/lib/initials';
import { Avatar } from '../../shared/avatar';
import { ShellFrame, SidebarBrand } from '../../shared/shell-frame';
import { useSignOut } from '../../shared/use-sign-out';

const MAIN_ITEMS = [
  { to: portalPaths.dashboard, label: 'Dashboard', icon: <DashboardIcon />, end: true },
  { to: portalPaths.customers, label: 'Clientes', icon: <UsersIcon /> },
  { to: portalPaths.devices, label: 'Dispositivos', icon: <RouterIcon /> },
  { to: portalPaths.machines, label: 'Máquinas', icon: <FactoryIcon /> },
  { to: portalPaths.machineModels, label: 'Modelos de Máquinas', icon: <BoxesIcon /> },
];

function UserBlock() {
  const user = useCurrentUser();
  const collapsed = useSidebarCollapsed();
  const avatar = initials(user.name || user.email);
  return (
    <Tooltip content={`${user.name} · ${user.email}`} hidden={!collapsed}>
      <Link
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
      </Link>
    </Tooltip>
  );
}

function PortalSidebar({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Sidebar label="Menu lateral">
      <SidebarBrand label={`${PRODUCT_NAME} — Dashboard`} />
      <SidebarContent label="Principal">
        <ul className="space-y-1">
          {MAIN_ITEMS.map((item) => (
            <SidebarLink key={item.to} {...item} />
          ))}
        </ul>
        <SidebarGroupLabel>Primeiros passos</SidebarGroupLabel>
        <ul className="space-y-1">
          <SidebarLink to={portalPaths.firstSteps} label="Configurar Conexão" icon={<PlugIcon />} />
          <SidebarLink to={portalPaths.orders} label="Pedidos" icon={<CartIcon />} highlight />
        </ul>
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
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Menu do usuário"
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring focus-visible:ring-offset-2"
      >
        <Avatar text={initials(user.name || user.email)} className="h-9 w-9" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel>
          <span className="block truncate">{user.name}</span>
          <span className="block truncate text-xs font-normal text-slate-600">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(portalPaths.profile)}>
          <UserIcon /> Perfil
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(portalPaths.addresses)}>
          <MapPinIcon /> Meus Endereços
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOutIcon /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function PortalLayout() {
  const signOut = useSignOut(portalPaths.login);
  const onSignOut = () => void signOut();
  return (
    <ShellFrame
      sidebar={<PortalSidebar onSignOut={onSignOut} />}
      breadcrumbClassName="flex-1"
      headerEnd={<UserMenu onSignOut={onSignOut} />}
    />
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

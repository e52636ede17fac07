import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  LoadedDropdownMenu,
} from '@/components/ui/dropdown-menu';
import type { LoadedMenuProps } from '@/components/ui/deferred-menu';
import { LogOutIcon, MapPinIcon, UserIcon } from '@/components/ui/icons';
import { useStableNavigate } from '@/components/ui/stable-links';
import { portalPaths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks';

/** The header's user menu, loaded by the portal shell's DeferredMenu (not part of the shell's first paint). */
export default function UserMenu({ onSignOut, ...menu }: LoadedMenuProps & { onSignOut: () => void }) {
  const user = useCurrentUser();
  const navigate = useStableNavigate();
  return (
    <LoadedDropdownMenu {...menu}>
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
    </LoadedDropdownMenu>
  );
}

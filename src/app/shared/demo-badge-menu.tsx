import { useState } from 'react';
import type { LoadedMenuProps } from '@/components/ui/deferred-menu';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  LoadedDropdownMenu,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toast';
import { getEnv } from '@/config/env';
import { getToken } from '@/lib/api/token';

/**
 * `POST /demo/reset` on the demo's main Worker (both Workers' data back to the seed; 204 once done), with the
 * signed-in user's token. `?demo-seed=large` in the page's address asks for the large seed.
 */
async function resetDemoData(): Promise<void> {
  const token = await getToken();
  const large = new URLSearchParams(window.location.search).get('demo-seed') === 'large';
  const response = await fetch(`${getEnv().apiUrl}/demo/reset${large ? '?seed=large' : ''}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (response.status !== 204) throw new Error(`POST /demo/reset: ${response.status}`);
}

/** The demo badge's menu, loaded by DemoBadge's DeferredMenu (not part of the shell's first paint). */
export default function DemoBadgeMenu(menu: LoadedMenuProps) {
  const [confirming, setConfirming] = useState(false);

  const reset = async () => {
    try {
      await resetDemoData();
      window.location.reload();
    } catch {
      toast.error('Não foi possível redefinir os dados de demonstração.');
    }
  };

  return (
    <LoadedDropdownMenu {...menu} onOpenChange={(open) => !open && setConfirming(false)}>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel>Ambiente de demonstração</DropdownMenuLabel>
        <p className="px-2.5 pb-2 text-xs text-slate-600">
          Dados fictícios, compartilhados por quem usa esta demonstração. Nenhuma cobrança ou conexão real é feita.
        </p>
        <DropdownMenuSeparator />
        {confirming ? (
          <DropdownMenuItem className="text-red-700" onSelect={() => void reset()}>
            Confirmar: apagar alterações e recomeçar
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem
            onSelect={(event) => {
              event.preventDefault();
              setConfirming(true);
            }}
          >
            Redefinir dados de demonstração
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </LoadedDropdownMenu>
  );
}

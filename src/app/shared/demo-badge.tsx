import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { getEnv } from '@/config/env';
import { getToken } from '@/lib/api/token';

/**
 * `POST /demo/reset` on the demo's main Worker (both Workers' data back to the seed; 204 once done), with the
 * signed-in user's token. `?demo-seed=large` in the page's address asks for the large seed, as before.
 */
export async function resetDemoData(): Promise<void> {
  const token = await getToken();
  const large = new URLSearchParams(window.location.search).get('demo-seed') === 'large';
  const response = await fetch(`${getEnv().apiUrl}/demo/reset${large ? '?seed=large' : ''}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (response.status !== 204) throw new Error(`POST /demo/reset: ${response.status}`);
}

/** Marks the demo and lets the user put its data back to the seed (then reloads the page on the fresh data). */
export function DemoBadge() {
  const [confirming, setConfirming] = useState(false);
  if (!getEnv().demo) return null;

  const reset = async () => {
    try {
      await resetDemoData();
      window.location.reload();
    } catch {
      toast.error('Não foi possível redefinir os dados de demonstração.');
    }
  };

  return (
    <DropdownMenu onOpenChange={(open) => !open && setConfirming(false)}>
      <DropdownMenuTrigger className="hidden rounded-full border border-amber-300 bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-900 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring sm:inline-flex">
        Demonstração
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel>Ambiente de demonstração</DropdownMenuLabel>
        <p className="px-2.5 pb-2 text-xs text-slate-600">
          Dados fictícios, guardados só neste navegador. Nenhuma cobrança ou conexão real é feita.
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
    </DropdownMenu>
  );
}

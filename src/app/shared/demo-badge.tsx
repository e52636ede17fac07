import { useEffect, useState } from 'react';
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
import { subscribeDemoNotice } from '@/demo/notice';

/**
 * Marks the demo and lets the user put its data back to the seed. When the demo backend had to recreate the
 * stored data (a new version, or a damaged copy), says so once in an info toast.
 */
export function DemoBadge() {
  const [confirming, setConfirming] = useState(false);
  const demo = getEnv().demo;
  useEffect(() => (demo ? subscribeDemoNotice((message) => toast.info(message)) : undefined), [demo]);
  if (!demo) return null;

  const reset = async () => {
    try {
      const { startDemoBackend } = await import('@/demo/browser');
      const backend = await startDemoBackend(getEnv());
      await backend.reset();
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

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

/** The demo badge's menu, loaded by DemoBadge's DeferredMenu (not part of the shell's first paint). */
export default function DemoBadgeMenu(menu: LoadedMenuProps) {
  const [confirming, setConfirming] = useState(false);

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
    <LoadedDropdownMenu {...menu} onOpenChange={(open) => !open && setConfirming(false)}>
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
    </LoadedDropdownMenu>
  );
}

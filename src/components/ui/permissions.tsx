import { createContext, useContext, type ReactNode } from 'react';
import { Button } from './button';
import { LockIcon } from './icons';
import { Tooltip, TooltipProvider } from './tooltip';

/**
 * What the signed-in person's role may not do, for the kit: `edit` (create, change, delete), `purchase` (orders,
 * delivery addresses) and `team`. Each is the pt-BR reason it is locked ("Seu perfil (Leitura) não permite alterar
 * dados."), or null when allowed. The portal's shell provides it from the API; without a provider nothing is
 * locked (the back office, the tests of a screen alone).
 */
export type LockKind = 'edit' | 'purchase' | 'team';
export type Locks = Record<LockKind, string | null>;

const NO_LOCKS: Locks = { edit: null, purchase: null, team: null };
const LocksContext = createContext<Locks>(NO_LOCKS);

export function PermissionsProvider({ locks, children }: { locks: Locks | null; children: ReactNode }) {
  return <LocksContext.Provider value={locks ?? NO_LOCKS}>{children}</LocksContext.Provider>;
}

/** Why `kind` is locked for the signed-in person, or null. */
export function useLock(kind: LockKind | 'none'): string | null {
  const locks = useContext(LocksContext);
  return kind === 'none' ? null : locks[kind];
}

/**
 * What stands where the locked actions were: a button that does nothing ("Sem permissão", with a lock), saying why
 * on hover and focus (it stays focusable, so a keyboard user gets the reason too).
 */
export function LockedActions({ reason }: { reason: string }) {
  // Its own provider: a screen shown outside the shell (a test, a page without the sidebar) still gets the tooltip.
  return (
    <TooltipProvider>
      <Tooltip content={reason} side="bottom">
        <Button
          type="button"
          variant="secondary"
          aria-disabled="true"
          className="cursor-not-allowed opacity-70"
          onClick={(event) => event.preventDefault()}
        >
          <LockIcon className="h-4 w-4" /> Sem permissão
        </Button>
      </Tooltip>
    </TooltipProvider>
  );
}

/** Disables the row menu's actions the role may not use, saying why under each. */
export function lockRowAction<A extends { label: string; disabled?: boolean; description?: string; need?: LockKind | 'none' }>(
  action: A,
  locks: Locks,
): A {
  // A "Ver …" action only reads; any other needs `edit` unless it says otherwise.
  const kind = action.need ?? (/^Ver\b/.test(action.label) ? 'none' : 'edit');
  const reason = kind === 'none' ? null : locks[kind];
  return reason ? { ...action, disabled: true, description: reason } : action;
}

export function useLocks(): Locks {
  return useContext(LocksContext);
}

import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { cn } from '@/lib/cn';
import { Button } from '../button';

/**
 * Why the save failed, above the form's actions. The form keeps every value: fix and save again.
 * Renders nothing without a message, so it can stay mounted (`message={saveError}`).
 */
export function FormErrorBanner({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <div role="alert" className={cn('rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800', className)}>
      <p className="font-medium">Não foi possível salvar.</p>
      <p className="mt-0.5">{message}</p>
    </div>
  );
}

/**
 * A 409 version conflict: someone saved this record after it was opened. "Recarregar versão atual" lets the
 * screen fetch the latest record and adopt it with `keepTypedValues`, so the user's edits stay on top.
 */
export function ConflictBanner({
  onReload,
  reloading = false,
  className,
}: {
  onReload: () => void;
  reloading?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <div>
        <p className="font-medium">{VERSION_CONFLICT_MESSAGE}</p>
        <p className="mt-0.5">
          O que você digitou continua no formulário. Recarregue a versão atual para ver as mudanças e salve de novo.
        </p>
      </div>
      <Button variant="secondary" size="sm" className="shrink-0" onClick={onReload} loading={reloading}>
        Recarregar versão atual
      </Button>
    </div>
  );
}

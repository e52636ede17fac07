import { ConfirmDialog } from '../alert-dialog';

export const UNSAVED_CHANGES_TITLE = 'Descartar alterações?';
export const UNSAVED_CHANGES_DESCRIPTION =
  'Você tem alterações que não foram salvas. Se sair agora, elas serão perdidas.';

/** What the dialog needs of `useUnsavedChangesGuard`'s result. */
export interface UnsavedChangesPrompt {
  blocked: boolean;
  proceed(): void;
  cancel(): void;
}

/** The question `useUnsavedChangesGuard` asks when the user leaves a form with unsaved changes. */
export function UnsavedChangesDialog({ guard }: { guard: UnsavedChangesPrompt }) {
  return (
    <ConfirmDialog
      open={guard.blocked}
      onOpenChange={(open) => {
        if (!open) guard.cancel();
      }}
      title={UNSAVED_CHANGES_TITLE}
      description={UNSAVED_CHANGES_DESCRIPTION}
      cancelLabel="Continuar editando"
      confirmLabel="Descartar"
      tone="danger"
      onConfirm={guard.proceed}
    />
  );
}

import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from './button';
import { PageHeader } from './page-header';

/** What a SwitchableRecordView's dialogs get: which is open, how to close it, and where "Excluir" leaves to. */
export interface SwitchableRecordDialogs {
  toggling: boolean;
  setToggling(open: boolean): void;
  deleting: boolean;
  setDeleting(open: boolean): void;
  /** After the delete: back to the list, replacing the record's page in the history. */
  onDeleted(): void;
}

/**
 * The page of a record the back office switches on and off (a catalog product, a discount rule): its header with
 * "Editar", "Ativar"/"Desativar" (as `active` says) and "Excluir", its sections, and its two dialogs (the screen's
 * own, given the state they open with).
 */
export function SwitchableRecordView({
  title,
  subtitle,
  active,
  editHref,
  listHref,
  dialogs,
  children,
}: {
  title: string;
  subtitle: string;
  active: boolean;
  editHref: string;
  /** Where the page goes once the record is deleted. */
  listHref: string;
  dialogs(state: SwitchableRecordDialogs): ReactNode;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [toggling, setToggling] = useState(false);
  return (
    <section className="max-w-4xl space-y-6">
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            <Link to={editHref} className={buttonClasses('secondary')}>
              Editar
            </Link>
            <Button variant="secondary" onClick={() => setToggling(true)}>
              {active ? 'Desativar' : 'Ativar'}
            </Button>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Excluir
            </Button>
          </>
        }
      />
      {children}
      {dialogs({ toggling, setToggling, deleting, setDeleting, onDeleted: () => void navigate(listHref, { replace: true }) })}
    </section>
  );
}

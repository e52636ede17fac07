import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { RecordConfirmDialog, RecordName } from '@/components/ui/delete-record-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { TeamIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { Panel, PanelRowsSkeleton } from '@/components/ui/panel';
import { STAFF_LAST_MESSAGE, STAFF_REVOKED_MESSAGE, type StaffMember } from '@/contracts/staff';
import { useListStaffQuery, useRevokeStaffMutation } from '../api';
import { GrantDialog } from '../components/grant-dialog';

const countLabel = (total: number) => (total === 1 ? '1 pessoa' : `${total} pessoas`);

/**
 * Back office → "Equipe interna" (issue 38): who has the back office (Firebase's `admin` claim). "Conceder acesso"
 * by e-mail; "Revogar acesso" with a confirmation (the last member cannot be revoked: the button says why).
 */
export default function StaffListScreen() {
  const title = usePageTitle() || 'Equipe interna';
  const staff = useListStaffQuery();
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<StaffMember | null>(null);
  const [revoke, revocation] = useRevokeStaffMutation();
  const last = (staff.data?.meta.total ?? 0) <= 1;

  return (
    <section className="max-w-4xl space-y-6">
      <PageHeader
        title={title}
        subtitle="Quem da Ponte IIoT acessa o back office. Conceder e revogar acesso fica no registro de auditoria."
        actions={<Button onClick={() => setGranting(true)}>Conceder acesso</Button>}
      />
      <Panel
        title="Pessoas com acesso"
        query={staff}
        skeleton={<PanelRowsSkeleton rows={3} />}
        empty={{
          when: (page) => page.meta.total === 0,
          state: (
            <EmptyState
              icon={<TeamIcon />}
              title="Ninguém na equipe interna"
              headingLevel={3}
              description="Conceda acesso pelo e-mail da conta de quem vai operar a plataforma."
            />
          ),
        }}
      >
        {(page) => (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">{countLabel(page.meta.total)}</p>
            <ul aria-label="Equipe interna" className="divide-y divide-slate-200">
              {page.data.map((member) => (
                <li key={member.uid} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-slate-900">{member.name}</p>
                    <p className="text-slate-600 [overflow-wrap:anywhere]">{member.email}</p>
                  </div>
                  <div className="flex flex-col items-start gap-1 sm:items-end">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={last}
                      aria-label={`Revogar acesso de ${member.name}`}
                      aria-describedby={last ? `last-${member.uid}` : undefined}
                      onClick={() => setRevoking(member)}
                    >
                      Revogar acesso
                    </Button>
                    {last ? (
                      <p id={`last-${member.uid}`} className="max-w-xs text-xs text-slate-600 sm:text-right">
                        {STAFF_LAST_MESSAGE}
                      </p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Panel>
      {granting ? <GrantDialog onOpenChange={setGranting} /> : null}
      <RecordConfirmDialog
        record={revoking}
        title="Revogar acesso?"
        description={(member) => (
          <>
            <RecordName>{member.name}</RecordName> ({member.email}) deixa de acessar o back office agora: as sessões abertas são
            encerradas.
          </>
        )}
        confirmLabel="Revogar acesso"
        run={(member) => revoke(member.uid).unwrap()}
        pending={revocation.isLoading}
        successMessage={revoking ? STAFF_REVOKED_MESSAGE(revoking.name) : ''}
        onOpenChange={(open) => (open ? null : setRevoking(null))}
      />
    </section>
  );
}

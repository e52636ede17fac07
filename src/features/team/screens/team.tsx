import { useState } from 'react';
import {
  INVITATION_STATUS_LABELS,
  ROLE_LABELS,
  roleForbiddenMessage,
  TEAM_MESSAGES,
  type Invitation,
  type InvitationStatus,
  type TeamMember,
} from '@/contracts/team';
import { TITULAR_LABEL, TITULAR_MESSAGES } from '@/contracts/titular';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/dialog';
import { copyText } from '@/components/ui/copy-button';
import { RowActionsMenu, type RowAction } from '@/components/ui/data-table';
import { RecordConfirmDialog, RecordName } from '@/components/ui/delete-record-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LockIcon, TeamIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { useLock } from '@/components/ui/permissions';
import { useIsMobile } from '@/components/ui/sidebar';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { PageLoader } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { getEnv } from '@/config/env';
import { useAccess } from '@/entities/access/api';
import { apiErrorMessage } from '@/lib/api/errors';
import { formatDate, formatDateTime } from '@/lib/dates';
import {
  useGetDemoMailboxQuery,
  useGetTeamQuery,
  useRemoveMemberMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} from '../api';
import { InviteDialog } from '../components/invite-dialog';
import { InvitationLink, useInvitationUrl } from '../components/invitation-link';
import { RoleDialog } from '../components/role-dialog';

const STATUS_TONES: Record<InvitationStatus, BadgeTone> = {
  pendente: 'warning',
  aceito: 'success',
  revogado: 'neutral',
  expirado: 'danger',
};

function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{INVITATION_STATUS_LABELS[status]}</Badge>;
}

/**
 * Phones (below 768 px): one card per row instead of a table that would scroll sideways; the first column is the
 * card's title, the last (the menu) sits beside it, the others are labelled lines.
 */
function RowCards<Row>({ label, columns, rows, getRowId }: { label: string; columns: SimpleColumn<Row>[]; rows: readonly Row[]; getRowId(row: Row): string }) {
  const [title, ...rest] = columns;
  const menu = rest.find((column) => column.id === 'actions');
  const lines = rest.filter((column) => column !== menu);
  return (
    <ul aria-label={label} className="divide-y divide-slate-200">
      {rows.map((row) => (
        <li key={getRowId(row)} className="flex items-start gap-3 py-3">
          <div className="min-w-0 flex-1 space-y-1 text-sm">
            {title ? <p className="font-medium text-slate-900">{title.cell(row)}</p> : null}
            {lines.map((column) => (
              <p key={column.id} className="flex flex-wrap items-center gap-x-2 text-slate-700 [overflow-wrap:anywhere]">
                <span className="text-slate-600">{column.header}:</span> {column.cell(row)}
              </p>
            ))}
          </div>
          {menu ? <div className="shrink-0">{menu.cell(row)}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * An invitation's menu: "Copiar link" (pending, when the API gave its link: only the answer that made the token does —
 * the list has none, as only the token's SHA-256 is kept), "Reenviar convite" (pending or expired: a new link),
 * "Revogar convite" (pending).
 */
function InvitationActions({ invitation, onResend, onRevoke }: { invitation: Invitation; onResend(): void; onRevoke(): void }) {
  const url = useInvitationUrl(invitation.link);
  const copy = () =>
    void copyText(url).then((ok) =>
      ok ? toast.success('Link do convite copiado.') : toast.error('Não foi possível copiar. Reenvie o convite e copie o link.'),
    );
  const pending = invitation.status === 'pendente';
  const actions: RowAction[] = [
    ...(pending && invitation.link ? [{ label: 'Copiar link', onSelect: copy, need: 'none' as const }] : []),
    { label: 'Reenviar convite', onSelect: onResend, need: 'team' },
    ...(pending ? [{ label: 'Revogar convite', tone: 'danger' as const, onSelect: onRevoke, need: 'team' as const }] : []),
  ];
  return <RowActionsMenu label={invitation.email} actions={actions} />;
}

/** "E-mails enviados": the demo sends no e-mail; what it would have sent is here. */
function DemoMailbox() {
  const mailbox = useGetDemoMailboxQuery();
  return (
    <Panel title="E-mails enviados (demonstração)" query={mailbox}>
      {(mails) =>
        mails.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum e-mail enviado ainda.</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm">
            {mails.map((mail) => (
              <MailItem key={mail.id} to={mail.to} subject={mail.subject} text={mail.text} link={mail.link} sentAt={mail.sentAt} />
            ))}
          </ul>
        )
      }
    </Panel>
  );
}

function MailItem({ to, subject, text, link, sentAt }: { to: string; subject: string; text: string; link: string; sentAt: Date }) {
  const url = useInvitationUrl(link);
  return (
    <li className="space-y-1 py-3">
      <p className="text-slate-600">
        Para <span className="font-medium text-slate-900">{to}</span> · {formatDateTime(sentAt)}
      </p>
      <p className="font-medium text-slate-900">{subject}</p>
      <p className="text-slate-700">{text}</p>
      <a className="break-all text-accent underline underline-offset-2" href={url}>
        {url}
      </a>
    </li>
  );
}

export default function TeamScreen() {
  const access = useAccess();
  // The Técnico is told why instead: no request the backend would refuse.
  const team = useGetTeamQuery(undefined, { skip: access.isLoading || access.data?.role === 'tecnico' });
  const teamLock = useLock('team');
  const isMobile = useIsMobile();
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [resent, setResent] = useState<Invitation | null>(null);
  const [removeMember, removal] = useRemoveMemberMutation();
  const [revokeInvitation, revocation] = useRevokeInvitationMutation();
  const [resendInvitation] = useResendInvitationMutation();
  const subtitle = 'Quem da sua empresa acessa o Ponte IIoT, e o que cada um pode fazer.';

  if (access.isLoading) return <PageLoader label="Carregando a equipe…" />;
  if (access.data?.role === 'tecnico') {
    return (
      <section className="max-w-3xl">
        <PageHeader title="Equipe" subtitle={subtitle} />
        <EmptyState
          icon={<LockIcon />}
          title="Sem permissão"
          description={`${roleForbiddenMessage('tecnico', 'team')} Fale com um Administrador da sua empresa.`}
        />
      </section>
    );
  }

  const resend = async (invitation: Invitation) => {
    try {
      const renewed = await resendInvitation(invitation.id).unwrap();
      toast.success(`Convite reenviado para ${invitation.email}.`);
      // The new link exists only in this answer (the list keeps none): shown once, to copy or send by hand.
      if (renewed.link) setResent(renewed);
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };

  const memberActions = (member: TeamMember): RowAction[] => {
    const adminCount = team.data?.members.filter((m) => m.role === 'administrador').length ?? 0;
    const lastAdmin = member.role === 'administrador' && adminCount <= 1;
    const cannotRemove = member.owner ? TITULAR_MESSAGES.removal : lastAdmin ? TEAM_MESSAGES.lastAdmin : null;
    return [
      // The Titular's role is theirs to change: the dialog says so, and the API refuses another Administrador.
      { label: 'Alterar perfil', onSelect: () => setChanging(member), need: 'team' },
      {
        label: 'Remover da equipe',
        tone: 'danger',
        onSelect: () => setRemoving(member),
        need: 'team',
        ...(cannotRemove ? { disabled: true, description: cannotRemove } : {}),
      },
    ];
  };

  const memberColumns: SimpleColumn<TeamMember>[] = [
    {
      id: 'name',
      header: 'Nome',
      cell: (member) => (
        <span>
          {member.name}
          {member.owner ? (
            <Badge tone="neutral" className="ml-2" title="Quem cadastrou a empresa">
              {TITULAR_LABEL}
            </Badge>
          ) : null}
        </span>
      ),
    },
    { id: 'email', header: 'E-mail', cell: (member) => <span className="[overflow-wrap:anywhere]">{member.email}</span> },
    { id: 'role', header: 'Perfil', cell: (member) => <Badge tone={member.role === 'administrador' ? 'accent' : 'neutral'}>{ROLE_LABELS[member.role]}</Badge> },
    {
      id: 'lastAccess',
      header: 'Último acesso',
      cell: (member) => (member.lastAccessAt ? formatDateTime(member.lastAccessAt) : 'Nunca acessou'),
    },
    {
      id: 'actions',
      header: 'Ações',
      className: 'w-16 text-right',
      cell: (member) => <RowActionsMenu label={member.name} actions={memberActions(member)} />,
    },
  ];

  const invitationColumns: SimpleColumn<Invitation>[] = [
    { id: 'email', header: 'E-mail', cell: (invitation) => <span className="[overflow-wrap:anywhere]">{invitation.email}</span> },
    { id: 'role', header: 'Perfil', cell: (invitation) => ROLE_LABELS[invitation.role] },
    { id: 'status', header: 'Status', cell: (invitation) => <InvitationStatusBadge status={invitation.status} /> },
    {
      id: 'expires',
      header: 'Validade',
      cell: (invitation) =>
        invitation.status === 'pendente' ? `Até ${formatDate(invitation.expiresAt)}` : invitation.status === 'expirado' ? `Expirou em ${formatDate(invitation.expiresAt)}` : '—',
    },
    {
      id: 'actions',
      header: 'Ações',
      className: 'w-16 text-right',
      cell: (invitation) =>
        invitation.status === 'pendente' || invitation.status === 'expirado' ? (
          <InvitationActions
            invitation={invitation}
            onResend={() => void resend(invitation)}
            onRevoke={() => setRevoking(invitation)}
          />
        ) : null,
    },
  ];

  const inviteButton = <Button onClick={() => setInviting(true)}>Convidar</Button>;

  return (
    <section className="max-w-5xl space-y-6">
      <PageHeader title="Equipe" subtitle={subtitle} actions={inviteButton} actionsNeed="team" />
      <Panel title="Pessoas" query={team}>
        {(data) =>
          data.members.length === 0 ? (
            <EmptyState icon={<TeamIcon />} title="Ninguém na equipe ainda" headingLevel={3} description="Convide quem trabalha com você." />
          ) : (
            isMobile ? (
              <RowCards label="Pessoas da equipe" columns={memberColumns} rows={data.members} getRowId={(member) => member.uid} />
            ) : (
              <SimpleTable caption="Pessoas da equipe" columns={memberColumns} rows={data.members} getRowId={(member) => member.uid} />
            )
          )
        }
      </Panel>
      <Panel title="Convites" query={team}>
        {(data) =>
          data.invitations.length === 0 ? (
            <EmptyState
              icon={<TeamIcon />}
              title="Nenhum convite enviado"
              headingLevel={3}
              description="Convide técnicos e gestores da sua empresa por e-mail."
              action={teamLock ? null : inviteButton}
            />
          ) : (
            isMobile ? (
              <RowCards label="Convites" columns={invitationColumns} rows={data.invitations} getRowId={(invitation) => invitation.id} />
            ) : (
              <SimpleTable caption="Convites" columns={invitationColumns} rows={data.invitations} getRowId={(invitation) => invitation.id} />
            )
          )
        }
      </Panel>
      {getEnv().demo && !teamLock ? <DemoMailbox /> : null}
      {inviting ? <InviteDialog onOpenChange={(open) => setInviting(open)} /> : null}
      {resent ? (
        <FormDialog
          onOpenChange={(open) => (open ? null : setResent(null))}
          busy={false}
          dirty={false}
          title="Convite reenviado"
          description={`Enviamos um novo link para ${resent.email}; o anterior deixou de funcionar. Você também pode copiá-lo e enviá-lo por outro meio.`}
        >
          <div className="space-y-5">
            <InvitationLink link={resent.link} />
            <div className="flex justify-end">
              <Button onClick={() => setResent(null)}>Concluir</Button>
            </div>
          </div>
        </FormDialog>
      ) : null}
      {changing ? <RoleDialog member={changing} onOpenChange={(open) => (open ? null : setChanging(null))} /> : null}
      <RecordConfirmDialog
        record={removing}
        title="Remover da equipe?"
        description={(member) => (
          <>
            <RecordName>{member.name}</RecordName> ({member.email}) perde o acesso aos dados da empresa. Para voltar, precisa de um novo
            convite.
          </>
        )}
        confirmLabel="Remover"
        run={(member) => removeMember(member.uid).unwrap()}
        pending={removal.isLoading}
        successMessage="Pessoa removida da equipe."
        onOpenChange={(open) => (open ? null : setRemoving(null))}
      />
      <RecordConfirmDialog
        record={revoking}
        title="Revogar convite?"
        description={(invitation) => (
          <>
            O link enviado para <RecordName>{invitation.email}</RecordName> deixa de funcionar.
          </>
        )}
        confirmLabel="Revogar"
        run={(invitation) => revokeInvitation(invitation.id).unwrap()}
        pending={revocation.isLoading}
        successMessage="Convite revogado."
        onOpenChange={(open) => (open ? null : setRevoking(null))}
      />
    </section>
  );
}

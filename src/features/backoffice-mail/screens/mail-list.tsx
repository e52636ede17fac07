import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { Column } from '@/components/ui/data-table';
import { MailIcon } from '@/components/ui/icons';
import { ListBlock } from '@/components/ui/list-block';
import { filterSelectProps } from '@/components/ui/list-table';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { SimpleSelect } from '@/components/ui/select';
import { useListScreen } from '@/components/ui/use-list-screen';
import {
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  MAIL_STATUS_LABELS,
  MAIL_STATUSES,
  mailListQuery,
  type MailRecord,
  type MailStatus,
} from '@/contracts/mail';
import { formatDateTime } from '@/lib/dates';
import { backofficeMailApi } from '../api';

const STATUS_TONES: Record<MailStatus, BadgeTone> = { 'na-fila': 'warning', enviado: 'success', falhou: 'danger' };

const STATUS_OPTIONS = [{ value: '', label: 'Todas as situações' }, ...MAIL_STATUSES.map((value) => ({ value, label: MAIL_STATUS_LABELS[value] }))];
const KIND_OPTIONS = [{ value: '', label: 'Todos os tipos' }, ...MAIL_KINDS.map((value) => ({ value, label: MAIL_KIND_LABELS[value] }))];

/** Where a delivery stands, in words: the attempts and, while it waits or once it failed, why. */
function deliveryNote(mail: MailRecord): string {
  const attempts = mail.attempts === 1 ? '1 tentativa' : `${mail.attempts} tentativas`;
  if (mail.status === 'enviado') return mail.deliveredAt ? `${attempts} · entregue em ${formatDateTime(mail.deliveredAt)}` : attempts;
  if (mail.attempts === 0) return 'Aguardando o primeiro envio';
  return mail.lastError ? `${attempts} · ${mail.lastError}` : attempts;
}

const COLUMNS: Column<MailRecord>[] = [
  {
    id: 'sentAt',
    header: 'Data',
    sortKey: 'sentAt',
    cell: (mail) => <span className="whitespace-nowrap">{formatDateTime(mail.sentAt)}</span>,
  },
  { id: 'to', header: 'Para', primary: true, cell: (mail) => <span className="break-all">{mail.to}</span> },
  { id: 'subject', header: 'Assunto', cell: (mail) => mail.subject },
  { id: 'kind', header: 'Tipo', cell: (mail) => MAIL_KIND_LABELS[mail.kind] },
  {
    id: 'status',
    header: 'Situação',
    cell: (mail) => (
      <Badge tone={STATUS_TONES[mail.status]} dot>
        {MAIL_STATUS_LABELS[mail.status]}
      </Badge>
    ),
  },
  { id: 'delivery', header: 'Entrega', cell: (mail) => <span className="text-sm text-slate-600">{deliveryNote(mail)}</span> },
];

const countLabel = (total: number) => (total === 1 ? '1 e-mail' : `${total} e-mails`);

/** Back office → E-mails: every e-mail the platform sent or is sending, and where its delivery stands. */
export default function MailListScreen() {
  const title = usePageTitle() || 'E-mails';
  const { list, table } = useListScreen(mailListQuery, backofficeMailApi.endpoints.listMail);
  return (
    <section>
      <PageHeader
        title={title}
        subtitle="Convites, aprovações, alertas e a newsletter: cada e-mail sai por uma fila, com novas tentativas se o provedor falhar."
      />
      <ListBlock
        list={list}
        table={table}
        search={{ label: 'Buscar e-mails', placeholder: 'Endereço de destino' }}
        filters={
          <>
            <SimpleSelect aria-label="Filtrar por situação" className="sm:w-48" {...filterSelectProps(list, 'status')} options={STATUS_OPTIONS} />
            <SimpleSelect aria-label="Filtrar por tipo" className="sm:w-48" {...filterSelectProps(list, 'kind')} options={KIND_OPTIONS} />
          </>
        }
        caption={title}
        columns={COLUMNS}
        getRowId={(mail) => `${mail.store}:${mail.id}`}
        rowLabel={(mail) => `${mail.subject} para ${mail.to}`}
        emptyState={{
          icon: <MailIcon />,
          title: 'Nenhum e-mail',
          description: 'Os e-mails aparecem aqui assim que a plataforma os enviar.',
        }}
        countLabel={countLabel}
      />
    </section>
  );
}

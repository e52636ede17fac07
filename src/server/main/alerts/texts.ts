/**
 * The alerts' pt-BR texts: each event's sentence about one subject (built where the event happens), and how one
 * alert or a digest of many (1 000 gateways offline in one sweep) becomes a portal notification and an e-mail.
 */
import { ALERT_EVENT_LABELS, type AlertEvent, type PortalNotificationSubject } from '@/contracts/alerts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@/contracts/commerce';

/** A digest lists this many subjects by name, then "e mais N". */
export const DIGEST_LISTED = 20;

/** What an alert is about: the bell and the e-mail link to it. */
export interface AlertSubject {
  kind: PortalNotificationSubject;
  id: string;
  /** Its name as people know it (a gateway's name, "Pedido #1042", a machine's name). */
  label: string;
  /** false: no record to open (a declined card made no order): the notification links nowhere, the e-mail to the list. */
  linked?: boolean;
}

/** One subject's alert: its subject and the sentence that tells what happened. */
export interface AlertOccurrence {
  subject: AlertSubject;
  message: string;
}

const byName = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });

const count = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

const minutesText = (minutes: number) => (minutes === 1 ? '1 minuto' : `${count(minutes)} minutos`);

/** The sentences of each event about one subject. */
export const ALERT_TEXTS = {
  gatewayOffline: (name: string, minutes: number) => `O gateway "${name}" está offline há ${minutesText(minutes)}.`,
  gatewayOnline: (name: string, minutes: number) => `O gateway "${name}" voltou a se comunicar depois de ${minutesText(minutes)} offline.`,
  remoteAccessStarted: (person: string, machine: string, hours: number) =>
    `${person} iniciou um acesso remoto à máquina "${machine}" por ${hours === 1 ? '1 hora' : `${count(hours)} horas`}.`,
  approvalPending: (person: string, machine: string, awaiting: 'admin' | 'factory') =>
    `${person} pediu acesso remoto à máquina "${machine}": ` +
    (awaiting === 'admin' ? 'aguarda a aprovação de um Administrador.' : 'aguarda a aprovação da fábrica.'),
  orderUpdated: (label: string, status: OrderStatus) => `O pedido ${label} mudou para "${ORDER_STATUS_LABELS[status]}".`,
  paymentDeclined: (card: string, total: string) => `O cartão ${card} foi recusado pela operadora num pedido de ${total}. Nenhum pedido foi criado.`,
} as const;

const NOUNS: Record<PortalNotificationSubject, [one: string, many: string]> = {
  device: ['gateway', 'gateways'],
  machine: ['máquina', 'máquinas'],
  order: ['pedido', 'pedidos'],
  'remote-access': ['acesso remoto', 'acessos remotos'],
  webhook: ['webhook', 'webhooks'],
};

/** Where a subject is in the portal (the e-mail's link). */
export function subjectPath(subject: Pick<AlertSubject, 'kind' | 'id'>): string {
  const id = encodeURIComponent(subject.id);
  switch (subject.kind) {
    case 'device':
      return `/devices/${id}`;
    case 'machine':
      return `/machines/${id}`;
    case 'order':
      return `/orders/${id}`;
    case 'remote-access':
      return '/remote-access';
    case 'webhook':
      return '/settings/webhooks';
  }
}

/** Where a digest's subjects are listed. */
function listPath(kind: PortalNotificationSubject): string {
  switch (kind) {
    case 'device':
      return '/devices';
    case 'machine':
      return '/machines';
    case 'order':
      return '/orders/';
    case 'remote-access':
      return '/remote-access';
    case 'webhook':
      return '/settings/webhooks';
  }
}

/** "e mais 980" after the listed ones ('' when all are listed). */
function moreText(total: number): string {
  return total > DIGEST_LISTED ? `e mais ${count(total - DIGEST_LISTED)}` : '';
}

/** What one recipient receives: the notification's and the e-mail's texts. */
export interface AlertMessage {
  title: string;
  /** The portal notification's text. */
  message: string;
  /** The portal notification's subject (null for a digest: it lists many). */
  subject: AlertSubject | null;
  mailSubject: string;
  mailText: string;
  link: string;
}

/** One alert (one occurrence) or a digest (several of the same event, at once). */
export function alertMessage(event: AlertEvent, occurrences: readonly AlertOccurrence[]): AlertMessage {
  const label = ALERT_EVENT_LABELS[event];
  const [first] = occurrences;
  if (!first) throw new Error('alertMessage needs an occurrence');
  if (occurrences.length === 1) {
    return {
      title: `${label}: ${first.subject.label}`,
      message: first.message,
      subject: first.subject.linked === false ? null : first.subject,
      mailSubject: `Ponte IIoT — ${label}: ${first.subject.label}`,
      mailText: `${first.message}\n\nVeja no portal do Ponte IIoT.`,
      link: first.subject.linked === false ? listPath(first.subject.kind) : subjectPath(first.subject),
    };
  }
  const [one, many] = NOUNS[first.subject.kind];
  const total = occurrences.length;
  // By name, numbers in order ("Gateway 2" before "Gateway 10").
  const listed = [...occurrences].sort((a, b) => byName.compare(a.subject.label, b.subject.label)).slice(0, DIGEST_LISTED);
  const more = moreText(total);
  const names = listed.map((item) => item.subject.label);
  const title = `${label}: ${count(total)} ${total === 1 ? one : many}`;
  return {
    title,
    message: `${names.join(', ')}${more ? ` ${more}` : ''}.`,
    subject: null,
    mailSubject: `Ponte IIoT — ${title}`,
    mailText: [
      `${label} (${count(total)} ${many}):`,
      '',
      ...listed.map((item) => `- ${item.message}`),
      ...(more ? [`${more[0]?.toUpperCase()}${more.slice(1)}.`] : []),
      '',
      'Veja no portal do Ponte IIoT.',
    ].join('\n'),
    link: listPath(first.subject.kind),
  };
}

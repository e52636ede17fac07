/**
 * The account's data export (LGPD: access and portability): every kind of record the account owns, read in one
 * `db.batch` (one consistent snapshot), written as `dados.json` (everything) and one CSV per list in the pt-BR
 * spreadsheet format (src/contracts/format/csv.ts: `;`, decimal comma, dd/mm/aaaa hh:mm in Brasília, BOM, formulas
 * neutralised), stored in a ZIP (src/contracts/format/zip.ts).
 *
 * No secrets: columns are picked one by one, so invitation tokens, gateways' setup codes and keys, the VPN nodes'
 * credentials, the webhooks' signing secrets and anything a payment platform keeps never leave; a card is its brand
 * and last four digits. Every
 * statement names the owner.
 */
import { asc, eq } from 'drizzle-orm';
import type { EXPORT_FILES } from '@/contracts/account-data';
import { toCsv, type CsvValue } from '@/contracts/format/csv';
import { zipStore } from '@/contracts/format/zip';
import type { Db } from '../../../shared/app-env';
import { assembler, teamMember } from '../../../shared/db/core-schema';
import { invitation } from '../../db/account-schema';
import { address, orderItem, orderTimeline, purchaseOrder } from '../../db/commerce-schema';
import { device, deviceConnection } from '../../db/device-schema';
import { customer, machine, machineModel } from '../../db/fleet-schema';
import { remoteAccessEvent, remoteAccessPolicy, remoteAccessSession } from '../../db/remote-access-schema';
import { alertRule, portalNotification } from '../../db/alert-schema';
import { webhookEndpoint } from '../../db/webhook-schema';
import { vpnUser } from '../../../vpn/db/vpn-schema';

const TIME_ZONE = 'America/Sao_Paulo';
type Row = Record<string, unknown>;
/** A CSV column: header, the row's field, and how it is typed (`time`: epoch ms; `money`: centavos → reais). */
type Column = [header: string, field: string, kind?: 'time' | 'money'];

/** Every list of the archive: its key in dados.json, its CSV and its columns. */
const LISTS: ReadonlyArray<{ key: string; file: (typeof EXPORT_FILES)[number]['file']; columns: readonly Column[] }> = [
  { key: 'empresa', file: 'empresa.csv', columns: [['Nome', 'name'], ['CNPJ', 'cnpj'], ['E-mail', 'email'], ['Criada em', 'createdAt', 'time']] },
  {
    key: 'equipe',
    file: 'equipe.csv',
    columns: [['Nome', 'name'], ['E-mail', 'email'], ['Perfil', 'role'], ['Entrou em', 'joinedAt', 'time'], ['Último acesso', 'lastAccessAt', 'time']],
  },
  {
    key: 'convites',
    file: 'convites.csv',
    columns: [['E-mail', 'email'], ['Perfil', 'role'], ['Situação', 'status'], ['Convidado por', 'invitedByName'], ['Criado em', 'createdAt', 'time'], ['Expira em', 'expiresAt', 'time']],
  },
  {
    key: 'clientes',
    file: 'clientes.csv',
    columns: [['Razão social', 'name'], ['Nome fantasia', 'tradeName'], ['CNPJ', 'cnpj'], ['E-mail', 'email'], ['Telefone', 'phone'], ['Cidade', 'city'], ['UF', 'uf'], ['Criado em', 'createdAt', 'time']],
  },
  {
    key: 'modelosDeMaquina',
    file: 'modelos-de-maquina.csv',
    columns: [['Nome', 'name'], ['Fabricante', 'manufacturer'], ['Categoria', 'category'], ['Descrição', 'description'], ['Serviços', 'services'], ['Criado em', 'createdAt', 'time']],
  },
  {
    key: 'maquinas',
    file: 'maquinas.csv',
    columns: [['Nome', 'name'], ['Número de série', 'serialNumber'], ['Modelo', 'modelId'], ['Cliente', 'customerId'], ['Gateway', 'deviceId'], ['Local', 'site'], ['Rede local', 'lanSubnet'], ['Criada em', 'createdAt', 'time']],
  },
  {
    key: 'gateways',
    file: 'gateways.csv',
    columns: [['Nome', 'name'], ['Número de série', 'serialNumber'], ['Modelo', 'hardwareModel'], ['Firmware', 'firmware'], ['Situação', 'status'], ['Endereço VPN', 'vpnAddress'], ['Máquina', 'machineId'], ['Pedido', 'orderId'], ['Visto por último', 'lastSeenAt', 'time']],
  },
  {
    key: 'enderecos',
    file: 'enderecos.csv',
    columns: [['Apelido', 'label'], ['CEP', 'cep'], ['Logradouro', 'street'], ['Número', 'number'], ['Complemento', 'complement'], ['Bairro', 'district'], ['Cidade', 'city'], ['UF', 'uf']],
  },
  {
    key: 'pedidos',
    file: 'pedidos.csv',
    columns: [['Número', 'number'], ['Situação', 'status'], ['Itens', 'itemCount'], ['Subtotal (R$)', 'subtotal', 'money'], ['Desconto (R$)', 'discount', 'money'], ['Frete (R$)', 'shipping', 'money'], ['Total (R$)', 'total', 'money'], ['CEP', 'addressCep'], ['Logradouro', 'addressStreet'], ['Número do endereço', 'addressNumber'], ['Cidade', 'addressCity'], ['UF', 'addressUf'], ['Rastreio', 'trackingCode'], ['Criado em', 'createdAt', 'time'], ['Pago em', 'paidAt', 'time']],
  },
  {
    key: 'itensDosPedidos',
    file: 'itens-dos-pedidos.csv',
    columns: [['Pedido', 'orderNumber'], ['SKU', 'sku'], ['Produto', 'name'], ['Quantidade', 'quantity'], ['Preço unitário (R$)', 'unitPrice', 'money']],
  },
  {
    key: 'pagamentos',
    file: 'pagamentos.csv',
    columns: [['Pedido', 'orderNumber'], ['Forma de pagamento', 'paymentMethodName'], ['Tipo', 'paymentKind'], ['Parcelas', 'installments'], ['Bandeira', 'cardBrand'], ['Final do cartão', 'cardLast4'], ['Pago em', 'paidAt', 'time']],
  },
  {
    key: 'acessosRemotos',
    file: 'acessos-remotos.csv',
    columns: [['Máquina', 'machineName'], ['Solicitante', 'requesterName'], ['E-mail', 'requesterEmail'], ['Motivo', 'reason'], ['Duração (h)', 'durationHours'], ['Situação', 'status'], ['Início', 'windowStart', 'time'], ['Fim', 'windowEnd', 'time'], ['Decidido por', 'decidedByName'], ['Encerrado por', 'endedByName'], ['Pedido em', 'createdAt', 'time']],
  },
  {
    key: 'eventosDeAcessoRemoto',
    file: 'eventos-de-acesso-remoto.csv',
    columns: [['Quando', 'at', 'time'], ['Evento', 'kind'], ['Máquina', 'machineName'], ['Solicitante', 'requesterName'], ['Feito por', 'actorName'], ['Motivo', 'reason']],
  },
  {
    key: 'historicoDeAcesso',
    file: 'historico-de-acesso.csv',
    columns: [['Início', 'startedAt', 'time'], ['Fim', 'endedAt', 'time'], ['Usuário', 'userName'], ['E-mail', 'userEmail'], ['Gateway', 'deviceId'], ['Máquina', 'machineId'], ['IP público', 'publicIp'], ['Bytes recebidos', 'bytesIn'], ['Bytes enviados', 'bytesOut']],
  },
  {
    key: 'usuariosVpn',
    file: 'usuarios-vpn.csv',
    columns: [['Nome', 'name'], ['E-mail', 'email'], ['Ativo', 'enabled'], ['Expira em', 'expiresAt', 'time'], ['Máquinas', 'machineIds'], ['Criado em', 'createdAt', 'time']],
  },
  {
    key: 'regrasDeAlerta',
    file: 'regras-de-alerta.csv',
    columns: [['Evento', 'event'], ['Ativa', 'enabled'], ['Perfis', 'roles'], ['E-mails extras', 'extraEmails'], ['Canais', 'channels'], ['Avisar após (min)', 'afterMinutes'], ['Silêncio (min)', 'quietMinutes'], ['Alterada em', 'updatedAt', 'time']],
  },
  {
    key: 'webhooks',
    file: 'webhooks.csv',
    columns: [['URL', 'url'], ['Eventos', 'events'], ['Ativo', 'enabled'], ['Falhando desde', 'failingSince', 'time'], ['Desativado em', 'disabledAt', 'time'], ['Criado em', 'createdAt', 'time']],
  },
  {
    key: 'notificacoes',
    file: 'notificacoes.csv',
    columns: [['Destinatário', 'memberUid'], ['Evento', 'event'], ['Título', 'title'], ['Mensagem', 'message'], ['Lida em', 'readAt', 'time'], ['Criada em', 'createdAt', 'time']],
  },
];

/** Every record of the account, by list (fields as the API names them; times epoch ms, money centavos). */
export async function accountRecords(db: Db, owner: string): Promise<Record<string, Row[]>> {
  const [company, team, invitations, customers, models, machines, gateways, addresses, orders, items, timeline, sessions, events, connections, vpnUsers, policy, rules, webhooks, notifications] =
    await db.batch([
      db.select({ name: assembler.name, cnpj: assembler.cnpj, email: assembler.email, createdAt: assembler.createdAt }).from(assembler).where(eq(assembler.uid, owner)),
      db
        .select({ name: teamMember.name, email: teamMember.email, role: teamMember.role, joinedAt: teamMember.joinedAt, lastAccessAt: teamMember.lastAccessAt })
        .from(teamMember)
        .where(eq(teamMember.accountUid, owner))
        .orderBy(asc(teamMember.joinedAt)),
      db
        .select({ id: invitation.id, email: invitation.email, role: invitation.role, status: invitation.status, invitedByName: invitation.invitedByName, createdAt: invitation.createdAt, expiresAt: invitation.expiresAt })
        .from(invitation)
        .where(eq(invitation.ownerUid, owner))
        .orderBy(asc(invitation.createdAt)),
      db
        .select({ id: customer.id, name: customer.name, tradeName: customer.tradeName, cnpj: customer.cnpj, email: customer.email, phone: customer.phone, city: customer.city, uf: customer.uf, createdAt: customer.createdAt, updatedAt: customer.updatedAt })
        .from(customer)
        .where(eq(customer.ownerUid, owner))
        .orderBy(asc(customer.createdAt), asc(customer.id)),
      db
        .select({ id: machineModel.id, name: machineModel.name, manufacturer: machineModel.manufacturer, category: machineModel.category, description: machineModel.description, services: machineModel.services, createdAt: machineModel.createdAt })
        .from(machineModel)
        .where(eq(machineModel.ownerUid, owner))
        .orderBy(asc(machineModel.createdAt), asc(machineModel.id)),
      db
        .select({ id: machine.id, name: machine.name, serialNumber: machine.serialNumber, modelId: machine.modelId, customerId: machine.customerId, deviceId: machine.deviceId, site: machine.site, lanSubnet: machine.lanSubnet, services: machine.services, createdAt: machine.createdAt })
        .from(machine)
        .where(eq(machine.ownerUid, owner))
        .orderBy(asc(machine.createdAt), asc(machine.id)),
      db
        .select({ id: device.id, name: device.name, serialNumber: device.serialNumber, hardwareModel: device.hardwareModel, firmware: device.firmware, status: device.status, vpnAddress: device.vpnAddress, machineId: device.machineId, orderId: device.orderId, lastSeenAt: device.lastSeenAt, createdAt: device.createdAt })
        .from(device)
        .where(eq(device.ownerUid, owner))
        .orderBy(asc(device.createdAt), asc(device.id)),
      db
        .select({ id: address.id, label: address.label, cep: address.cep, street: address.street, number: address.number, complement: address.complement, district: address.district, city: address.city, uf: address.uf, isDefault: address.isDefault })
        .from(address)
        .where(eq(address.ownerUid, owner))
        .orderBy(asc(address.createdAt), asc(address.id)),
      db
        .select({
          id: purchaseOrder.id, number: purchaseOrder.number, status: purchaseOrder.status, itemCount: purchaseOrder.itemCount, subtotal: purchaseOrder.subtotal,
          discount: purchaseOrder.discount, discountRuleName: purchaseOrder.discountRuleName, shipping: purchaseOrder.shipping, total: purchaseOrder.total,
          addressLabel: purchaseOrder.addressLabel, addressCep: purchaseOrder.addressCep, addressStreet: purchaseOrder.addressStreet, addressNumber: purchaseOrder.addressNumber,
          addressComplement: purchaseOrder.addressComplement, addressDistrict: purchaseOrder.addressDistrict, addressCity: purchaseOrder.addressCity, addressUf: purchaseOrder.addressUf,
          paymentMethodName: purchaseOrder.paymentMethodName, paymentKind: purchaseOrder.paymentKind, installments: purchaseOrder.installments,
          cardBrand: purchaseOrder.cardBrand, cardLast4: purchaseOrder.cardLast4, paidAt: purchaseOrder.paidAt, trackingCode: purchaseOrder.trackingCode,
          cancelReason: purchaseOrder.cancelReason, createdAt: purchaseOrder.createdAt,
        })
        .from(purchaseOrder)
        .where(eq(purchaseOrder.ownerUid, owner))
        .orderBy(asc(purchaseOrder.number)),
      db
        .select({ orderId: orderItem.orderId, line: orderItem.line, sku: orderItem.sku, name: orderItem.name, kind: orderItem.kind, quantity: orderItem.quantity, unitPrice: orderItem.unitPrice })
        .from(orderItem)
        .where(eq(orderItem.ownerUid, owner))
        .orderBy(asc(orderItem.orderId), asc(orderItem.line)),
      db
        .select({ orderId: orderTimeline.orderId, status: orderTimeline.status, at: orderTimeline.at, actorKind: orderTimeline.actorKind, actorName: orderTimeline.actorName, note: orderTimeline.note })
        .from(orderTimeline)
        .where(eq(orderTimeline.ownerUid, owner))
        .orderBy(asc(orderTimeline.at), asc(orderTimeline.id)),
      db
        .select({
          id: remoteAccessSession.id, machineName: remoteAccessSession.machineName, requesterName: remoteAccessSession.requesterName, requesterEmail: remoteAccessSession.requesterEmail,
          reason: remoteAccessSession.reason, durationHours: remoteAccessSession.durationHours, services: remoteAccessSession.services, status: remoteAccessSession.status,
          windowStart: remoteAccessSession.windowStart, windowEnd: remoteAccessSession.windowEnd, decidedByName: remoteAccessSession.decidedByName, refusalReason: remoteAccessSession.refusalReason,
          endedByName: remoteAccessSession.endedByName, endReason: remoteAccessSession.endReason, createdAt: remoteAccessSession.createdAt,
        })
        .from(remoteAccessSession)
        .where(eq(remoteAccessSession.ownerUid, owner))
        .orderBy(asc(remoteAccessSession.createdAt), asc(remoteAccessSession.id)),
      db
        .select({ sessionId: remoteAccessEvent.sessionId, at: remoteAccessEvent.at, kind: remoteAccessEvent.kind, machineName: remoteAccessEvent.machineName, requesterName: remoteAccessEvent.requesterName, actorName: remoteAccessEvent.actorName, reason: remoteAccessEvent.reason })
        .from(remoteAccessEvent)
        .where(eq(remoteAccessEvent.ownerUid, owner))
        .orderBy(asc(remoteAccessEvent.at), asc(remoteAccessEvent.id)),
      db
        .select({ startedAt: deviceConnection.startedAt, endedAt: deviceConnection.endedAt, userName: deviceConnection.userName, userEmail: deviceConnection.userEmail, deviceId: deviceConnection.deviceId, machineId: deviceConnection.machineId, publicIp: deviceConnection.publicIp, bytesIn: deviceConnection.bytesIn, bytesOut: deviceConnection.bytesOut })
        .from(deviceConnection)
        .where(eq(deviceConnection.ownerUid, owner))
        .orderBy(asc(deviceConnection.startedAt), asc(deviceConnection.id)),
      db
        .select({ id: vpnUser.id, name: vpnUser.name, email: vpnUser.email, enabled: vpnUser.enabled, expiresAt: vpnUser.expiresAt, machineIds: vpnUser.machineIds, createdAt: vpnUser.createdAt })
        .from(vpnUser)
        .where(eq(vpnUser.ownerUid, owner))
        .orderBy(asc(vpnUser.createdAt), asc(vpnUser.id)),
      db
        .select({ requireApproval: remoteAccessPolicy.requireApproval, maxDurationHours: remoteAccessPolicy.maxDurationHours })
        .from(remoteAccessPolicy)
        .where(eq(remoteAccessPolicy.ownerUid, owner)),
      db
        .select({ event: alertRule.event, enabled: alertRule.enabled, roles: alertRule.roles, extraEmails: alertRule.extraEmails, channels: alertRule.channels, afterMinutes: alertRule.afterMinutes, quietMinutes: alertRule.quietMinutes, updatedAt: alertRule.updatedAt })
        .from(alertRule)
        .where(eq(alertRule.ownerUid, owner))
        .orderBy(asc(alertRule.event)),
      // Never the signing secret (secret_cipher, secret_iv).
      db
        .select({ id: webhookEndpoint.id, url: webhookEndpoint.url, events: webhookEndpoint.events, enabled: webhookEndpoint.enabled, failingSince: webhookEndpoint.failingSince, disabledAt: webhookEndpoint.disabledAt, createdAt: webhookEndpoint.createdAt })
        .from(webhookEndpoint)
        .where(eq(webhookEndpoint.ownerUid, owner))
        .orderBy(asc(webhookEndpoint.createdAt), asc(webhookEndpoint.id)),
      db
        .select({ id: portalNotification.id, memberUid: portalNotification.memberUid, event: portalNotification.event, title: portalNotification.title, message: portalNotification.message, subjectKind: portalNotification.subjectKind, subjectId: portalNotification.subjectId, readAt: portalNotification.readAt, createdAt: portalNotification.createdAt })
        .from(portalNotification)
        .where(eq(portalNotification.ownerUid, owner))
        .orderBy(asc(portalNotification.createdAt), asc(portalNotification.id)),
    ]);
  const numberOf = new Map(orders.map((order) => [order.id, order.number]));
  const withNumber = <T extends { orderId: string }>(row: T) => ({ orderNumber: numberOf.get(row.orderId) ?? null, ...row });
  return {
    empresa: company,
    equipe: team,
    convites: invitations,
    clientes: customers,
    modelosDeMaquina: models,
    maquinas: machines,
    gateways,
    enderecos: addresses,
    pedidos: orders.map((order) => ({ ...order, itens: items.filter((item) => item.orderId === order.id), historico: timeline.filter((step) => step.orderId === order.id) })),
    itensDosPedidos: items.map(withNumber),
    pagamentos: orders.map((order) => ({
      orderNumber: order.number,
      paymentMethodName: order.paymentMethodName,
      paymentKind: order.paymentKind,
      installments: order.installments,
      cardBrand: order.cardBrand,
      cardLast4: order.cardLast4,
      paidAt: order.paidAt,
    })),
    acessosRemotos: sessions,
    eventosDeAcessoRemoto: events,
    historicoDeAcesso: connections,
    usuariosVpn: vpnUsers,
    politicaDeAcessoRemoto: policy,
    regrasDeAlerta: rules,
    webhooks,
    notificacoes: notifications,
  };
}

const TIME_FIELD = /(At|^windowStart|^windowEnd|^failingSince)$/;

/** dados.json's values: times as ISO 8601 (UTC), JSON columns parsed; money stays in centavos. */
function jsonValue(key: string, value: unknown): unknown {
  if (typeof value === 'number' && TIME_FIELD.test(key)) return new Date(value).toISOString();
  if ((key === 'services' || key === 'machineIds') && typeof value === 'string') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

function cell(row: Row, [, field, kind]: Column): CsvValue {
  const value = row[field];
  if (value === null || value === undefined) return null;
  if (kind === 'time') return typeof value === 'number' ? new Date(value) : null;
  if (kind === 'money') return typeof value === 'number' ? value / 100 : null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  // A JSON list column (an alert rule's roles, e-mails and channels; a webhook's events).
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

/** The archive: dados.json and one CSV per list. */
export function exportArchive(records: Record<string, Row[]>, now: Date): Uint8Array<ArrayBuffer> {
  const data = {
    geradoEm: now.toISOString(),
    sobre:
      'Exportação dos dados da conta no Ponte IIoT (LGPD, art. 18). Datas em UTC (ISO 8601); valores em centavos. Cartões: só a bandeira e os 4 últimos dígitos.',
    ...records,
  };
  const json = JSON.stringify(data, (key, value: unknown) => jsonValue(key, value), 2);
  const csvs = LISTS.map(({ key, file, columns }) => ({
    name: file,
    data: toCsv(records[key] ?? [], columns.map((column) => ({ header: column[0], value: (row: Row) => cell(row, column) })), { timeZone: TIME_ZONE }),
  }));
  return zipStore([{ name: 'dados.json', data: json }, ...csvs], now);
}

/** /audit-log's answers, as the API sends them (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { AUDIT_KINDS, AUDIT_TARGET_KINDS } from '@/contracts/audit';
import { pageOf, timestampSchema } from '../../../shared/openapi';

const fieldsSchema = z
  .record(z.string(), z.unknown())
  .nullable()
  .openapi({ description: 'Os campos alterados (JSON); nunca segredos, tokens, chaves ou senhas. null: não havia (ou não há mais).' });

const entryShape = {
  id: z.string(),
  actorUid: z.string().openapi({ description: 'Quem fez (uid).' }),
  actorName: z.string(),
  actorEmail: z.string(),
  actorStaff: z.boolean().openapi({ description: 'Uma pessoa da equipe Ponte fez a alteração.' }),
  ip: z.string().openapi({ description: 'Endereço IP de quem fez (CF-Connecting-IP); vazio se desconhecido.' }),
  kind: z.enum(AUDIT_KINDS),
  targetKind: z.enum(AUDIT_TARGET_KINDS),
  targetId: z.string(),
  targetLabel: z.string(),
  before: fieldsSchema,
  after: fieldsSchema,
  createdAt: timestampSchema,
};

export const auditEntrySchema = z.object(entryShape).openapi('AuditEntry');
export const auditPageSchema = pageOf(auditEntrySchema).openapi('AuditEntryPage');

export const backofficeAuditEntrySchema = z
  .object({
    ...entryShape,
    accountUid: z.string().openapi({ description: 'A conta (uid, para `account`).' }),
    accountName: z.string().openapi({ description: 'O nome da empresa da conta.' }),
  })
  .openapi('BackofficeAuditEntry');
export const backofficeAuditPageSchema = pageOf(backofficeAuditEntrySchema).openapi('BackofficeAuditEntryPage');

const optionSchema = z.object({ value: z.string(), label: z.string() });
export const auditPeopleSchema = z
  .object({ people: z.array(optionSchema).openapi({ description: 'Quem aparece no registro (`value`: uid, para `person`).' }) })
  .openapi('AuditPeople');

export const backofficeAuditFilterSchema = z
  .object({
    accounts: z.array(optionSchema).openapi({ description: 'As contas com registros (`value`: uid, para `account`).' }),
  })
  .openapi('BackofficeAuditAccounts');

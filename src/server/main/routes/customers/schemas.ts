/** /customer's answers, as the API sends them (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { UFS } from '@/contracts/validators/fields';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const customerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    tradeName: z.string(),
    cnpj: z.string().openapi({ description: '14 caracteres, sem máscara.' }),
    email: z.string().openapi({
      description: 'Para onde vai o link de aprovação da fábrica: só um Administrador o altera (um Técnico que o muda recebe 403).',
    }),
    phone: z.string().openapi({ description: 'Só dígitos.' }),
    city: z.string(),
    uf: z.union([z.enum(UFS), z.literal('')]),
    requireFactoryApproval: z.boolean().openapi({
      description:
        '"Exigir aprovação da fábrica": um acesso remoto a uma máquina deste cliente espera a fábrica autorizar (link enviado ao e-mail do cliente). Só um Administrador o altera; cada alteração vai ao Histórico (`factory-approval-changed`).',
    }),
    machineCount: z.number().int(),
    version: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .openapi('Customer');

export const customerPageSchema = pageOf(customerSchema).openapi('CustomerPage');

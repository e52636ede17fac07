/** /address's answers, as the API sends them (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { UFS } from '@/contracts/validators/fields';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const addressSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    cep: z.string().openapi({ description: 'Com máscara: 01310-100.' }),
    street: z.string(),
    number: z.string(),
    complement: z.string(),
    district: z.string(),
    city: z.string(),
    uf: z.enum(UFS),
    isDefault: z.boolean(),
    openOrderCount: z.number().int(),
    version: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .openapi('Address');

export const addressPageSchema = pageOf(addressSchema).openapi('AddressPage');

export const cepLookupSchema = z
  .object({ cep: z.string(), street: z.string(), district: z.string(), city: z.string(), uf: z.enum(UFS) })
  .openapi('CepLookup');

export const cepParams = z.object({
  cep: z.string().min(1).max(40).openapi({ param: { name: 'cep', in: 'path' }, example: '01310100' }),
});

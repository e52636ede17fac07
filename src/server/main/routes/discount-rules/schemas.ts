/** /backoffice/discount-rule's and /discount-rule's answers (times as `{ seconds, nanos }`). */
import { z } from '@hono/zod-openapi';
import { pageOf, timestampSchema } from '../../../shared/openapi';

export const discountRuleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    minQuantity: z.number().int(),
    percent: z.number().int(),
    active: z.boolean(),
    validFrom: timestampSchema,
    validUntil: timestampSchema.nullable(),
    version: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .openapi('DiscountRule');

export const discountRulePageSchema = pageOf(discountRuleSchema).openapi('DiscountRulePage');

export const discountTierSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    minQuantity: z.number().int(),
    percent: z.number().int(),
    validUntil: timestampSchema.nullable(),
  })
  .openapi('DiscountTier');

export const discountTierPageSchema = pageOf(discountTierSchema).openapi('DiscountTierPage');

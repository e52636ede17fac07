/**
 * The demo's payments configuration as rows: payment platforms (their secret keys encrypted with the Worker's
 * SECRETS_KEY, as the routes store them — without a usable key the seeded platforms are stored without a secret:
 * `hasSecretKey` false until the staff type one), payment methods and discount rules, with the sort keys and
 * search texts their routes write.
 */
import type { DemoData } from '@/seed/data';
import { discountRule, paymentMethod, paymentPlatform } from '../../main/db/payments-schema';
import { ruleColumns } from '../../main/routes/discount-rules/queries';
import { methodColumns } from '../../main/routes/payment-methods/queries';
import { platformColumns } from '../../main/routes/payment-platforms/queries';
import { hasSecretsKey, sealSecret, type SealedSecret } from '../../main/routes/payment-platforms/secrets';
import type { SeedContext } from './index';
import { seedTable, type SeedTable } from './types';

const NO_SECRET = { secretKeyCipher: null, secretKeyIv: null, secretKeyLast4: null };

export async function paymentsSeed(data: DemoData, context: Pick<SeedContext, 'env'>): Promise<SeedTable[]> {
  const canSeal = await hasSecretsKey(context.env.SECRETS_KEY);
  const seal = (secret: string): Promise<SealedSecret | typeof NO_SECRET> =>
    canSeal && secret !== '' ? sealSecret(context.env.SECRETS_KEY, secret) : Promise.resolve(NO_SECRET);
  const platforms = await Promise.all(
    data.paymentPlatforms.map(async (record) => ({
      id: record.id,
      name: record.name,
      provider: record.provider,
      environment: record.environment,
      publicKey: record.publicKey,
      ...(await seal(record.secretKey)),
      enabled: record.enabled,
      ...platformColumns(record),
      version: record.version,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    })),
  );
  return [
    seedTable(paymentPlatform, platforms),
    seedTable(
      paymentMethod,
      data.paymentMethods.map((record) => ({
        id: record.id,
        name: record.name,
        kind: record.kind,
        platformId: record.platformId,
        enabled: record.enabled,
        maxInstallments: record.maxInstallments,
        ...methodColumns(record),
        version: record.version,
        createdAt: record.createdAt,
        updatedAt: record.updatedAt,
      })),
    ),
    seedTable(
      discountRule,
      data.discountRules.map((record) => ({
        id: record.id,
        name: record.name,
        minQuantity: record.minQuantity,
        percent: record.percent,
        active: record.active,
        validFrom: record.validFrom,
        validUntil: record.validUntil,
        ...ruleColumns(record),
        version: record.version,
        createdAt: record.createdAt,
        updatedAt: record.updatedAt,
      })),
    ),
  ];
}

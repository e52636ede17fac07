/**
 * The demo's webhook (issue 37, item 6): the demo builder's endpoint pointing at the demo's own receiver
 * (`DEMO_WEBHOOK_RECEIVER_URL`/<account>, the main Worker's route) for "Gateway offline" and "Gateway de volta", with
 * a known secret (DEMO_WEBHOOK_SECRET: docs/demo.md, to verify a signature by hand), and two deliveries in its log
 * (one delivered, one failed). Its secret is sealed with SECRETS_KEY as the routes store it; without a usable key
 * the demo has no webhook.
 */
import { DEMO_CUSTOMER_UID } from '@/seed';
import type { DemoData } from '@/seed/data';
import { webhookDelivery, webhookEndpoint } from '../../main/db/webhook-schema';
import { hasSecretsKey, sealSecret } from '../../main/routes/payment-platforms/secrets';
import type { SeedContext } from './index';
import { seedTable, type SeedTable } from './types';

/** The demo webhook's secret (known on purpose: the demo shows how to verify a signature with it). */
export const DEMO_WEBHOOK_SECRET = 'whsec_demo-ponte-iiot-segredo-de-exemplo';
/** The receiver the local runners name (scripts/lib/workers.mjs); a Worker that names another uses its own. */
const DEFAULT_DEMO_RECEIVER = 'http://127.0.0.1:8787/demo/webhook-receiver';
const MINUTE = 60_000;

export async function webhooksSeed(data: DemoData, { now, env }: SeedContext): Promise<SeedTable[]> {
  if (!(await hasSecretsKey(env.SECRETS_KEY))) return [];
  const maria = DEMO_CUSTOMER_UID;
  const receiver = (env.DEMO_WEBHOOK_RECEIVER_URL?.trim() || DEFAULT_DEMO_RECEIVER).replace(/\/+$/, '');
  const sealed = await sealSecret(env.SECRETS_KEY, DEMO_WEBHOOK_SECRET);
  const id = 'webhook-1001';
  const device = data.devices.find((item) => item.ownerUid === maria);
  const subject = device ? [{ kind: 'device', id: device.id, label: device.name, message: `O gateway "${device.name}" está offline há 5 minutos.` }] : [];
  const created = now - 10 * 24 * 60 * MINUTE;
  return [
    seedTable(webhookEndpoint, [
      {
        id,
        ownerUid: maria,
        url: `${receiver}/${maria}`,
        events: ['gateway-offline', 'gateway-online'],
        secretCipher: sealed.secretKeyCipher,
        secretIv: sealed.secretKeyIv,
        enabled: true,
        failingSince: null,
        disabledAt: null,
        version: 1,
        createdAt: created,
        updatedAt: created,
      },
    ]),
    seedTable(webhookDelivery, [
      {
        id: 'evt_demo000000000000000001',
        ownerUid: maria,
        endpointId: id,
        event: 'gateway-offline',
        payload: JSON.stringify({ subjects: subject }),
        status: 'entregue',
        attempts: 1,
        lastStatusCode: 200,
        lastError: null,
        durationMs: 84,
        nextAttemptAt: null,
        firstAttemptAt: now - 2 * 60 * MINUTE,
        createdAt: now - 2 * 60 * MINUTE,
        deliveredAt: now - 2 * 60 * MINUTE,
      },
      {
        id: 'evt_demo000000000000000002',
        ownerUid: maria,
        endpointId: id,
        event: 'gateway-online',
        payload: JSON.stringify({ subjects: subject }),
        status: 'falhou',
        attempts: 27,
        lastStatusCode: 503,
        lastError: 'O endereço respondeu 503.',
        durationMs: 121,
        nextAttemptAt: null,
        firstAttemptAt: now - 4 * 24 * 60 * MINUTE,
        createdAt: now - 4 * 24 * 60 * MINUTE,
        deliveredAt: null,
      },
    ]),
  ];
}

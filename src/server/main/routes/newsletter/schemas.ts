/** The newsletter's answers (zod for the OpenAPI document and the tests' conformance). */
import { z } from '@hono/zod-openapi';
import { timestampSchema } from '../../../shared/openapi';

export const subscriptionSchema = z.object({
  email: z.unknown().optional().openapi({ type: 'string', description: 'O e-mail a inscrever.' }),
  consent: z.unknown().optional().openapi({
    type: 'boolean',
    description: 'true: a pessoa marcou "Aceito receber a newsletter do Ponte IIoT e li a Política de Privacidade" (obrigatório).',
  }),
  policyVersion: z.unknown().optional().openapi({
    type: 'string',
    description: 'A versão da Política de Privacidade que a pessoa leu (a vigente; outra → 400).',
  }),
});

export const pendingSchema = z
  .object({ email: z.string(), status: z.literal('pendente') })
  .openapi('NewsletterSubscription', { description: 'Inscrição pendente: vale depois do link do e-mail de confirmação.' });

export const tokenSchema = z.object({
  token: z.unknown().optional().openapi({ type: 'string', description: 'O código do link do e-mail (o último trecho do endereço).' }),
});

export const confirmedSchema = z
  .object({ outcome: z.enum(['confirmed', 'already-confirmed']), email: z.string() })
  .openapi('NewsletterConfirmation');

export const cancelledSchema = z
  .object({ outcome: z.enum(['cancelled', 'already-cancelled']), email: z.string() })
  .openapi('NewsletterCancellation');

export const newsletterMailSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    link: z.string().nullable(),
    unsubscribeLink: z.string(),
    sentAt: timestampSchema,
  })
  .openapi('NewsletterMail');

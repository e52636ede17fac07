/**
 * What the main Worker's two queues (`ponte-mail`, `ponte-webhook`) share: sending a row's messages once its batch
 * committed, and consuming a batch one message at a time — each acknowledged, or retried after the delay its handler
 * asks (an error: logged, retried after `errorDelay`).
 */

/** A queue's batch of sends takes at most 100 messages. */
const SEND_BATCH = 100;

/**
 * Puts `bodies` on `queue`. A Worker without the binding logs it (`what`): the rows stay waiting in D1, where staff
 * see them.
 */
export async function sendToQueue<T>(queue: Queue | undefined, bodies: readonly T[], what: string): Promise<void> {
  if (bodies.length === 0) return;
  if (!queue) {
    console.error(`${what}: the queue is not bound; ${bodies.length} message(s) stay waiting in D1`);
    return;
  }
  for (let start = 0; start < bodies.length; start += SEND_BATCH) {
    await queue.sendBatch(bodies.slice(start, start + SEND_BATCH).map((body) => ({ body, contentType: 'json' as const })));
  }
}

/** What a handler makes of one message. */
export type QueueOutcome = 'ack' | { retryAfterSeconds: number };

/** Runs `handle` on each message of `batch` and acknowledges or retries it as the outcome says. */
export async function consumeEach<T>(
  batch: MessageBatch<T>,
  handle: (body: T) => Promise<QueueOutcome>,
  errorDelay: (attempts: number) => number,
  what: (body: T) => string,
): Promise<void> {
  for (const message of batch.messages) {
    try {
      const outcome = await handle(message.body);
      if (outcome === 'ack') message.ack();
      else message.retry({ delaySeconds: outcome.retryAfterSeconds });
    } catch (error) {
      console.error(`${what(message.body)}:`, error);
      message.retry({ delaySeconds: errorDelay(message.attempts) });
    }
  }
}

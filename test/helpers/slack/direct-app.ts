/**
 * Bolt's own test seam: a receiver that never listens and hands events straight to `app.processEvent` (as Bolt's HTTP
 * receiver does once a request is verified), and an App over it for unit tests of listeners and middleware. The bot
 * harness feeds the whole app through it too (in-process delivery).
 */
import { App, type Receiver, type ReceiverEvent } from '@slack/bolt';

/** One delivery: what `ack` was called with, and whether processEvent rejected. */
export interface Delivery {
  /** Every argument `ack` was called with, in order (undefined for a bare `ack()`). */
  acks: unknown[];
  /** What `processEvent` rejected with (Bolt's HTTP receiver would answer 500), or null. */
  rejected: unknown;
  elapsedMs: number;
}

export class DirectReceiver implements Receiver {
  private app: App | null = null;
  init(app: App): void {
    this.app = app;
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  send(event: ReceiverEvent): Promise<void> {
    return this.app?.processEvent(event) ?? Promise.resolve();
  }
  /** Sends `body` with a recording `ack`; never rejects (a rejection is reported in the result). */
  async deliver(body: Record<string, unknown>): Promise<Delivery> {
    const acks: unknown[] = [];
    const started = performance.now();
    let rejected: unknown = null;
    try {
      await this.send({
        body,
        ack: async (response?: unknown) => {
          acks.push(response);
        },
      });
    } catch (error) {
      rejected = error ?? new Error('processEvent rejected with nothing');
    }
    return { acks, rejected, elapsedMs: performance.now() - started };
  }
}

/** An App authorised with `botToken`, errors reported with their context, and no conversation store. */
export function createDirectApp(botToken: string): { app: App; receiver: DirectReceiver } {
  const receiver = new DirectReceiver();
  const app = new App({
    receiver,
    authorize: async () => ({ botToken }),
    extendedErrorHandler: true,
    convoStore: false,
  });
  return { app, receiver };
}

/**
 * Bolt's own test seam for unit tests of listeners and middleware: a receiver that hands events straight to
 * `app.processEvent` (as Bolt's HTTP receiver does once a request is verified), and an App over it.
 */
import { App, type Receiver, type ReceiverEvent } from '@slack/bolt';

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

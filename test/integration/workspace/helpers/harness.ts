import type { AppManifest } from '../../../../src/workspace/manifest/app-manifest.js';
/**
 * A stand-in workspace wired to the fake bot, with a hand-driven clock so trigger and response_url expiry can be
 * tested without waiting. `ui` posts what the page would post; `state` reads what the page would show.
 */
import type { WorkspaceSnapshot } from '../../../../src/workspace/protocol.js';
import { startWorkspaceServer, type WorkspaceServer } from '../../../../src/workspace/workspace-server.js';
import { type FakeBot, startFakeBot } from './fake-bot.js';

export interface Harness {
  server: WorkspaceServer;
  bot: FakeBot;
  url: string;
  token: string;
  /** Moves the workspace clock forward. */
  advance(ms: number): void;
  ui(name: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
  state(userId?: string): Promise<WorkspaceSnapshot>;
  close(): Promise<void>;
}

export const ADA = 'U0LOCALADA';
export const GUS = 'U0LOCALGUS';

export async function startHarness(
  options: { ackTimeoutMs?: number; manifest?: AppManifest } = {},
): Promise<Harness> {
  let now = Date.UTC(2026, 7, 20, 16, 0, 0);
  const server = await startWorkspaceServer({
    port: 0,
    now: () => now,
    ...(options.ackTimeoutMs !== undefined ? { ackTimeoutMs: options.ackTimeoutMs } : {}),
    ...(options.manifest ? { manifest: options.manifest } : {}),
  });
  // The bot checks signatures against real time; the workspace signs with its own (test) clock.
  const bot = await startFakeBot(server.identity.signingSecret, () => now);
  server.setBotEventsUrl(bot.eventsUrl);
  return {
    server,
    bot,
    url: server.url,
    token: server.identity.botToken,
    advance(ms) {
      now += ms;
    },
    async ui(name, body) {
      const response = await fetch(`${server.url}/ui/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      // SAFETY: every /ui endpoint answers a JSON object.
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    },
    async state(userId = ADA) {
      const response = await fetch(`${server.url}/state?user=${userId}`);
      // SAFETY: /state serves buildSnapshot's WorkspaceSnapshot.
      return (await response.json()) as WorkspaceSnapshot;
    },
    async close() {
      await bot.close();
      await server.close();
    },
  };
}

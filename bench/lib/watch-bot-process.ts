/**
 * Entry point of a forked process that is the watching bot alone (bench/scenarios/budget-webhooks.ts): the live watch
 * world of live-watch.ts — watch service on its own timers, embedded store, webhook route on loopback, 0 ms tracking
 * API and the paced fake Slack in-process — on a clock the parent can move forward (wall and card time together),
 * so polls fall behind at once. The parent POSTs webhooks at its URL and reads this process's CPU from /proc.
 */
import type { Clock } from '../../src/clock.js';
import { serveIpc } from './ipc-child.js';
import { liveWorld } from './live-watch.js';
import { mixedShipment } from './near-book.js';

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const world = await liveWorld({ clock, chat: { paceMs: 1_000, updatesPerMinute: 50 } });
const cards = new Map<string, string>();
/** Real time (Date.now(), shared with the parent) of each card's updates, with whether it showed `readyText`. */
const updates = new Map<string, Array<{ at: number; text: string }>>();
world.chat.onUpdate = (ts) => {
  const list = updates.get(ts) ?? [];
  list.push({ at: Date.now(), text: world.chat.lastUpdate.get(ts)?.text ?? '' });
  updates.set(ts, list);
};

serveIpc(
  { pid: process.pid, url: world.url },
  async (op, args) => {
    switch (op) {
      case 'watchBook': {
        // SAFETY: the parent sends a count.
        const count = args[0] as number;
        const started = Date.now();
        const batch = 8;
        for (let i = 0; i < count; i += batch) {
          await Promise.all(
            Array.from({ length: Math.min(batch, count - i) }, async (_, k) => {
              const index = i + k;
              const id = `mx${index}`;
              const detail = mixedShipment(id, index, clock.now().getTime());
              world.tracking.shipments.set(id, detail);
              const ts = world.chat.card();
              cards.set(id, ts);
              await world.service.watch({
                teamId: 'TBENCH',
                channelId: `CMX${index % 50}`,
                userId: 'UBENCH',
                detail,
                cardTs: ts,
                threadTs: ts,
              });
            }),
          );
        }
        return Date.now() - started;
      }
      case 'advance':
        // SAFETY: the parent sends milliseconds.
        offsetMs += args[0] as number;
        return offsetMs;
      case 'release': {
        // SAFETY: the parent sends a shipment id it watched.
        const id = args[0] as string;
        const detail = mixedShipment(id, Number(id.slice(2)), clock.now().getTime());
        for (const box of detail.containers) {
          box.holds = [];
          box.availableForPickup = true;
          box.currentStatus = 'available';
        }
        world.tracking.shipments.set(id, detail);
        return cards.get(id) ?? null;
      }
      case 'firstUpdateWith': {
        // SAFETY: the parent sends a card ts, a text and a real time.
        const [ts, text, since] = args as [string, string, number];
        return (
          (updates.get(ts) ?? []).find((update) => update.at >= since && update.text.includes(text))?.at ??
          null
        );
      }
      case 'firstReadAfter': {
        // SAFETY: the parent sends a shipment id and a real time.
        const [id, since] = args as [string, number];
        // The tracking API stamps reads on this process's clock (moved on by `offsetMs`): back to real time.
        const read = world.tracking.reads.find((item) => item.id === id && item.at - offsetMs >= since);
        return read ? read.at - offsetMs : null;
      }
      case 'status':
        return { status: await world.service.status(), stats: world.service.stats(), chat: world.chat.stats };
      case 'close':
        return undefined;
      default:
        throw new Error(`unknown watch-bot operation ${op}`);
    }
  },
  async () => {
    await world.stop();
  },
);

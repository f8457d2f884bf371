/**
 * 2,000 quiet shipments post 0 messages (README "Subscriptions"): a channel subscribed to a demo book of 2,000
 * shipments for a virtual day. Method in bench/lib/quiet-book.ts; the integration test
 * test/integration/slack/subscriptions-quiet-book.test.ts runs the same at 200.
 */

import { QUIET_BOOK_FILTER, runQuietBook } from '../lib/quiet-book.js';
import { check, type Scenario } from '../lib/scenario.js';

const BOOK = 2_000;
const HOURS = 24;

export const subscriptionsQuietScenario: Scenario = {
  id: 'subscriptions-quiet',
  title: `A channel subscribed to a book of ${BOOK.toLocaleString('en-US')} for a virtual day: messages per shipment`,
  method:
    'The bot as the integration tests run it (signed HTTP, embedded store, watch service, webhook route, fake Slack) ' +
    `over the embedded simulator with a generated book of ${BOOK} (createSimulator({ book }), as --book serves it) ` +
    `sending its webhooks to the bot. \`/shipwatch subscribe ${QUIET_BOOK_FILTER}\` matches the whole book; once the ` +
    `first pass and every first reading are done, demo time moves 1 h at a time for ${HOURS} h, the simulator naming ` +
    'the shipments it changed. Every chat.postMessage in the channel is then put down to its shipment (a card, or a ' +
    'line in its thread): messages for shipments the simulator did not change, and cards and lines for those it did.',
  async run(ctx) {
    const result = await runQuietBook({ book: BOOK, hours: HOURS, log: ctx.log, patienceMs: 900_000 });
    ctx.log(`  ${JSON.stringify(result)}`);
    return {
      table: {
        headers: ['shipments', 'count', 'messages posted', 'target'],
        rows: [
          ['quiet (not changed by the simulator)', result.quiet, `${result.quietMessages}`, '0'],
          [
            'changed',
            result.changed,
            `${result.changedWithCard} had news: ${result.changedCards} cards, ${result.changedThreadLines} thread lines`,
            'one card each, with its news in the thread',
          ],
        ],
      },
      figures: { ...result },
      checks: [
        check('messages for quiet shipments', result.quietMessages, 'messages', '0', (v) => v === 0),
        check(
          'changed shipments with news whose card was not posted exactly once',
          result.changedCardsNotOne,
          'shipments',
          '0',
          (v) => v === 0,
        ),
        check(
          'changed shipments with a card but no thread line',
          result.changedCardsWithoutLine,
          'shipments',
          '0',
          (v) => v === 0,
        ),
        check('posts no shipment accounts for', result.unaccounted, 'messages', '0', (v) => v === 0),
      ],
      notes: [
        `${result.subscribed} subscribed (first pass and first readings in ${(result.subscribeMs / 1000).toFixed(1)} s); ` +
          `the day took ${(result.dayMs / 1000).toFixed(1)} s. A changed shipment posts a card only when the change is ` +
          'one Shipwatch tells (docs/domain-rules.md): the simulator also reports moves a card does not show.',
      ],
    };
  },
};

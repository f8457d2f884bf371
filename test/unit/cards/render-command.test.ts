import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../src/cards/types.js';
import type { CliIo } from '../../../src/cli.js';
import { runRenderCommand } from '../../../src/commands/render.js';
import { cardText } from '../../fixtures/cards/card-text.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

const DOCUMENT = fileURLToPath(new URL('../../fixtures/cards/raw-shipment-document.json', import.meta.url));
const NOW = '2024-07-05T16:00:00Z';

function captureIo(stdin = ''): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
    readStdin: async () => stdin,
  };
  return io;
}

describe('shipwatch render', () => {
  it('prints the shipment card for a raw JSON:API shipment document', async () => {
    const io = captureIo();
    expect(await runRenderCommand(['shipment', DOCUMENT, '--now', NOW], io)).toBe(0);
    // SAFETY: the command prints exactly one JSON-serialised SlackMessage.
    const message = JSON.parse(io.out) as SlackMessage;
    assertWithinBlockKitLimits(message);
    expect(message.text).toBe(
      'MAEU240817361 (Maersk): ETA Los Angeles Mon 8 Jul, 2 days late; 1 of 2 containers ready, 1 on hold, 1 past LFD',
    );
    const text = cardText(message);
    expect(text).toContain('🔴 LFD Wed 3 Jul · 2 days overdue · terminal LFD');
    expect(text).toContain('⛔ Not ready: customs hold (CBP HOLD &lt;!channel&gt;) · ⚠️ pending freight hold');
    expect(text).toMatch(/<!date\^\d+\^Updated \{ago\}\|Updated \w{3} \d+ \w{3} \d\d:\d\d UTC>/);
    expect(io.err).toBe('');
  });

  it('reads the document from stdin when given - or no file', async () => {
    const raw = await readFile(DOCUMENT, 'utf8');
    const dash = captureIo(raw);
    expect(await runRenderCommand(['shipment', '-', `--now=${NOW}`], dash)).toBe(0);
    const none = captureIo(raw);
    expect(await runRenderCommand(['shipment', '--now', NOW], none)).toBe(0);
    expect(none.out).toBe(dash.out);
  });

  it('renders the first shipment of a list answer (GET /shipments?number=…), as the bot does for a BL', async () => {
    const single = JSON.parse(await readFile(DOCUMENT, 'utf8'));
    const list = JSON.stringify({ data: [single.data], included: single.included, links: {} });
    const fromList = captureIo(list);
    expect(await runRenderCommand(['shipment', '-', '--now', NOW], fromList)).toBe(0);
    const fromSingle = captureIo();
    expect(await runRenderCommand(['shipment', DOCUMENT, '--now', NOW], fromSingle)).toBe(0);
    expect(fromList.out).toBe(fromSingle.out);
    expect(fromList.err).toBe('');
  });

  it('says an empty list has no shipment to render, in one line', async () => {
    const io = captureIo(JSON.stringify({ data: [], included: [] }));
    expect(await runRenderCommand(['shipment', '-'], io)).toBe(1);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.err).toMatch(/the list is empty/);
  });

  it('fails with one clear line when the input is not JSON', async () => {
    const io = captureIo('{ not json');
    expect(await runRenderCommand(['shipment', '-'], io)).toBe(1);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.err).toMatch(/^shipwatch render: input is not JSON/);
  });

  it('fails with one clear line when the document is not the kind asked for', async () => {
    const io = captureIo(JSON.stringify({ data: { id: 'x', type: 'vessel', attributes: {} } }));
    expect(await runRenderCommand(['shipment'], io)).toBe(1);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.err).toMatch(/^shipwatch render: not a valid shipment document: /);
  });

  it('fails with one clear line when the file does not exist', async () => {
    const io = captureIo();
    expect(await runRenderCommand(['vessel', '/nonexistent/doc.json'], io)).toBe(1);
    expect(io.err).toBe('shipwatch render: cannot read /nonexistent/doc.json: no such file\n');
  });

  it('exits 2 with usage for a missing or unknown kind, a bad --now or an unknown option', async () => {
    for (const args of [
      [],
      ['container'],
      ['shipment', '--now', 'yesterday'],
      ['shipment', '--pretty'],
      ['shipment', 'a', 'b'],
    ]) {
      const io = captureIo();
      expect(await runRenderCommand(args, io)).toBe(2);
      expect(io.err).toContain('usage: shipwatch render');
    }
  });

  it('renders a vessel document with its positions as a track', async () => {
    const vessel = {
      data: {
        id: 'v1',
        type: 'vessel',
        attributes: {
          name: 'MAERSK EMDEN',
          imo: '9778791',
          mmsi: '219018671',
          latitude: 33.7,
          longitude: -118.2,
          nautical_speed_knots: 12,
          navigational_heading_degrees: 90,
          position_timestamp: '2024-07-05T15:00:00Z',
          positions: [
            {
              latitude: 33,
              longitude: -118,
              heading: 90,
              timestamp: '2024-07-05T14:00:00Z',
              estimated: false,
            },
          ],
        },
      },
    };
    const io = captureIo(JSON.stringify(vessel));
    expect(await runRenderCommand(['vessel', '-', '--now', NOW], io)).toBe(0);
    // SAFETY: see above.
    const message = JSON.parse(io.out) as SlackMessage;
    assertWithinBlockKitLimits(message);
    expect(cardText(message)).toContain('🧭 *Recent track:* 1 position');
  });
});

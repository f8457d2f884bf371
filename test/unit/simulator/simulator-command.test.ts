import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli.js';
import { parseSimulatorFlags, runSimulatorCommand } from '../../../src/commands/simulator.js';

function capture(): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
    readStdin: async () => '',
  };
  return io;
}

describe('shipwatch simulator flags', () => {
  it('defaults to port 4010 with no latency, faults or rate limit', () => {
    expect(parseSimulatorFlags([])).toEqual({
      port: 4010,
      options: {
        latencyMs: undefined,
        faultRate: undefined,
        rateLimitPerMinute: undefined,
        dataDir: undefined,
      },
    });
  });

  it('reads every flag', () => {
    expect(
      parseSimulatorFlags(['--port', '0', '--latency-ms', '250', '--fault-rate', '0.1', '--rate-limit=100']),
    ).toEqual({
      port: 0,
      options: { latencyMs: 250, faultRate: 0.1, rateLimitPerMinute: 100, dataDir: undefined },
    });
  });

  it('takes a webhook URL with its secret', () => {
    expect(
      parseSimulatorFlags([
        '--webhook-url',
        'http://127.0.0.1:3000/webhooks/terminal49',
        '--webhook-secret',
        'whsec-demo',
      ]).options.webhooks,
    ).toEqual([{ url: 'http://127.0.0.1:3000/webhooks/terminal49', secret: 'whsec-demo' }]);
  });

  it('takes the size of a generated book of business', () => {
    expect(parseSimulatorFlags(['--book', '2000']).options.book).toBe(2000);
    expect(parseSimulatorFlags(['--book=0']).options.book).toBe(0);
  });

  it.each([
    [['--book', '-3'], /--book needs a value/],
    [['--book', 'many'], /--book must be a whole number from 0 to 50000 \(got 'many'\)/],
    [['--book', '50001'], /--book must be a whole number from 0 to 50000/],
    [
      ['--port', 'eighty'],
      /^shipwatch simulator: --port must be a whole number from 0 to 65535 \(got 'eighty'\)/,
    ],
    [['--fault-rate', '1.5'], /--fault-rate must be a number from 0 to 1/],
    [['--rate-limit', '0'], /--rate-limit must be a whole number from 1/],
    [['--latency-ms=-5'], /--latency-ms must be a whole number from 0/],
    [['--latency-ms', '-5'], /--latency-ms needs a value \(write --latency-ms=VALUE\)/],
    [['--data', '/definitely/not/here'], /--data must be a readable directory/],
    [['--colour', 'blue'], /Unknown option '--colour'/],
    [['--webhook-url', 'http://127.0.0.1:3000/h'], /--webhook-url and --webhook-secret go together/],
    [['--webhook-secret', 's'], /--webhook-url and --webhook-secret go together/],
    [
      ['--webhook-url', 'ftp://x.example/h', '--webhook-secret', 's'],
      /--webhook-url must be an http\(s\) URL/,
    ],
    [['--webhook-url', 'http://127.0.0.1:3000/h', '--webhook-secret='], /--webhook-secret must not be empty/],
    [['extra'], /^shipwatch simulator: /],
  ])('refuses %j with one clear line and exit code 2', async (args, message) => {
    const io = capture();
    expect(await runSimulatorCommand(args, io)).toBe(2);
    expect(io.err).toMatch(message);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.out).toBe('');
  });

  it('prints its usage on --help', async () => {
    const io = capture();
    expect(await runSimulatorCommand(['--help'], io)).toBe(0);
    expect(io.out).toContain('usage: shipwatch simulator');
    expect(io.out).toContain('[--webhook-url URL --webhook-secret SECRET] [--book N]');
  });
});

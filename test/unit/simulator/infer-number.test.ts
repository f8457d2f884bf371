import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { call, demoSimulator, one } from './support.js';

const simulator = demoSimulator();

async function infer(number: string, key?: string) {
  return call(simulator, '/tracking_requests/infer_number', { method: 'POST', body: { number }, key });
}

async function attributesOf(number: string): Promise<Record<string, unknown>> {
  const result = await infer(number);
  expect(result.status).toBe(200);
  expect(one(result).type).toBe('infer_number_results');
  expect(one(result).id).toMatch(/^req_[0-9a-f-]{36}$/);
  return one(result).attributes;
}

describe('POST /tracking_requests/infer_number', () => {
  it("selects the line whose own box it is, after checking the container number's check digit", async () => {
    expect(await attributesOf(DEMO.containers.onHold.toLowerCase())).toEqual({
      number_type: 'container',
      validation: {
        is_valid: true,
        type: 'container',
        check_digit_passed: true,
        parsed_number: null,
        reason: null,
      },
      shipping_line: {
        decision: 'auto_select',
        selected: { scac: 'MAEU', name: 'Maersk', confidence: 0.97 },
        candidates: [{ scac: 'MAEU', name: 'Maersk', confidence: 0.97 }],
      },
    });
  });

  it('says when the check digit is wrong, and which it should be', async () => {
    const attributes = await attributesOf('TCLU1234567');
    expect(attributes.validation).toEqual({
      is_valid: false,
      type: 'container',
      check_digit_passed: false,
      parsed_number: null,
      reason: 'Check digit should be 8',
    });
  });

  it("asks for confirmation among three candidates for a leasing company's box, the same three every time", async () => {
    const attributes = await attributesOf(DEMO.containers.ready);
    const line = attributes.shipping_line as {
      decision: string;
      selected: unknown;
      candidates: Array<{ confidence: number }>;
    };
    expect(line.decision).toBe('needs_confirmation');
    expect(line.candidates).toHaveLength(3);
    expect(line.selected).toEqual(line.candidates[0]);
    expect(line.candidates.map((candidate) => candidate.confidence)).toEqual([0.52, 0.31, 0.17]);
    expect(await attributesOf(DEMO.containers.ready)).toEqual(attributes);
  });

  it('gives no prediction for an owner code no line uses', async () => {
    const attributes = await attributesOf('ABCU1234565');
    expect(attributes.shipping_line).toEqual({ decision: 'no_prediction', selected: null, candidates: [] });
  });

  it.each([
    ['MAEU240817361', 'MAEU', '240817361'],
    ['HLCUHAM2603015', 'HLCU', 'HAM2603015'],
    ['MEDUVN123456', 'MSCU', 'VN123456'],
    ['YMJAI242001257', 'YMLU', 'I242001257'],
    ['TEST-TR-SUCCEEDED', 'TEST', 'SUCCEEDED'],
  ])('reads %s as a bill of lading of %s', async (number, scac, parsed) => {
    const attributes = await attributesOf(number);
    expect(attributes.number_type).toBe('bill_of_lading');
    expect(attributes.validation).toMatchObject({ is_valid: true, type: 'shipment', parsed_number: parsed });
    expect(attributes.shipping_line).toMatchObject({ decision: 'auto_select', selected: { scac } });
  });

  it('reads digits alone as a booking, most likely a Maersk one, to be confirmed', async () => {
    const attributes = await attributesOf('240817361');
    expect(attributes.number_type).toBe('booking');
    expect(attributes.shipping_line).toMatchObject({
      decision: 'needs_confirmation',
      selected: { scac: 'MAEU' },
    });
  });

  it('answers the documented 422 for something that is not a number, and lets a read-only key ask', async () => {
    for (const number of ['ab', 'PO#123/4', '']) {
      const result = await infer(number);
      expect(result.status).toBe(422);
      expect(result.body).toEqual({
        errors: [{ status: '422', detail: 'This reference number is not valid.' }],
      });
    }
    expect((await infer('MAEU240817361', DEMO.apiKeys.readonly)).status).toBe(200);
  });

  it('has a quota of its own, 200 a minute, answered with its own 429', async () => {
    const limited = demoSimulator();
    for (let index = 0; index < 200; index += 1) {
      const ok = await call(limited, '/tracking_requests/infer_number', {
        method: 'POST',
        body: { number: 'MAEU1' },
      });
      expect(ok.status).toBe(200);
    }
    const refused = await call(limited, '/tracking_requests/infer_number', {
      method: 'POST',
      body: { number: 'MAEU1' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({ errors: [{ status: '429', detail: 'Rate limit exceeded' }] });
    expect((await call(limited, '/shipments')).status).toBe(200);
  });
});

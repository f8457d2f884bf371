import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseSingleDocument, relatedMany, relatedOne } from '../../../src/tracking/jsonapi.js';
import {
  idSchema,
  listOf,
  money,
  optionalNumber,
  optionalString,
  orNull,
  requiredString,
  stringList,
} from '../../../src/tracking/schemas/common.js';
import { containerAttributesSchema } from '../../../src/tracking/schemas/container.js';

const read = (schema: z.ZodType, value: unknown) => schema.safeParse(value);

describe('lenient schema building blocks', () => {
  it('read a wrong-typed optional field as null instead of failing the resource', () => {
    const attributes = z.object({ name: optionalString, count: optionalNumber, tags: stringList });
    expect(attributes.safeParse({ name: 42, count: 'n/a', tags: 'x' })).toEqual({
      success: true,
      data: { name: null, count: null, tags: [] },
    });
  });

  it('read money as terminals write it, and leave what it cannot read unread rather than guess', () => {
    const amounts = ['1,250.50', '850', ' $ 75.25 ', 1200, '12,50', '1.250,50', 'N/A', ''].map((value) =>
      money.parse(value),
    );
    expect(amounts).toEqual([1250.5, 850, 75.25, 1200, null, null, null, null]);
  });

  it('read numeric strings as numbers (live coordinates are strings)', () => {
    expect(read(optionalNumber, ' 33.74 ')).toEqual({ success: true, data: 33.74 });
    expect(read(optionalNumber, Number.POSITIVE_INFINITY)).toEqual({ success: true, data: null });
  });

  it('ignore unknown keys rather than copying them', () => {
    const result = z.object({ name: optionalString }).safeParse({ name: 'Pier 400', extra: { deep: true } });
    expect(result).toEqual({ success: true, data: { name: 'Pier 400' } });
  });

  it('name the path of a missing required field, never its value', () => {
    const result = z.object({ data: z.object({ id: idSchema, type: requiredString }) }).safeParse({
      data: { id: '', type: 7 },
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues.map((issue) => issue.path.join('.'))).toEqual(['data.id', 'data.type']);
  });

  it('accept numeric ids as strings', () => {
    expect(read(idSchema, 123)).toEqual({ success: true, data: '123' });
  });

  it('turn unreadable list entries into null and a non-list into null', () => {
    const holds = listOf(z.object({ name: requiredString }));
    expect(read(holds, [{ name: 'customs' }, 'junk', { name: 5 }])).toEqual({
      success: true,
      data: [{ name: 'customs' }, null, null],
    });
    expect(read(holds, { name: 'customs' })).toEqual({ success: true, data: null });
  });

  it('drop an optional object that cannot be read, keeping the rest', () => {
    const deadlines = z.object({ import_deadlines: orNull(z.object({ pickup_lfd_line: optionalString })) });
    expect(deadlines.safeParse({ import_deadlines: 'soon' })).toEqual({
      success: true,
      data: { import_deadlines: null },
    });
  });

  it('require only the container number of a container', () => {
    expect(containerAttributesSchema.safeParse({}).success).toBe(false);
    const parsed = containerAttributesSchema.safeParse({
      number: 'TCLU1234567',
      holds_at_pod_terminal: null,
    });
    expect(parsed.success && parsed.data.number).toBe('TCLU1234567');
    expect(parsed.success && parsed.data.holds_at_pod_terminal).toBeNull();
  });
});

describe('JSON:API resources read leniently', () => {
  it('keep a relationship called __proto__ as an ordinary entry instead of setting a prototype', () => {
    const json = JSON.parse(
      '{"data":{"id":"s1","type":"shipment","attributes":{},"relationships":{"__proto__":{"data":{"id":"x","type":"evil"}},"containers":{"data":[{"id":"c1","type":"container"}]}}}}',
    );
    const { data } = parseSingleDocument(json, 'shipment', 'shipment');
    expect(relatedMany(data, 'containers')).toEqual([{ id: 'c1', type: 'container' }]);
    expect(Object.getPrototypeOf(data.relationships)).toBeNull();
    expect(relatedOne(data, '__proto__')).toEqual({ id: 'x', type: 'evil' });
  });

  it('lose only a malformed relationship, not the resource', () => {
    const json = {
      data: {
        id: 7,
        type: 'shipment',
        relationships: {
          pod_terminal: { data: { id: '' } },
          containers: { data: [{ id: 'c1', type: 'container' }] },
        },
      },
    };
    const { data } = parseSingleDocument(json, 'shipment', 'shipment');
    expect(data.id).toBe('7');
    expect(relatedOne(data, 'pod_terminal')).toBeNull();
    expect(relatedMany(data, 'containers')).toHaveLength(1);
  });
});

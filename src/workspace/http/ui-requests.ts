/** zod schemas for the page's requests: the page is a client like any other, its input is checked. */
import { z } from 'zod';

const id = z.string().min(1).max(255);

const inputValue = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), value: z.string().max(10_000) }),
  z.object({ type: z.literal('option'), value: z.string().max(2000).nullable() }),
  z.object({ type: z.literal('options'), values: z.array(z.string().max(2000)).max(100) }),
  z.object({ type: z.literal('date'), value: z.string().max(20).nullable() }),
]);

const inputValues = z.record(id, z.record(id, inputValue));

export const commandRequest = z.object({ userId: id, text: z.string().max(4000) });

export const actionRequest = z.object({
  userId: id,
  source: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('message'), channelId: id, ts: id }),
    z.object({ kind: z.literal('view'), viewId: id }),
  ]),
  blockId: id,
  actionId: id,
  selectedValue: z.string().max(2000).optional(),
  values: inputValues.optional(),
});

export const submitRequest = z.object({ userId: id, viewId: id, values: inputValues });
export const closeRequest = z.object({ userId: id, viewId: id });
export const dismissRequest = z.object({ userId: id, ts: id });

export const homeOpenedRequest = z.object({ userId: id });

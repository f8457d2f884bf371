import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { DocumentFiles, type QuarterTurn } from '../../../src/simulator/files/document-files.js';
import { encodePdf } from '../../../src/simulator/files/pdf.js';
import type { ResourceObject } from '../../../src/simulator/resource.js';

const TURNS: readonly QuarterTurn[] = [0, 90, 180, 270];
const files = new DocumentFiles(fixedClock('2026-03-10T15:30:00Z'));

function documentOf(contentType: string): ResourceObject {
  return {
    id: `doc-${contentType}`,
    type: 'document',
    attributes: {
      name: 'Delivery order MAEU240817361',
      document_type: 'delivery_order',
      file_content_type: contentType,
    },
  };
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

interface Gray {
  width: number;
  height: number;
  pixels: number[];
}

/** Decodes the fixtures' PNG shape (8-bit grayscale, unfiltered scanlines), checking every chunk's CRC. */
function decodePng(bytes: Uint8Array): Gray {
  const buffer = Buffer.from(bytes);
  expect([...buffer.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  for (;;) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    expect(buffer.readUInt32BE(offset + 8 + length)).toBe(
      crc32(buffer.subarray(offset + 4, offset + 8 + length)),
    );
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[9]]).toEqual([8, 0]);
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  const raw = inflateSync(Buffer.concat(data));
  const pixels: number[] = [];
  for (let row = 0; row < height; row += 1) {
    expect(raw[row * (width + 1)]).toBe(0);
    pixels.push(...raw.subarray(row * (width + 1) + 1, (row + 1) * (width + 1)));
  }
  return { width, height, pixels };
}

function turnClockwise({ width, height, pixels }: Gray): Gray {
  const turned = new Array<number>(pixels.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) turned[x * height + (height - 1 - y)] = pixels[y * width + x] ?? 0;
  }
  return { width: height, height: width, pixels: turned };
}

/** The frame size in a baseline JPEG's SOF0 segment. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  const sof = bytes.findIndex((byte: number, index: number) => byte === 0xff && bytes[index + 1] === 0xc0);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { height: view.getUint16(sof + 5), width: view.getUint16(sof + 7) };
}

describe('the image files behind documents', () => {
  it('serves a valid PNG scan for every quarter turn, each the upright one really turned', () => {
    const scans = TURNS.map((turn) => files.render(documentOf('image/png'), turn));
    expect(scans.every((file) => file.contentType === 'image/png')).toBe(true);
    const [upright, ...turned] = scans.map((file) => decodePng(file.bytes));
    if (!upright) throw new Error('no upright scan');
    expect(upright.height).toBeGreaterThan(upright.width);
    let expected = upright;
    for (const served of turned) {
      expected = turnClockwise(expected);
      expect(served).toEqual(expected);
    }
  });

  it('serves a baseline JPEG photo for every quarter turn, its frame turned with it', () => {
    const photos = TURNS.map((turn) => files.render(documentOf('image/jpeg'), turn));
    for (const { bytes, contentType } of photos) {
      expect(contentType).toBe('image/jpeg');
      expect([...bytes.slice(0, 2)]).toEqual([0xff, 0xd8]);
      expect([...bytes.slice(-2)]).toEqual([0xff, 0xd9]);
    }
    const sizes = photos.map((file) => jpegSize(file.bytes));
    expect(sizes[0]).toEqual({ width: 320, height: 240 });
    expect(sizes[1]).toEqual({ width: 240, height: 320 });
    expect(sizes[2]).toEqual(sizes[0]);
    expect(sizes[3]).toEqual(sizes[1]);
    expect(new Set(photos.map((file) => Buffer.from(file.bytes).toString('base64'))).size).toBe(4);
  });
});

describe('encodePdf', () => {
  it('writes a one-page PDF whose xref points at each object', () => {
    const text = new TextDecoder('latin1').decode(encodePdf(['ARRIVAL NOTICE', 'MAEU240817361 (copy)']));
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('(MAEU240817361 \\(copy\\)) Tj');
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    offsets.forEach((offset, index) => {
      expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true);
    });
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref).startsWith('xref')).toBe(true);
  });
});

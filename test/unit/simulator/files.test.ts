import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeJpeg } from '../../../src/simulator/files/jpeg.js';
import { encodePdf } from '../../../src/simulator/files/pdf.js';
import { crc32, encodePng, PNG_SIGNATURE } from '../../../src/simulator/files/png.js';
import { createRaster, fillRect, rotateRaster } from '../../../src/simulator/files/raster.js';

/** A 3×2 raster with a distinct value per pixel, so rotations can be checked exactly. */
function numbered() {
  const raster = createRaster(3, 2);
  raster.pixels.set([1, 2, 3, 4, 5, 6]);
  return raster;
}

function decodePng(bytes: Uint8Array): { width: number; height: number; pixels: number[] } {
  const buffer = Buffer.from(bytes);
  expect(buffer.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const width = buffer.readUInt32BE(16);
  const height = buffer.readUInt32BE(20);
  const idatLength = buffer.readUInt32BE(33);
  const raw = inflateSync(buffer.subarray(41, 41 + idatLength));
  const pixels: number[] = [];
  for (let row = 0; row < height; row += 1)
    pixels.push(...raw.subarray(row * (width + 1) + 1, (row + 1) * (width + 1)));
  return { width, height, pixels };
}

describe('rotateRaster', () => {
  it('turns a raster clockwise by quarter turns', () => {
    expect([...rotateRaster(numbered(), 90).pixels]).toEqual([4, 1, 5, 2, 6, 3]);
    expect([...rotateRaster(numbered(), 180).pixels]).toEqual([6, 5, 4, 3, 2, 1]);
    expect([...rotateRaster(numbered(), 270).pixels]).toEqual([3, 6, 2, 5, 1, 4]);
    expect(rotateRaster(numbered(), 90)).toMatchObject({ width: 2, height: 3 });
  });
});

describe('encodePng', () => {
  it('writes a grayscale PNG whose pixels decode back exactly', () => {
    const decoded = decodePng(encodePng(rotateRaster(numbered(), 90)));
    expect(decoded).toEqual({ width: 2, height: 3, pixels: [4, 1, 5, 2, 6, 3] });
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});

describe('encodeJpeg', () => {
  it('writes a baseline JPEG with the raster size in its SOF0 header', () => {
    const raster = createRaster(24, 16, 200);
    fillRect(raster, 4, 4, 8, 8, 20);
    const bytes = encodeJpeg(raster);
    expect([...bytes.slice(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...bytes.slice(-2)]).toEqual([0xff, 0xd9]);
    const sof = bytes.findIndex((byte, index) => byte === 0xff && bytes[index + 1] === 0xc0);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect({ height: view.getUint16(sof + 5), width: view.getUint16(sof + 7) }).toEqual({
      height: 16,
      width: 24,
    });
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

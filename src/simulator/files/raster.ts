/** A minimal 8-bit grayscale canvas: rectangles, bitmap text and quarter-turn rotation. */
import { GLYPH_WIDTH, glyphRows } from './font.js';

export interface Raster {
  width: number;
  height: number;
  /** Row-major luminance, 0 = black, 255 = white. */
  pixels: Uint8Array;
}

export type QuarterTurn = 0 | 90 | 180 | 270;

export function createRaster(width: number, height: number, fill = 255): Raster {
  return { width, height, pixels: new Uint8Array(width * height).fill(fill) };
}

export function fillRect(
  raster: Raster,
  x: number,
  y: number,
  width: number,
  height: number,
  value: number,
): void {
  const x0 = Math.max(0, Math.floor(x));
  const y0 = Math.max(0, Math.floor(y));
  const x1 = Math.min(raster.width, Math.floor(x + width));
  const y1 = Math.min(raster.height, Math.floor(y + height));
  for (let row = y0; row < y1; row += 1)
    raster.pixels.fill(value, row * raster.width + x0, row * raster.width + x1);
}

export function strokeRect(
  raster: Raster,
  x: number,
  y: number,
  width: number,
  height: number,
  value: number,
  line = 2,
): void {
  fillRect(raster, x, y, width, line, value);
  fillRect(raster, x, y + height - line, width, line, value);
  fillRect(raster, x, y, line, height, value);
  fillRect(raster, x + width - line, y, line, height, value);
}

/** Draws `text` with its top-left corner at (x, y); returns the x after the last character. */
export function drawText(
  raster: Raster,
  text: string,
  x: number,
  y: number,
  scale: number,
  value: number,
): number {
  let cursor = x;
  for (const char of text) {
    const rows = glyphRows(char);
    rows?.forEach((bits, row) => {
      for (let column = 0; column < GLYPH_WIDTH; column += 1) {
        if (bits.charAt(column) === '1')
          fillRect(raster, cursor + column * scale, y + row * scale, scale, scale, value);
      }
    });
    cursor += (GLYPH_WIDTH + 1) * scale;
  }
  return cursor;
}

export function textWidth(text: string, scale: number): number {
  return [...text].length * (GLYPH_WIDTH + 1) * scale - scale;
}

/** The raster turned clockwise by `degrees`. */
export function rotateRaster(raster: Raster, degrees: QuarterTurn): Raster {
  if (degrees === 0) return raster;
  const { width, height, pixels } = raster;
  const turned = degrees === 180 ? createRaster(width, height) : createRaster(height, width);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const value = pixels[y * width + x] ?? 255;
      if (degrees === 90) turned.pixels[x * turned.width + (height - 1 - y)] = value;
      else if (degrees === 180) turned.pixels[(height - 1 - y) * width + (width - 1 - x)] = value;
      else turned.pixels[(width - 1 - x) * turned.width + y] = value;
    }
  }
  return turned;
}

/**
 * What the generated document files look like: a scanned page (dark header band with the document type, the
 * numbers in large type, grey text lines, a RELEASED stamp) and a photo of a container door (corrugation, locking
 * bars, the number plate). Both have an unmistakable "up", so a rotated version visibly looks rotated.
 */
import { createRaster, drawText, fillRect, type Raster, strokeRect, textWidth } from './raster.js';

export interface ArtworkText {
  /** e.g. DELIVERY ORDER */
  heading: string;
  /** The document's name and reference numbers. */
  lines: readonly string[];
}

export function drawScannedPage({ heading, lines }: ArtworkText): Raster {
  const page = createRaster(300, 400, 246);
  fillRect(page, 0, 0, 300, 56, 40);
  drawText(page, heading.slice(0, 15), 14, 18, 3, 250);
  let y = 80;
  for (const line of lines.slice(0, 4)) {
    drawText(page, line.slice(0, 23), 14, y, 2, 30);
    y += 26;
  }
  for (let row = 0; row < 9; row += 1) {
    const length = 140 + ((row * 53) % 120);
    fillRect(page, 14, y + 10 + row * 16, length, 6, 170);
  }
  strokeRect(page, 170, 330, 112, 46, 90, 3);
  const stamp = 'RELEASED';
  drawText(page, stamp, 170 + (112 - textWidth(stamp, 2)) / 2, 346, 2, 90);
  return page;
}

export function drawContainerPhoto({ heading, lines }: ArtworkText): Raster {
  const photo = createRaster(320, 240, 0);
  for (let x = 0; x < 320; x += 1) {
    // Corrugated steel: alternating light and shadow ribs, darker towards the bottom.
    const rib = Math.floor(x / 10) % 2 === 0 ? 150 : 112;
    for (let y = 0; y < 240; y += 1) photo.pixels[y * 320 + x] = Math.max(0, rib - Math.floor(y / 6));
  }
  fillRect(photo, 0, 0, 320, 14, 60);
  for (const x of [70, 130, 190, 250]) fillRect(photo, x, 20, 8, 220, 45);
  fillRect(photo, 16, 24, 200, 60, 235);
  strokeRect(photo, 16, 24, 200, 60, 20, 2);
  drawText(photo, (lines[0] ?? heading).slice(0, 15), 24, 34, 2, 15);
  drawText(photo, (lines[1] ?? '').slice(0, 15), 24, 58, 2, 15);
  return photo;
}

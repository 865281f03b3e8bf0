/**
 * Helpers for the PDF tests (Node only): test images, the open-licensed fonts from the dev
 * dependencies, and poppler/qpdf (Debian's poppler-utils and qpdf) to rasterise, read back and check
 * what `renderContractPdf` wrote.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';
import { expect } from 'vitest';
import type { ContractFonts } from '../pdf/fonts';
import { encodePng } from './png.mjs';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** The faces as the platform's server would pass them, from the package's dev dependencies. */
export const FONT_FILES = {
  serif: '@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf',
  sans: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  kai: '@fontsource/lxgw-wenkai/files/lxgw-wenkai-latin-500-normal.woff',
} as const;

let fonts: Promise<ContractFonts> | undefined;

/** Noto Serif SC for Song and new Song, Noto Sans SC for Hei, LXGW WenKai (WOFF) for Kai. */
export function testFonts(): Promise<ContractFonts> {
  fonts ??= (async () => {
    const [serif, sans, kai] = await Promise.all(
      [FONT_FILES.serif, FONT_FILES.sans, FONT_FILES.kai].map(
        async (file) => new Uint8Array(await readFile(require.resolve(file))),
      ),
    );
    return { NSimSun: serif!, SimSun: serif!, SimHei: sans!, KaiTi: kai! };
  })();
  return fonts;
}

/** A PNG of one solid colour, encoded here (zlib) so that no image library is trusted blindly. */
export function solidPng(
  width: number,
  height: number,
  [r, g, b, a]: [number, number, number, number],
): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let at = 0; at < rgba.length; at += 4) rgba.set([r, g, b, a], at);
  return encodePng(width, height, rgba);
}

/** Runs `fn` with a temporary folder that is removed afterwards. */
async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'esign-pdf-test-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `qpdf --check` on the bytes: resolves to its report, rejects when qpdf finds errors or warnings. */
export function qpdfCheck(bytes: Uint8Array): Promise<string> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'out.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('qpdf', ['--check', file]);
    return stdout;
  });
}

/** The text poppler extracts from a page (1-based), as a reader's copy and paste would. */
export function extractText(bytes: Uint8Array, page: number): Promise<string> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'out.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', [
      '-f',
      `${page}`,
      '-l',
      `${page}`,
      '-enc',
      'UTF-8',
      file,
      '-',
    ]);
    return stdout;
  });
}

/** The fonts poppler lists for the document (`pdffonts`), one line each after the header. */
export function listFonts(bytes: Uint8Array): Promise<string[]> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'out.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdffonts', [file]);
    return stdout.trim().split('\n').slice(2);
  });
}

/** An RGB raster of one page as displayed (CropBox, /Rotate), `pixelsPerPoint` pixels per point. */
export interface Raster {
  width: number;
  height: number;
  pixelsPerPoint: number;
  /** RGB, row by row from the top-left. */
  data: Uint8Array;
}

/** Rasterises one page (1-based) with poppler's pdftoppm, cropped to the CropBox as pdf.js shows it. */
export function rasterise(bytes: Uint8Array, page: number, dpi = 144): Promise<Raster> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'out.pdf');
    await writeFile(file, bytes);
    const prefix = path.join(dir, 'page');
    await run('pdftoppm', [
      '-r',
      `${dpi}`,
      '-f',
      `${page}`,
      '-l',
      `${page}`,
      '-cropbox',
      '-singlefile',
      file,
      prefix,
    ]);
    return parsePpm(new Uint8Array(await readFile(`${prefix}.ppm`)), dpi / 72);
  });
}

function parsePpm(bytes: Uint8Array, pixelsPerPoint: number): Raster {
  // "P6\n<width> <height>\n255\n" then RGB bytes.
  let at = 0;
  const fields: string[] = [];
  while (fields.length < 4) {
    while (bytes[at] === 0x20 || bytes[at] === 0x0a || bytes[at] === 0x0d || bytes[at] === 0x09)
      at++;
    let field = '';
    while (at < bytes.length && ![0x20, 0x0a, 0x0d, 0x09].includes(bytes[at]!))
      field += String.fromCharCode(bytes[at++]!);
    fields.push(field);
  }
  at++;
  if (fields[0] !== 'P6' || fields[3] !== '255') throw new Error('not an 8-bit PPM');
  const width = Number(fields[1]);
  const height = Number(fields[2]);
  return { width, height, pixelsPerPoint, data: bytes.subarray(at, at + width * height * 3) };
}

/** Where the pixels that `ink` picks lie on the page, in points from the displayed top-left corner. */
export interface InkBounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Coverage-weighted centre. */
  x: number;
  y: number;
  pixels: number;
}

/**
 * Bounds of the pixels for which `coverage` (0–1, how much of the pixel is ink) is at least a half,
 * and the coverage-weighted centre: anti-aliased edges then count for what they cover.
 */
export function inkBounds(
  raster: Raster,
  coverage: (r: number, g: number, b: number) => number,
): InkBounds | undefined {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  let sum = 0;
  let sx = 0;
  let sy = 0;
  let pixels = 0;
  const { width, height, data } = raster;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const c = coverage(data[i]!, data[i + 1]!, data[i + 2]!);
      if (c <= 0) continue;
      sum += c;
      sx += c * (x + 0.5);
      sy += c * (y + 0.5);
      if (c >= 0.5) {
        pixels++;
        left = Math.min(left, x);
        top = Math.min(top, y);
        right = Math.max(right, x + 1);
        bottom = Math.max(bottom, y + 1);
      }
    }
  }
  if (pixels === 0) return undefined;
  const k = raster.pixelsPerPoint;
  return {
    left: left / k,
    top: top / k,
    right: right / k,
    bottom: bottom / k,
    x: sx / sum / k,
    y: sy / sum / k,
    pixels,
  };
}

/** How red a pixel is on white paper: 1 for pure red, 0 for anything without red ink. */
export function redInk(r: number, g: number, b: number): number {
  return Math.max(0, Math.min(1, (r - Math.max(g, b)) / 255));
}

/** How blue a pixel is on white paper. */
export function blueInk(r: number, g: number, b: number): number {
  return Math.max(0, Math.min(1, (b - Math.max(r, g)) / 255));
}

/** How dark a pixel is (ink of any colour on white paper). */
export function anyInk(r: number, g: number, b: number): number {
  return Math.max(0, Math.min(1, (255 - Math.min(r, g, b)) / 255));
}

/** A solid shape measured by its ink's moments: exact under anti-aliasing, whatever the angle. */
export interface InkShape {
  /** Centre in points from the displayed top-left corner. */
  x: number;
  y: number;
  /** Sides of the rectangle with the same second moments (the longer one first). */
  long: number;
  short: number;
  /** Clockwise angle (degrees, 0–180) of the long side as displayed. */
  angle: number;
}

/**
 * Measures the one solid rectangle that `coverage` picks out: centre from the first moments, sides
 * and angle from the second (a w × h rectangle has variance w²/12 along its side).
 */
export function inkShape(
  raster: Raster,
  coverage: (r: number, g: number, b: number) => number,
): InkShape | undefined {
  const { width, height, data } = raster;
  let sum = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const c = coverage(data[i]!, data[i + 1]!, data[i + 2]!);
      if (c <= 0) continue;
      const px = x + 0.5;
      const py = y + 0.5;
      sum += c;
      sx += c * px;
      sy += c * py;
      sxx += c * px * px;
      syy += c * py * py;
      sxy += c * px * py;
    }
  }
  if (sum === 0) return undefined;
  const mx = sx / sum;
  const my = sy / sum;
  const vxx = sxx / sum - mx * mx;
  const vyy = syy / sum - my * my;
  const vxy = sxy / sum - mx * my;
  const mean = (vxx + vyy) / 2;
  const spread = Math.sqrt(((vxx - vyy) / 2) ** 2 + vxy ** 2);
  const k = raster.pixelsPerPoint;
  const angle = (Math.atan2(2 * vxy, vxx - vyy) * 90) / Math.PI;
  return {
    x: mx / k,
    y: my / k,
    long: Math.sqrt(12 * (mean + spread)) / k,
    short: Math.sqrt(12 * Math.max(0, mean - spread)) / k,
    angle: (angle + 180) % 180,
  };
}

/**
 * A WOFF 1.0 file as the TTF it wraps, with Node's own zlib: an independent reference for the
 * library's WOFF reader (fontkit reads WOFF directly, but glyph by glyph it is very slow).
 */
export function woffToTtf(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  const count = view.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    const offset = view.getUint32(at + 4);
    const compressed = view.getUint32(at + 8);
    const original = view.getUint32(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    const data = compressed === original ? raw : new Uint8Array(inflateSync(raw));
    tables.push({ tag: view.getUint32(at), checksum: view.getUint32(at + 16), data });
  }
  const size = 12 + count * 16 + tables.reduce((sum, t) => sum + ((t.data.length + 3) & ~3), 0);
  const out = new Uint8Array(size);
  const o = new DataView(out.buffer);
  o.setUint32(0, view.getUint32(4)); // the flavour: 0x00010000 for TrueType
  o.setUint16(4, count);
  let at = 12 + count * 16;
  tables.forEach((table, i) => {
    o.setUint32(12 + i * 16, table.tag);
    o.setUint32(16 + i * 16, table.checksum);
    o.setUint32(20 + i * 16, at);
    o.setUint32(24 + i * 16, table.data.length);
    out.set(table.data, at);
    at += (table.data.length + 3) & ~3;
  });
  return out;
}

/** The PDF encrypted by qpdf (AES-256) with the given user password ('' = opens without one). */
export function encryptPdf(bytes: Uint8Array, userPassword: string): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    const input = path.join(dir, 'in.pdf');
    const output = path.join(dir, 'out.pdf');
    await writeFile(input, bytes);
    await run('qpdf', ['--encrypt', userPassword, 'owner-secret', '256', '--', input, output]);
    return new Uint8Array(await readFile(output));
  });
}

/** A solid-colour JPEG, made by poppler from a one-colour page (no JPEG encoder needed here). */
export function solidJpeg(pdfOfOneColour: Uint8Array): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    const input = path.join(dir, 'in.pdf');
    await writeFile(input, pdfOfOneColour);
    await run('pdftoppm', ['-r', '72', '-jpeg', '-singlefile', input, path.join(dir, 'out')]);
    return new Uint8Array(await readFile(path.join(dir, 'out.jpg')));
  });
}

/** `pdfimages -list`: one row per image drawn, with the object number of the image it draws. */
export function listImages(bytes: Uint8Array): Promise<{ page: number; object: number }[]> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'out.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdfimages', ['-list', file]);
    return stdout
      .trim()
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((cells) => cells[2] === 'image')
      .map((cells) => ({ page: Number(cells[0]), object: Number(cells[10]) }));
  });
}

/** The columns of `raster` from `from` to `to` points, as a raster of their own. */
export function columns(raster: Raster, from: number, to: number): Raster {
  const k = raster.pixelsPerPoint;
  const x0 = Math.max(0, Math.floor(from * k));
  const x1 = Math.min(raster.width, Math.ceil(to * k));
  const width = x1 - x0;
  const data = new Uint8Array(width * raster.height * 3);
  for (let y = 0; y < raster.height; y++) {
    const row = (y * raster.width + x0) * 3;
    data.set(raster.data.subarray(row, row + width * 3), y * width * 3);
  }
  return { width, height: raster.height, pixelsPerPoint: k, data };
}

/**
 * Ink bounds of the left or right half of the page, in points of the whole page: where a
 * cross-page seal's slice on that edge lies.
 */
export function inkOnHalf(
  raster: Raster,
  half: 'left' | 'right',
  coverage: (r: number, g: number, b: number) => number,
): InkBounds | undefined {
  const width = raster.width / raster.pixelsPerPoint;
  const from = half === 'left' ? 0 : width / 2;
  const ink = inkBounds(columns(raster, from, half === 'left' ? width / 2 : width), coverage);
  if (!ink) return undefined;
  const shift = Math.floor(from * raster.pixelsPerPoint) / raster.pixelsPerPoint;
  return { ...ink, left: ink.left + shift, right: ink.right + shift, x: ink.x + shift };
}

/** How far measured ink may lie from where a stamp should be, in points. */
export const PLACEMENT_TOLERANCE = 0.5;

/**
 * Asserts that `ink` fills the stamp box centred at (x, y), each edge within
 * {@link PLACEMENT_TOLERANCE}; `what` names the stamp in a failure.
 */
export function expectInkInBox(
  ink: InkBounds | undefined,
  box: { x: number; y: number; width: number; height: number },
  what: string,
): void {
  expect(ink, `${what}: no ink`).toBeDefined();
  const want = {
    left: box.x - box.width / 2,
    top: box.y - box.height / 2,
    right: box.x + box.width / 2,
    bottom: box.y + box.height / 2,
  };
  for (const side of ['left', 'top', 'right', 'bottom'] as const) {
    expect(
      Math.abs(ink![side] - want[side]),
      `${what}: ${side} ${ink![side]} vs ${want[side]}`,
    ).toBeLessThan(PLACEMENT_TOLERANCE);
  }
}

/**
 * How many image XObjects of the document are pictures (not another image's soft mask, which
 * pdf-lib writes for a PNG's alpha channel), in plain or object-stream files alike.
 */
export async function pictureObjectCount(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const images: PDFDict[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dict =
      object instanceof PDFRawStream || object instanceof PDFStream
        ? object.dict
        : object instanceof PDFDict
          ? object
          : undefined;
    if (dict?.get(PDFName.of('Subtype')) === PDFName.of('Image')) images.push(dict);
  }
  const masks = new Set(
    images
      .map((image) => image.get(PDFName.of('SMask')))
      .filter((mask) => mask !== undefined)
      .map((mask) => (doc.context.lookup(mask) as PDFRawStream).dict),
  );
  return images.filter((image) => !masks.has(image)).length;
}

/**
 * Reading and subsetting TrueType fonts (glyf outlines), given as TTF or WOFF 1.0 bytes.
 *
 * Why not pdf-lib's `subset: true`: its fontkit fork writes broken subsets of CJK fonts (glyphs
 * silently dropped, pdf-lib issue 1232). Why not harfbuzz: its wasm build must be fetched or read
 * from disk, differently in Node and in every bundler, and a contract only needs the plain
 * cmap → glyph → advance path. This module keeps exactly the glyphs of the characters written
 * (and the components of composite glyphs), renumbers them, and writes a small TrueType font that
 * pdf-lib embeds as it is. Layout tables (GSUB, GPOS, kern) and variations are dropped: contract
 * text is set one glyph per character, as the editor measures it.
 */

/** A parsed font: what layout and subsetting need. Built once per font file and cached. */
export interface TrueTypeFont {
  /** The PostScript name from the `name` table (for the PDF's BaseFont), or a fallback. */
  postscriptName: string;
  unitsPerEm: number;
  /** hhea ascender and descender in font units (the descender is negative). */
  ascent: number;
  descent: number;
  numGlyphs: number;
  /** The glyph of a code point, or 0 (.notdef) where the font has none. */
  glyphOf(codePoint: number): number;
  /** Advance width of a glyph in font units. */
  advanceOf(glyph: number): number;
}

/** Why a font file could not be used. */
export class FontFileError extends Error {
  override readonly name = 'FontFileError';
}

interface ParsedFont extends TrueTypeFont {
  tables: Map<string, Uint8Array>;
}

const cache = new WeakMap<Uint8Array, Promise<ParsedFont>>();

/**
 * Parses a TTF or WOFF 1.0 file. The result is cached per `Uint8Array`, so a host that passes the
 * same font bytes to every render parses (and for WOFF inflates) them once.
 */
export function readTrueType(bytes: Uint8Array): Promise<TrueTypeFont> {
  return parseCached(bytes);
}

function parseCached(bytes: Uint8Array): Promise<ParsedFont> {
  let parsed = cache.get(bytes);
  if (!parsed) {
    parsed = parse(bytes);
    cache.set(bytes, parsed);
    // A failed parse is not kept: the caller may fix what it passes and try again.
    parsed.catch(() => cache.delete(bytes));
  }
  return parsed;
}

async function parse(bytes: Uint8Array): Promise<ParsedFont> {
  if (bytes.length < 12) throw new FontFileError('not a font file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = view.getUint32(0);
  let tables: Map<string, Uint8Array>;
  if (signature === 0x774f4646 /* wOFF */) tables = await woffTables(bytes, view);
  else if (signature === 0x00010000 || signature === 0x74727565 /* true */)
    tables = sfntTables(bytes, view);
  else if (signature === 0x4f54544f /* OTTO */)
    throw new FontFileError(
      'CFF (OpenType/PostScript) outlines are not supported; give a TrueType font',
    );
  else if (signature === 0x774f4632 /* wOF2 */)
    throw new FontFileError('WOFF2 is not supported; give a TTF or WOFF 1.0 file');
  else if (signature === 0x74746366 /* ttcf */)
    throw new FontFileError('font collections (TTC) are not supported; give a single TTF');
  else throw new FontFileError('not a TrueType font file');

  for (const tag of ['head', 'hhea', 'hmtx', 'maxp', 'cmap', 'loca', 'glyf']) {
    if (!tables.has(tag)) throw new FontFileError(`the font has no '${tag}' table`);
  }
  const head = dataView(tables.get('head')!);
  const hhea = dataView(tables.get('hhea')!);
  const maxp = dataView(tables.get('maxp')!);
  const hmtx = dataView(tables.get('hmtx')!);
  const unitsPerEm = head.getUint16(18);
  const numGlyphs = maxp.getUint16(4);
  const numberOfHMetrics = hhea.getUint16(34);
  if (unitsPerEm === 0 || numGlyphs === 0 || numberOfHMetrics === 0)
    throw new FontFileError('the font has no glyphs');
  if (hmtx.byteLength < numberOfHMetrics * 4) throw new FontFileError("the 'hmtx' table is short");
  const glyphOf = cmapLookup(tables.get('cmap')!);
  const lastAdvance = hmtx.getUint16((numberOfHMetrics - 1) * 4);
  return {
    tables,
    postscriptName: postscriptNameOf(tables.get('name')) ?? 'Font',
    unitsPerEm,
    ascent: hhea.getInt16(4),
    descent: hhea.getInt16(6),
    numGlyphs,
    glyphOf: (codePoint) => {
      const glyph = glyphOf(codePoint);
      return glyph < numGlyphs ? glyph : 0;
    },
    advanceOf: (glyph) => (glyph < numberOfHMetrics ? hmtx.getUint16(glyph * 4) : lastAdvance),
  };
}

/**
 * A TrueType font holding only the glyphs of `codePoints` (plus .notdef and the components of
 * composite glyphs), numbered in code-point order, with a cmap for exactly those characters.
 */
export function subsetTrueType(font: TrueTypeFont, codePoints: Iterable<number>): Uint8Array {
  const source = font as ParsedFont;
  if (!(source.tables instanceof Map)) throw new FontFileError('not a font read by readTrueType');
  const tables = source.tables;
  const head = dataView(tables.get('head')!);
  const longLoca = head.getInt16(50) === 1;
  const loca = dataView(tables.get('loca')!);
  const glyf = tables.get('glyf')!;
  const glyphRange = (glyph: number): [number, number] => {
    const [start, end] = longLoca
      ? [loca.getUint32(glyph * 4), loca.getUint32(glyph * 4 + 4)]
      : [loca.getUint16(glyph * 2) * 2, loca.getUint16(glyph * 2 + 2) * 2];
    if (end < start || end > glyf.length) throw new FontFileError("the 'loca' table is damaged");
    return [start, end];
  };

  // Old glyph ids in their new order: .notdef, the characters' glyphs, then components.
  const sortedCodes = [...new Set(codePoints)].sort((a, b) => a - b);
  const order: number[] = [0];
  const newId = new Map<number, number>([[0, 0]]);
  const add = (glyph: number) => {
    if (!newId.has(glyph)) {
      newId.set(glyph, order.length);
      order.push(glyph);
    }
  };
  const mapped: [number, number][] = [];
  for (const code of sortedCodes) {
    const glyph = source.glyphOf(code);
    if (glyph === 0) continue;
    add(glyph);
    mapped.push([code, glyph]);
  }
  for (let i = 0; i < order.length; i++) {
    const [start, end] = glyphRange(order[i]!);
    if (end - start >= 10 && new DataView(glyf.buffer, glyf.byteOffset + start).getInt16(0) < 0) {
      for (const component of componentsOf(glyf, start, end)) {
        if (component.glyph >= source.numGlyphs)
          throw new FontFileError('a composite glyph is damaged');
        add(component.glyph);
      }
    }
  }

  // glyf and loca (long offsets, glyphs padded to 4 bytes), composite references renumbered.
  const pieces: Uint8Array[] = [];
  const offsets = new Uint32Array(order.length + 1);
  let size = 0;
  for (let i = 0; i < order.length; i++) {
    const [start, end] = glyphRange(order[i]!);
    const length = end - start;
    const padded = (length + 3) & ~3;
    const piece = new Uint8Array(padded);
    piece.set(glyf.subarray(start, end));
    if (length >= 10 && dataView(piece).getInt16(0) < 0) {
      const pieceView = dataView(piece);
      for (const component of componentsOf(piece, 0, length)) {
        pieceView.setUint16(component.at, newId.get(component.glyph)!);
      }
    }
    pieces.push(piece);
    offsets[i] = size;
    size += padded;
  }
  offsets[order.length] = size;
  const newGlyf = concat(pieces, size);
  const newLoca = new Uint8Array(offsets.length * 4);
  const locaView = dataView(newLoca);
  offsets.forEach((offset, i) => locaView.setUint32(i * 4, offset));

  // hmtx: a full metric for every glyph.
  const hmtx = dataView(tables.get('hmtx')!);
  const numberOfHMetrics = dataView(tables.get('hhea')!).getUint16(34);
  const lsbOf = (glyph: number) =>
    glyph < numberOfHMetrics
      ? hmtx.getInt16(glyph * 4 + 2)
      : safeInt16(hmtx, numberOfHMetrics * 4 + (glyph - numberOfHMetrics) * 2);
  const newHmtx = new Uint8Array(order.length * 4);
  const hmtxView = dataView(newHmtx);
  order.forEach((glyph, i) => {
    hmtxView.setUint16(i * 4, source.advanceOf(glyph));
    hmtxView.setInt16(i * 4 + 2, lsbOf(glyph));
  });

  const newHead = tables.get('head')!.slice();
  dataView(newHead).setUint32(8, 0); // checkSumAdjustment, set below
  dataView(newHead).setInt16(50, 1); // indexToLocFormat: long
  const newHhea = tables.get('hhea')!.slice();
  dataView(newHhea).setUint16(34, order.length);
  const newMaxp = tables.get('maxp')!.slice();
  dataView(newMaxp).setUint16(4, order.length);
  const post = tables.get('post');
  const out = new Map<string, Uint8Array>([
    ['head', newHead],
    ['hhea', newHhea],
    ['maxp', newMaxp],
    ['hmtx', newHmtx],
    ['loca', newLoca],
    ['glyf', newGlyf],
    ['cmap', buildCmap(mapped.map(([code, glyph]) => [code, newId.get(glyph)!]))],
  ]);
  if (post && post.length >= 32) {
    // Version 3: no glyph names (they would have to be renumbered, and nothing needs them).
    const newPost = post.slice(0, 32);
    dataView(newPost).setUint32(0, 0x00030000);
    out.set('post', newPost);
  }
  // Hinting programs refer to nothing glyph-specific; OS/2 and name describe the face.
  for (const tag of ['OS/2', 'name', 'cvt ', 'fpgm', 'prep', 'gasp']) {
    const table = tables.get(tag);
    if (table) out.set(tag, table);
  }
  return writeSfnt(out);
}

/** Reads the component glyph ids of a composite glyph and where each id is stored. */
function componentsOf(
  glyf: Uint8Array,
  start: number,
  end: number,
): { glyph: number; at: number }[] {
  const view = new DataView(glyf.buffer, glyf.byteOffset, glyf.byteLength);
  const out: { glyph: number; at: number }[] = [];
  let at = start + 10;
  for (;;) {
    if (at + 4 > end) throw new FontFileError('a composite glyph is damaged');
    const flags = view.getUint16(at);
    out.push({ glyph: view.getUint16(at + 2), at: at + 2 - start });
    at += 4;
    at += flags & 0x0001 ? 4 : 2; // ARG_1_AND_2_ARE_WORDS
    if (flags & 0x0008)
      at += 2; // WE_HAVE_A_SCALE
    else if (flags & 0x0040)
      at += 4; // WE_HAVE_AN_X_AND_Y_SCALE
    else if (flags & 0x0080) at += 8; // WE_HAVE_A_TWO_BY_TWO
    if (!(flags & 0x0020)) break; // MORE_COMPONENTS
  }
  return out;
}

/** A cmap with a format 4 subtable (BMP, for older readers) and a format 12 one (everything). */
function buildCmap(pairs: [number, number][]): Uint8Array {
  // Runs of consecutive code points mapped to consecutive glyphs.
  const runs: { start: number; end: number; glyph: number }[] = [];
  for (const [code, glyph] of pairs) {
    const last = runs.at(-1);
    if (last && code === last.end + 1 && glyph === last.glyph + (code - last.start))
      last.end = code;
    else runs.push({ start: code, end: code, glyph });
  }
  const bmp: { start: number; end: number; glyph: number }[] = [];
  for (const run of runs) {
    if (run.start > 0xfffe) break;
    bmp.push({ ...run, end: Math.min(run.end, 0xfffe) });
  }
  bmp.push({ start: 0xffff, end: 0xffff, glyph: 0 }); // the required final segment

  const segCount = bmp.length;
  const format4Length = 16 + segCount * 8;
  const format12Length = 16 + runs.length * 12;
  const canFormat4 = format4Length <= 0xffff;
  const subtables = canFormat4 ? 2 : 1;
  const headerLength = 4 + subtables * 8;
  const out = new Uint8Array(headerLength + (canFormat4 ? format4Length : 0) + format12Length);
  const view = dataView(out);
  view.setUint16(2, subtables);
  let at = headerLength;
  let record = 4;
  if (canFormat4) {
    view.setUint16(record, 3);
    view.setUint16(record + 2, 1);
    view.setUint32(record + 4, at);
    record += 8;
    view.setUint16(at, 4);
    view.setUint16(at + 2, format4Length);
    view.setUint16(at + 6, segCount * 2);
    const entrySelector = Math.floor(Math.log2(segCount));
    view.setUint16(at + 8, 2 * 2 ** entrySelector);
    view.setUint16(at + 10, entrySelector);
    view.setUint16(at + 12, 2 * segCount - 2 * 2 ** entrySelector);
    const ends = at + 14;
    const starts = ends + segCount * 2 + 2;
    const deltas = starts + segCount * 2;
    const rangeOffsets = deltas + segCount * 2;
    bmp.forEach((run, i) => {
      view.setUint16(ends + i * 2, run.end);
      view.setUint16(starts + i * 2, run.start);
      view.setUint16(deltas + i * 2, run.start === 0xffff ? 1 : (run.glyph - run.start) & 0xffff);
      view.setUint16(rangeOffsets + i * 2, 0);
    });
    at += format4Length;
  }
  view.setUint16(record, 3);
  view.setUint16(record + 2, 10);
  view.setUint32(record + 4, at);
  view.setUint16(at, 12);
  view.setUint32(at + 4, format12Length);
  view.setUint32(at + 12, runs.length);
  runs.forEach((run, i) => {
    view.setUint32(at + 16 + i * 12, run.start);
    view.setUint32(at + 20 + i * 12, run.end);
    view.setUint32(at + 24 + i * 12, run.glyph);
  });
  return out;
}

/** A code point → glyph lookup over the font's best Unicode subtable (format 12, else 4). */
function cmapLookup(cmap: Uint8Array): (codePoint: number) => number {
  const view = dataView(cmap);
  const count = view.getUint16(2);
  let format12: number | undefined;
  let format4: number | undefined;
  for (let i = 0; i < count; i++) {
    const platform = view.getUint16(4 + i * 8);
    const encoding = view.getUint16(6 + i * 8);
    const offset = view.getUint32(8 + i * 8);
    if (offset + 4 > cmap.length) continue;
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = view.getUint16(offset);
    if (format === 12 && format12 === undefined) format12 = offset;
    if (format === 4 && format4 === undefined) format4 = offset;
  }
  if (format12 !== undefined) {
    const at = format12;
    const groups = view.getUint32(at + 12);
    if (at + 16 + groups * 12 > cmap.length) throw new FontFileError("the 'cmap' table is damaged");
    return (code) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const g = at + 16 + mid * 12;
        if (code < view.getUint32(g)) hi = mid - 1;
        else if (code > view.getUint32(g + 4)) lo = mid + 1;
        else return view.getUint32(g + 8) + (code - view.getUint32(g));
      }
      return 0;
    };
  }
  if (format4 !== undefined) {
    const at = format4;
    const segCount = view.getUint16(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + segCount * 2 + 2;
    const deltas = starts + segCount * 2;
    const rangeOffsets = deltas + segCount * 2;
    if (rangeOffsets + segCount * 2 > cmap.length)
      throw new FontFileError("the 'cmap' table is damaged");
    return (code) => {
      if (code > 0xffff) return 0;
      let lo = 0;
      let hi = segCount - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (view.getUint16(ends + mid * 2) < code) lo = mid + 1;
        else hi = mid;
      }
      const start = view.getUint16(starts + lo * 2);
      if (code < start || code > view.getUint16(ends + lo * 2)) return 0;
      const delta = view.getUint16(deltas + lo * 2);
      const rangeOffset = view.getUint16(rangeOffsets + lo * 2);
      if (rangeOffset === 0) return (code + delta) & 0xffff;
      const glyphAt = rangeOffsets + lo * 2 + rangeOffset + (code - start) * 2;
      if (glyphAt + 2 > cmap.length) return 0;
      const glyph = view.getUint16(glyphAt);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    };
  }
  throw new FontFileError('the font has no Unicode cmap');
}

function postscriptNameOf(name: Uint8Array | undefined): string | undefined {
  if (!name || name.length < 6) return undefined;
  const view = dataView(name);
  const count = view.getUint16(2);
  const strings = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const record = 6 + i * 12;
    if (record + 12 > name.length) break;
    if (view.getUint16(record + 6) !== 6) continue;
    const platform = view.getUint16(record);
    const length = view.getUint16(record + 8);
    const offset = strings + view.getUint16(record + 10);
    if (offset + length > name.length) continue;
    const raw = name.subarray(offset, offset + length);
    let text = '';
    if (platform === 3 || platform === 0) {
      for (let j = 0; j + 1 < raw.length; j += 2)
        text += String.fromCharCode((raw[j]! << 8) | raw[j + 1]!);
    } else {
      text = String.fromCharCode(...raw);
    }
    // A PDF name must stay printable ASCII without delimiters.
    const clean = text.replace(/[^A-Za-z0-9_-]/g, '');
    if (clean) return clean;
  }
  return undefined;
}

function sfntTables(bytes: Uint8Array, view: DataView): Map<string, Uint8Array> {
  const count = view.getUint16(4);
  if (12 + count * 16 > bytes.length) throw new FontFileError('the font file is truncated');
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const tag = tagAt(view, record);
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    if (offset + length > bytes.length) throw new FontFileError('the font file is truncated');
    tables.set(tag, bytes.subarray(offset, offset + length));
  }
  return tables;
}

async function woffTables(bytes: Uint8Array, view: DataView): Promise<Map<string, Uint8Array>> {
  if (bytes.length < 44) throw new FontFileError('the font file is truncated');
  const count = view.getUint16(12);
  if (44 + count * 20 > bytes.length) throw new FontFileError('the font file is truncated');
  const tables = new Map<string, Uint8Array>();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const record = 44 + i * 20;
    const tag = tagAt(view, record);
    const offset = view.getUint32(record + 4);
    const compressed = view.getUint32(record + 8);
    const original = view.getUint32(record + 12);
    if (offset + compressed > bytes.length) throw new FontFileError('the font file is truncated');
    const data = bytes.subarray(offset, offset + compressed);
    if (compressed === original) {
      tables.set(tag, data);
      continue;
    }
    pending.push(
      inflate(data).then((table) => {
        if (table.length !== original) throw new FontFileError(`the '${tag}' table is damaged`);
        tables.set(tag, table);
      }),
    );
  }
  await Promise.all(pending);
  return tables;
}

/** zlib inflate with the platform's DecompressionStream (Node ≥ 18 and every current browser). */
async function inflate(data: Uint8Array): Promise<Uint8Array> {
  try {
    const stream = new Blob([data as Uint8Array<ArrayBuffer>])
      .stream()
      .pipeThrough(new DecompressionStream('deflate'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (cause) {
    throw new FontFileError('a compressed font table is damaged', { cause });
  }
}

/** Writes tables as an sfnt file with correct checksums and head.checkSumAdjustment. */
function writeSfnt(tables: Map<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const headerLength = 12 + count * 16;
  let size = headerLength;
  for (const tag of tags) size += (tables.get(tag)!.length + 3) & ~3;
  const out = new Uint8Array(size);
  const view = dataView(out);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, count);
  const entrySelector = Math.floor(Math.log2(count));
  view.setUint16(6, 16 * 2 ** entrySelector);
  view.setUint16(8, entrySelector);
  view.setUint16(10, count * 16 - 16 * 2 ** entrySelector);
  let at = headerLength;
  let headAt = 0;
  tags.forEach((tag, i) => {
    const table = tables.get(tag)!;
    const record = 12 + i * 16;
    for (let j = 0; j < 4; j++) view.setUint8(record + j, tag.charCodeAt(j));
    out.set(table, at);
    view.setUint32(record + 4, checksum(out, at, table.length));
    view.setUint32(record + 8, at);
    view.setUint32(record + 12, table.length);
    if (tag === 'head') headAt = at;
    at += (table.length + 3) & ~3;
  });
  view.setUint32(headAt + 8, (0xb1b0afba - checksum(out, 0, out.length)) >>> 0);
  return out;
}

function checksum(bytes: Uint8Array, start: number, length: number): number {
  let sum = 0;
  const end = start + ((length + 3) & ~3);
  for (let i = start; i < end; i += 4) {
    sum =
      (sum +
        (((bytes[i] ?? 0) << 24) |
          ((bytes[i + 1] ?? 0) << 16) |
          ((bytes[i + 2] ?? 0) << 8) |
          (bytes[i + 3] ?? 0))) >>>
      0;
  }
  return sum;
}

function concat(pieces: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

function tagAt(view: DataView, at: number): string {
  return String.fromCharCode(
    view.getUint8(at),
    view.getUint8(at + 1),
    view.getUint8(at + 2),
    view.getUint8(at + 3),
  );
}

function safeInt16(view: DataView, at: number): number {
  return at + 2 <= view.byteLength ? view.getInt16(at) : 0;
}

function dataView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

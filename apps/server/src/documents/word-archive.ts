import type { Readable } from 'node:stream';
import { DocumentProblem } from './problems';

/** A DOCX may unpack to at most this much in all (its pictures included). */
export const WORD_UNPACKED_MAX_BYTES = 256 * 1024 * 1024;
/** …in at most this many parts… */
export const WORD_ENTRIES_MAX = 10_000;
/** …none of more than 1 MB unpacking to over 100 times its packed size (text packs ~10×). */
export const WORD_RATIO_MAX = 100;
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** A central directory larger than this has too many parts or absurd names. */
const DIRECTORY_MAX_BYTES = 4 * 1024 * 1024;

const END_SIGNATURE = 0x06054b50;
const END_BYTES = 22;
const COMMENT_MAX = 0xffff;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_BYTES = 20;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ZIP64_END_BYTES = 56;
const ENTRY_SIGNATURE = 0x02014b50;
const ENTRY_BYTES = 46;
const ZIP64_EXTRA = 0x0001;
/** The most bytes the end of an archive needs to be read from. */
const TAIL_BYTES =
  DIRECTORY_MAX_BYTES + ZIP64_END_BYTES + ZIP64_LOCATOR_BYTES + END_BYTES + COMMENT_MAX;

/** What a DOCX's central directory says it holds, read without unpacking anything. */
export interface WordArchiveSummary {
  entries: number;
  /** The sum of the parts' unpacked sizes. */
  unpackedBytes: number;
}

const unreadable = () => new DocumentProblem('wordUnreadable');
const tooLarge = () => new DocumentProblem('wordTooLarge');

/** The last `TAIL_BYTES` of a stream, and its length. */
async function tailOf(stream: Readable): Promise<{ tail: Buffer; size: number }> {
  let chunks: Buffer[] = [];
  let held = 0;
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    held += chunk.length;
    size += chunk.length;
    if (held > 2 * TAIL_BYTES) {
      chunks = [Buffer.concat(chunks).subarray(-TAIL_BYTES)];
      held = TAIL_BYTES;
    }
  }
  const joined = Buffer.concat(chunks);
  return { tail: joined.subarray(Math.max(0, joined.length - TAIL_BYTES)), size };
}

/** Reads a little-endian 64-bit size as a number; refuses one past 2^53. */
function readSize64(buffer: Buffer, at: number): number {
  const value = buffer.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw tooLarge();
  return Number(value);
}

/** The position of the end-of-central-directory record in `tail`, searched from the end. */
function findEnd(tail: Buffer): number {
  const last = tail.length - END_BYTES;
  for (let at = last; at >= 0 && at >= last - COMMENT_MAX; at--) {
    if (tail.readUInt32LE(at) === END_SIGNATURE) return at;
  }
  throw unreadable();
}

/** Where the central directory is and how many entries it says it has (ZIP64 included). */
function directoryOf(
  tail: Buffer,
  tailStart: number,
  end: number,
): { offset: number; size: number; entries: number } {
  if (tail.readUInt16LE(end + 4) !== 0 || tail.readUInt16LE(end + 6) !== 0) throw unreadable();
  let entries = tail.readUInt16LE(end + 10);
  let size = tail.readUInt32LE(end + 12);
  let offset = tail.readUInt32LE(end + 16);
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = end - ZIP64_LOCATOR_BYTES;
    if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) throw unreadable();
    const zip64End = readSize64(tail, locator + 8) - tailStart;
    if (zip64End < 0 || zip64End + ZIP64_END_BYTES > locator) throw unreadable();
    if (tail.readUInt32LE(zip64End) !== ZIP64_END_SIGNATURE) throw unreadable();
    entries = readSize64(tail, zip64End + 32);
    size = readSize64(tail, zip64End + 40);
    offset = readSize64(tail, zip64End + 48);
  }
  return { offset, size, entries };
}

/** An entry's sizes, taken from its ZIP64 extra field where the 32-bit fields are full. */
function entrySizes(
  tail: Buffer,
  at: number,
  extraStart: number,
  extraEnd: number,
): { packed: number; unpacked: number } {
  let packed = tail.readUInt32LE(at + 20);
  let unpacked = tail.readUInt32LE(at + 24);
  if (packed !== 0xffffffff && unpacked !== 0xffffffff) return { packed, unpacked };
  for (let field = extraStart; field + 4 <= extraEnd;) {
    const id = tail.readUInt16LE(field);
    const length = tail.readUInt16LE(field + 2);
    if (id === ZIP64_EXTRA) {
      let value = field + 4;
      const valueEnd = value + length;
      if (unpacked === 0xffffffff && value + 8 <= valueEnd) {
        unpacked = readSize64(tail, value);
        value += 8;
      }
      if (packed === 0xffffffff && value + 8 <= valueEnd) packed = readSize64(tail, value);
      break;
    }
    field += 4 + length;
  }
  if (packed === 0xffffffff || unpacked === 0xffffffff) throw unreadable();
  return { packed, unpacked };
}

/**
 * Reads a DOCX's central directory (at the end of its ZIP) and refuses, without unpacking
 * anything, an archive that would unpack to more than 256 MB, has more than 10,000 parts, or has
 * a large part packed over 100 times (a "zip bomb"); and one that is no readable ZIP. LibreOffice
 * unpacks what passes. Throws `DocumentProblem` (`wordTooLarge`, `wordUnreadable`).
 */
export async function checkWordArchive(stream: Readable): Promise<WordArchiveSummary> {
  const { tail, size } = await tailOf(stream);
  if (tail.length < END_BYTES) throw unreadable();
  const tailStart = size - tail.length;
  const end = findEnd(tail);
  const directory = directoryOf(tail, tailStart, end);
  if (directory.entries > WORD_ENTRIES_MAX || directory.size > DIRECTORY_MAX_BYTES)
    throw tooLarge();
  const first = directory.offset - tailStart;
  if (first < 0 || first + directory.size > end) throw unreadable();

  let unpackedBytes = 0;
  let entries = 0;
  for (let at = first; at < first + directory.size; entries++) {
    if (at + ENTRY_BYTES > end || tail.readUInt32LE(at) !== ENTRY_SIGNATURE) throw unreadable();
    const nameLength = tail.readUInt16LE(at + 28);
    const extraLength = tail.readUInt16LE(at + 30);
    const commentLength = tail.readUInt16LE(at + 32);
    const extraStart = at + ENTRY_BYTES + nameLength;
    const next = extraStart + extraLength + commentLength;
    if (next > end) throw unreadable();
    const { packed, unpacked } = entrySizes(tail, at, extraStart, extraStart + extraLength);
    unpackedBytes += unpacked;
    if (entries + 1 > WORD_ENTRIES_MAX || unpackedBytes > WORD_UNPACKED_MAX_BYTES) throw tooLarge();
    if (unpacked > RATIO_FLOOR_BYTES && unpacked > packed * WORD_RATIO_MAX) throw tooLarge();
    at = next;
  }
  if (entries !== directory.entries || entries === 0) throw unreadable();
  return { entries, unpackedBytes };
}

import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { wordDocument } from '../test-support/word-files';
import { DocumentProblem } from './problems';
import { checkWordArchive } from './word-archive';

interface DeclaredEntry {
  name?: string;
  packed: number;
  unpacked: number;
}

/**
 * An archive's central directory and its end, after `dataBytes` of (unread) part data: all that
 * the check reads. Sizes of 4 GB and more are written in ZIP64 form.
 */
function declaredArchive(
  entries: readonly DeclaredEntry[],
  { dataBytes = 0, zip64 = false, count = entries.length } = {},
): Buffer {
  const records = entries.map(({ name = 'word/document.xml', packed, unpacked }) => {
    const big = packed >= 0xffffffff || unpacked >= 0xffffffff;
    const nameBytes = Buffer.from(name);
    const extra = Buffer.alloc(big ? 20 : 0);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt32LE(big ? 0xffffffff : packed, 20);
    record.writeUInt32LE(big ? 0xffffffff : unpacked, 24);
    record.writeUInt16LE(nameBytes.length, 28);
    record.writeUInt16LE(extra.length, 30);
    if (big) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(unpacked), 4);
      extra.writeBigUInt64LE(BigInt(packed), 12);
    }
    return Buffer.concat([record, nameBytes, extra]);
  });
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const tail: Buffer[] = [];
  if (zip64) {
    const zip64End = Buffer.alloc(56);
    zip64End.writeUInt32LE(0x06064b50, 0);
    zip64End.writeBigUInt64LE(BigInt(count), 24);
    zip64End.writeBigUInt64LE(BigInt(count), 32);
    zip64End.writeBigUInt64LE(BigInt(directory.length), 40);
    zip64End.writeBigUInt64LE(BigInt(dataBytes), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(dataBytes + directory.length), 8);
    tail.push(zip64End, locator);
    end.writeUInt16LE(0xffff, 8);
    end.writeUInt16LE(0xffff, 10);
    end.writeUInt32LE(0xffffffff, 12);
    end.writeUInt32LE(0xffffffff, 16);
  } else {
    end.writeUInt16LE(count, 8);
    end.writeUInt16LE(count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(dataBytes, 16);
  }
  return Buffer.concat([Buffer.alloc(dataBytes), directory, ...tail, end]);
}

/** Streams bytes in chunks of `chunkBytes`, as storage gives a file. */
function streamOf(bytes: Buffer, chunkBytes = 64 * 1024): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkBytes)
    chunks.push(bytes.subarray(at, at + chunkBytes));
  return Readable.from(chunks);
}

/** The message key the check refuses `bytes` with, or the summary it accepts them with. */
async function verdict(bytes: Buffer, chunkBytes?: number) {
  try {
    return await checkWordArchive(streamOf(bytes, chunkBytes));
  } catch (error) {
    if (error instanceof DocumentProblem) return error.key;
    throw error;
  }
}

const MB = 1024 * 1024;

describe('checking a DOCX before LibreOffice unpacks it', () => {
  it('accepts a DOCX and says what it unpacks to', async () => {
    const summary = await verdict(wordDocument(['A short lease']));
    expect(summary).toMatchObject({ entries: 3 });
    expect((summary as { unpackedBytes: number }).unpackedBytes).toBeGreaterThan(500);
  });

  it('finds the directory behind megabytes of parts, read in small chunks', async () => {
    const bytes = declaredArchive([{ packed: 9 * MB, unpacked: 30 * MB }], { dataBytes: 9 * MB });
    expect(await verdict(bytes, 4096)).toEqual({ entries: 1, unpackedBytes: 30 * MB });
  });

  it('accepts a small part however well it packs, and a large one packed like text', async () => {
    expect(
      await verdict(
        declaredArchive([
          { packed: 100, unpacked: MB },
          { name: 'word/media/photo.png', packed: 40 * MB, unpacked: 41 * MB },
          { name: 'word/styles.xml', packed: MB, unpacked: 20 * MB },
        ]),
      ),
    ).toEqual({ entries: 3, unpackedBytes: 62 * MB });
  });

  it.each<[string, Buffer]>([
    [
      'parts unpacking to over 256 MB',
      declaredArchive(Array(30).fill({ packed: 8 * MB, unpacked: 9 * MB })),
    ],
    ['a large part packed over 100 times', declaredArchive([{ packed: 10_000, unpacked: 2 * MB }])],
    [
      'over 10,000 parts',
      declaredArchive(Array(10_001).fill({ name: 'p', packed: 1, unpacked: 1 })),
    ],
    [
      'a ZIP64 part of 5 GB',
      declaredArchive([{ packed: 2 ** 32 + 5, unpacked: 5 * 2 ** 30 }], { zip64: true }),
    ],
    [
      'a ZIP64 directory of 2^40 parts',
      declaredArchive([{ packed: 1, unpacked: 1 }], { zip64: true, count: 2 ** 40 }),
    ],
  ])('refuses %s', async (_name, bytes) => {
    expect(await verdict(bytes)).toBe('wordTooLarge');
  });

  it.each<[string, Buffer]>([
    ['bytes that are no ZIP', Buffer.from('PK\u0003\u0004 word/ and nothing more')],
    ['a ZIP cut before its end', wordDocument(['x']).subarray(0, -30)],
    [
      'a directory that counts more parts than it has',
      declaredArchive([{ packed: 1, unpacked: 1 }], { count: 2 }),
    ],
    ['an empty archive', declaredArchive([])],
  ])('refuses %s as unreadable', async (_name, bytes) => {
    expect(await verdict(bytes)).toBe('wordUnreadable');
  });
});

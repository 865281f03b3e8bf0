import { crc32, deflateRawSync } from 'node:zlib';

/** A part of a ZIP archive: its name and content. */
export interface ZipPart {
  name: string;
  content: string | Uint8Array;
}

/**
 * A ZIP header: its signature, then (from `fieldsAt`) the fields local and central headers share —
 * version needed, flags, method (deflate), time, date, CRC-32, sizes, name length.
 */
function zipHeader(
  bytes: number,
  signature: number,
  fieldsAt: number,
  {
    crc,
    packed,
    unpacked,
    nameLength,
  }: Record<'crc' | 'packed' | 'unpacked' | 'nameLength', number>,
): Buffer {
  const header = Buffer.alloc(bytes);
  header.writeUInt32LE(signature, 0);
  header.writeUInt16LE(20, fieldsAt);
  header.writeUInt16LE(8, fieldsAt + 4);
  header.writeUInt32LE(crc, fieldsAt + 10);
  header.writeUInt32LE(packed, fieldsAt + 14);
  header.writeUInt32LE(unpacked, fieldsAt + 18);
  header.writeUInt16LE(nameLength, fieldsAt + 22);
  return header;
}

/** A ZIP archive of deflated parts, as Word writes a DOCX (no ZIP64, no comment). */
export function zipArchive(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const content = Buffer.from(part.content);
    const packed = deflateRawSync(content);
    const name = Buffer.from(part.name);
    const fields = {
      crc: crc32(content),
      packed: packed.length,
      unpacked: content.length,
      nameLength: name.length,
    };
    const local = zipHeader(30, 0x04034b50, 4, fields);
    const entry = zipHeader(46, 0x02014b50, 6, fields);
    entry.writeUInt16LE(20, 4); // made by
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    directory.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`;

const PACKAGE_RELATIONSHIPS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;

/** The parts of a DOCX around its main part `word/document.xml`. */
function wordPackage(documentXml: string): ZipPart[] {
  return [
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    { name: '_rels/.rels', content: PACKAGE_RELATIONSHIPS },
    { name: 'word/document.xml', content: documentXml },
  ];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The smallest DOCX Word and LibreOffice open: one paragraph per line of text. */
export function wordDocument(paragraphs: readonly string[]): Buffer {
  const body = paragraphs
    .map((text) => `<w:p><w:r><w:t>${escapeXml(text)}</w:t></w:r></w:p>`)
    .join('');
  return zipArchive(
    wordPackage(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  );
}

/** A sound ZIP with a DOCX's parts whose main part is not XML: no reader can open it. */
export function corruptWordDocument(): Buffer {
  return zipArchive(wordPackage('<w:document><w:body><<< this is not XML'));
}

/**
 * DOCX bombs, each a few hundred KB: `parts` 300 parts of 1 MB of zeros (300 MB in all), or
 * `ratio` one 20 MB part of zeros (packed about 1,000 times).
 */
export function wordBomb(kind: 'parts' | 'ratio'): Buffer {
  const zeros = (bytes: number) => new Uint8Array(bytes);
  const filler =
    kind === 'parts'
      ? Array.from({ length: 300 }, (_, index) => ({
          name: `word/media/filler${index}.bin`,
          content: zeros(1024 * 1024),
        }))
      : [{ name: 'word/media/filler.bin', content: zeros(20 * 1024 * 1024) }];
  return zipArchive([...wordPackage('<w:document/>'), ...filler]);
}

import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from './constants';
import {
  createDocumentSniffer,
  detectDocumentType,
  detectImageType,
  uploadProblem,
} from './uploads';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...new TextEncoder().encode(part)] : part,
    ),
  );

describe('uploads judged by content', () => {
  it('recognises PDF, DOC and DOCX by their bytes', () => {
    expect(detectDocumentType(bytes('%PDF-1.7\n...'))).toBe('pdf');
    expect(detectDocumentType(bytes('\n\n%PDF-1.4'))).toBe('pdf');
    expect(detectDocumentType(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe(
      'doc',
    );
    expect(
      detectDocumentType(
        bytes([0x50, 0x4b, 0x03, 0x04], '....[Content_Types].xml....word/document.xml'),
      ),
    ).toBe('docx');
  });

  it('refuses disguised files whatever their name, and files over 100 MB', () => {
    expect(detectDocumentType(bytes('<html>contract.pdf</html>'))).toBeNull();
    expect(detectDocumentType(bytes([0x50, 0x4b, 0x03, 0x04], 'xl/workbook.xml'))).toBeNull(); // an Excel file
    expect(detectDocumentType(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(uploadProblem(bytes('MZ\x90\x00'))).toBe('uploadType');
    expect(uploadProblem(bytes('%PDF-1.7'), UPLOAD_LIMIT_BYTES + 1)).toBe('uploadSize');
    expect(uploadProblem(bytes('%PDF-1.7'))).toBeNull();
  });
});

describe('uploads judged while they stream', () => {
  const sniff = (...chunks: Uint8Array[]) => {
    const sniffer = createDocumentSniffer();
    const verdicts = chunks.map((chunk) => sniffer.push(chunk));
    return { verdicts, end: sniffer.end() };
  };
  const filler = (length: number) => new Uint8Array(length).fill(0x41);

  it('decides on the first KB for PDF and DOC, and at the end for short files', () => {
    expect(sniff(bytes('%PDF-1.7'), filler(2000))).toEqual({
      verdicts: [undefined, 'pdf'],
      end: 'pdf',
    });
    expect(sniff(filler(600), filler(600)).verdicts).toEqual([undefined, null]);
    expect(sniff(bytes('%PDF-1.4 short')).end).toBe('pdf');
    expect(sniff(bytes([0x89, 0x50, 0x4e, 0x47])).end).toBeNull();
  });

  it('finds the word/ entry of a DOCX anywhere, even split across two chunks', () => {
    const zip = bytes([0x50, 0x4b, 0x03, 0x04]);
    const late = sniff(zip, filler(5000), bytes('...wo'), bytes('rd/document.xml'));
    expect(late).toEqual({ verdicts: [undefined, undefined, undefined, 'docx'], end: 'docx' });
    expect(sniff(zip, filler(5000), bytes('xl/workbook.xml')).end).toBeNull();
    expect(sniff(zip, bytes('word/')).end).toBe('docx');
  });
});

describe('pictures by their content', () => {
  it('tells PNG and JPEG by their first bytes, whatever the name, and nothing else', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    expect(detectImageType(png)).toBe('png');
    expect(detectImageType(jpeg)).toBe('jpeg');
    expect(detectImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(detectImageType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(detectImageType(png.subarray(0, 4))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

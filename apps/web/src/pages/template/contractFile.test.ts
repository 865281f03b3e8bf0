import { UPLOAD_LIMIT_BYTES } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { contractFileProblem } from './contractFile';

const text = (value: string) => new TextEncoder().encode(value);

/** A Word document's opening: a ZIP whose entries include `word/`. */
const docx = () =>
  new Blob([
    new Uint8Array([0x50, 0x4b, 0x03, 0x04]),
    text('[Content_Types].xml'),
    text('word/document.xml'),
  ]);

describe('a contract file before upload', () => {
  it('is taken when it is a PDF, DOC or DOCX by its content, whatever its name', async () => {
    expect(await contractFileProblem(new Blob([text('%PDF-1.7\n%…')]))).toBeNull();
    expect(
      await contractFileProblem(
        new Blob([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])]),
      ),
    ).toBeNull();
    expect(await contractFileProblem(docx())).toBeNull();
  });

  it('is refused with the spec’s type message when it is anything else', async () => {
    expect(await contractFileProblem(new Blob([text('hello')]))).toBe('uploadType');
    // A ZIP that is no Word document.
    const zip = new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04]), text('images/a.png')]);
    expect(await contractFileProblem(zip)).toBe('uploadType');
    expect(await contractFileProblem(new Blob([]))).toBe('uploadType');
  });

  it('is refused with the size message over 100 MB, before its content is read', async () => {
    const huge = { size: UPLOAD_LIMIT_BYTES + 1 } as Blob;
    expect(await contractFileProblem(huge)).toBe('uploadSize');
  });
});

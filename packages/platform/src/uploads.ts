import { UPLOAD_LIMIT_BYTES } from './constants';
import type { MessageKey } from './messages';

export type DocumentType = 'pdf' | 'doc' | 'docx';

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Word 97–2003 compound file
const ZIP = [0x50, 0x4b, 0x03, 0x04];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function contains(bytes: Uint8Array, text: string): boolean {
  const needle = new TextEncoder().encode(text);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * What a contract file is, judged by its content and not its name: a PDF (`%PDF-` within the first
 * 1 KB, as readers allow), a Word 97–2003 document (OLE2 compound file) or a Word document (a ZIP
 * holding `word/`). Anything else is null.
 */
export function detectDocumentType(bytes: Uint8Array): DocumentType | null {
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + PDF.length <= head.length; i++) if (startsWith(head, PDF, i)) return 'pdf';
  if (startsWith(bytes, OLE2)) return 'doc';
  if (startsWith(bytes, ZIP) && contains(bytes, 'word/')) return 'docx';
  return null;
}

/** Why an upload is refused (by content and size), or null when it is accepted. */
export function uploadProblem(bytes: Uint8Array, size = bytes.length): MessageKey | null {
  if (size > UPLOAD_LIMIT_BYTES) return 'uploadSize';
  return detectDocumentType(bytes) ? null : 'uploadType';
}

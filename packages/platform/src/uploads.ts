import { UPLOAD_LIMIT_BYTES } from './constants';
import type { MessageKey } from './messages';

export type DocumentType = 'pdf' | 'doc' | 'docx';

/** The media type a stored document is served with. */
export const DOCUMENT_CONTENT_TYPES: Readonly<Record<DocumentType, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

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

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/**
 * What a raster picture is, judged by its first bytes and not its name or declared type: PNG,
 * JPEG, or null for anything else (avatars, ID photos, letters, filled-in image fields).
 */
export function detectImageType(bytes: Uint8Array): 'png' | 'jpeg' | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  return null;
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

/** Judges a document's type from its bytes as they stream in, holding only the first KB. */
export interface DocumentSniffer {
  /** Takes the next bytes: the type once certain, null once certainly refused, else undefined. */
  push(chunk: Uint8Array): DocumentType | null | undefined;
  /** The verdict once every byte is in. */
  end(): DocumentType | null;
}

const HEAD_BYTES = 1024;
const WORD_PART = 'word/';

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/**
 * `detectDocumentType` for content too large to hold (uploads up to 100 MB): PDF and DOC are judged
 * on the first KB; a ZIP is a DOCX once a `word/` entry name shows up, which may be only in the
 * central directory at its very end.
 */
export function createDocumentSniffer(): DocumentSniffer {
  let head: Uint8Array<ArrayBuffer> = new Uint8Array(0);
  let verdict: DocumentType | null | undefined;
  // Set while the content is a ZIP not yet seen to hold `word/`: the last bytes seen, so that the
  // name is found across the seam of two chunks.
  let zipTail: Uint8Array | undefined;
  const judgeHead = () => {
    verdict = detectDocumentType(head);
    if (verdict === null && startsWith(head, ZIP)) {
      verdict = undefined;
      zipTail = head.slice(-(WORD_PART.length - 1));
    }
  };
  const scanZip = (bytes: Uint8Array) => {
    const seam = concat(zipTail!, bytes.subarray(0, WORD_PART.length - 1));
    if (contains(seam, WORD_PART) || contains(bytes, WORD_PART)) verdict = 'docx';
    else {
      const last = bytes.length >= WORD_PART.length ? bytes : concat(zipTail!, bytes);
      zipTail = last.slice(-(WORD_PART.length - 1));
    }
  };
  return {
    push(chunk) {
      if (verdict !== undefined) return verdict;
      if (zipTail) {
        scanZip(chunk);
        return verdict;
      }
      const taken = Math.min(HEAD_BYTES - head.length, chunk.length);
      head = concat(head, chunk.subarray(0, taken));
      if (head.length === HEAD_BYTES) {
        judgeHead();
        if (zipTail) scanZip(chunk.subarray(taken));
      }
      return verdict;
    },
    end() {
      if (verdict === undefined && !zipTail) judgeHead();
      return verdict ?? null;
    },
  };
}

/** Why an upload is refused (by content and size), or null when it is accepted. */
export function uploadProblem(bytes: Uint8Array, size = bytes.length): MessageKey | null {
  if (size > UPLOAD_LIMIT_BYTES) return 'uploadSize';
  return detectDocumentType(bytes) ? null : 'uploadType';
}

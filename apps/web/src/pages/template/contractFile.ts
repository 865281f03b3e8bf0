/**
 * The browser's check of a contract file before it is uploaded (spec 000 §5, spec 001 §5): at most
 * 100 MB, and a PDF, DOC or DOCX by its content, as the server judges it. A refused file is never
 * sent.
 */
import { UPLOAD_LIMIT_BYTES, createDocumentSniffer, type MessageKey } from '@esign/platform';

/** The file picker's filter; the content decides, as on the server. */
export const CONTRACT_FILE_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Why a file may not be uploaded (`uploadSize`, `uploadType`), or null. Reads only as far as the
 * content needs: the first KB of a PDF or DOC, a DOCX up to its first `word/` entry.
 */
export async function contractFileProblem(file: Blob): Promise<MessageKey | null> {
  if (file.size > UPLOAD_LIMIT_BYTES) return 'uploadSize';
  const sniffer = createDocumentSniffer();
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return sniffer.end() ? null : 'uploadType';
      const verdict = sniffer.push(value);
      if (verdict !== undefined) return verdict ? null : 'uploadType';
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

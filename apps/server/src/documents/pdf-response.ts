import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../http/content-disposition';
import type { Storage } from '../storage';
import type { ReadyDocument } from './console-documents';

/** The name a document's PDF is given: its file's name with `.pdf` for its extension. */
export function pdfName(name: string): string {
  return `${name.replace(/\.(pdf|docx?)$/i, '')}.pdf`;
}

/**
 * Answers a ready document's PDF, streamed from storage (shown in the browser, or saved with
 * `disposition: 'attachment'`). The caller has checked that the reader may see it
 * (`findReadyDocument`, or its own rule with `readyDocumentOf`). Return what it gives from the
 * handler.
 */
export function sendDocumentPdf(
  reply: FastifyReply,
  storage: Storage,
  document: ReadyDocument,
  disposition: 'inline' | 'attachment' = 'inline',
): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-length', String(document.size))
    .header('content-disposition', contentDisposition(disposition, pdfName(document.name)))
    .send(storage.get(document.storageKey));
}

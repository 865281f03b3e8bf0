import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DOCUMENT_CONTENT_TYPES, type RemovedContent } from '@esign/platform';
import type { AppContext } from '../context';
import { PermanentJobError, type JobHandler } from '../jobs/worker';
import { convertWordToPdf, libreOfficeBinary, type WordType } from './libreoffice';
import { cleanPdf } from './pdf-check';
import { DocumentProblem, problemKey } from './problems';
import { WORD_UNPACKED_MAX_BYTES } from './word-archive';

/** The kind of job that converts a DOC or DOCX document to PDF. */
export const CONVERSION_JOB = 'document.convert';
/** A conversion is tried twice (a timeout on a busy machine may pass the second time). */
export const CONVERSION_ATTEMPTS = 2;

export interface ConversionPayload extends Record<string, unknown> {
  documentId: string;
}

/** The PDF a conversion stored, as its job's result. */
export interface ConvertedPdf {
  storageKey: string;
  sha256: string;
  size: number;
  pageCount: number;
  /** What `cleanPdf` took out of LibreOffice's PDF. */
  removedContent: RemovedContent[];
}

const WORD_TYPES: Record<string, WordType> = {
  [DOCUMENT_CONTENT_TYPES.doc]: 'doc',
  [DOCUMENT_CONTENT_TYPES.docx]: 'docx',
};

/**
 * Converts a `converting` document's Word file to PDF with LibreOffice (in a temporary directory,
 * always removed), checks it and rewrites it clean as an uploaded PDF is (`cleanPdf`: LibreOffice
 * carries a Word file's form buttons and its links to other files into the PDF), stores it, and
 * makes the document `ready`; or leaves it `failed` with the reason's message key. At most one
 * conversion per core at a time.
 */
export function conversionHandler({
  database,
  storage,
}: Pick<AppContext, 'database' | 'storage'>): JobHandler<ConversionPayload, ConvertedPdf | null> {
  return {
    concurrency: availableParallelism(),
    backoffMs: 10_000,
    async run({ documentId }, job) {
      const [source] = await database.query<{
        tenant_id: string;
        storage_key: string;
        content_type: string;
      }>(
        `SELECT d.tenant_id, f.storage_key, f.content_type
         FROM documents d JOIN files f ON f.id = d.source_file_id
         WHERE d.id = $1 AND d.status = 'converting'`,
        [documentId],
      );
      if (!source) return null;
      const type = WORD_TYPES[source.content_type];
      if (!type)
        throw new DocumentProblem('conversionFailed', `not a Word file: ${source.content_type}`);
      const workDir = await mkdtemp(path.join(tmpdir(), 'esign-convert-'));
      try {
        const input = path.join(workDir, `source.${type}`);
        await pipeline(storage.get(source.storage_key), createWriteStream(input));
        const output = await convertWordToPdf(input, type, workDir, {
          binary: libreOfficeBinary(),
          signal: job.signal,
        });
        if ((await stat(output)).size > WORD_UNPACKED_MAX_BYTES)
          throw new DocumentProblem('wordTooLarge');
        const converted = await readFile(output);
        const { pdf, pageCount, removedContent } = await cleanPdf(converted).catch(
          (error: unknown) => {
            throw new DocumentProblem(
              'conversionFailed',
              `LibreOffice wrote an unusable PDF (${problemKey(error)})`,
            );
          },
        );
        const storageKey = `documents/${source.tenant_id}/${documentId}-${job.id}-${job.attempt}.pdf`;
        await storage.put(storageKey, Readable.from([Buffer.from(pdf)]));
        return {
          storageKey,
          sha256: createHash('sha256').update(pdf).digest('hex'),
          size: pdf.byteLength,
          pageCount,
          removedContent,
        };
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
    async done(tx, { documentId }, pdf) {
      if (!pdf) return;
      const updated = await tx.query(
        `UPDATE documents SET status = 'ready', pdf_storage_key = $2, pdf_sha256 = $3,
           pdf_size = $4, page_count = $5, removed_content = $6, error = NULL, updated_at = now()
         WHERE id = $1 AND status = 'converting' RETURNING id`,
        [documentId, pdf.storageKey, pdf.sha256, pdf.size, pdf.pageCount, pdf.removedContent ?? []],
      );
      if (updated.length === 0) throw new PermanentJobError('The document is no longer converting');
    },
    async failed(tx, { documentId }, error) {
      await tx.query(
        `UPDATE documents SET status = 'failed', error = $2, updated_at = now()
         WHERE id = $1 AND status = 'converting'`,
        [documentId, problemKey(error)],
      );
    },
    async discard(_payload, pdf) {
      if (pdf) await storage.remove(pdf.storageKey);
    },
  };
}

import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DOCUMENT_CONTENT_TYPES, PERSONAL_CONSOLE_ID, type DocumentType } from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { ApiError } from '../http/route';
import { enqueueJob } from '../jobs/queue';
import { ownedByConsole } from './console-documents';
import { CONVERSION_JOB, CONVERSION_ATTEMPTS } from './conversion-job';
import { cleanPdf } from './pdf-check';
import { DocumentProblem } from './problems';
import { checkWordArchive } from './word-archive';

interface SourceFile {
  name: string;
  content_type: string;
  storage_key: string;
}

function documentTypeOf(contentType: string): DocumentType | undefined {
  return (Object.keys(DOCUMENT_CONTENT_TYPES) as DocumentType[]).find(
    (type) => DOCUMENT_CONTENT_TYPES[type] === contentType,
  );
}

/**
 * Makes a document of the session's console from a file the session's user uploaded in that
 * console: a PDF is checked, rewritten clean (`cleanPdf`) and ready at once; a DOC or DOCX
 * (a DOCX's ZIP checked first) waits for its conversion job. Gives the document's id — that of
 * the document already made from the file unless it failed. Throws `ApiError`: 404 for a file the
 * console's user did not upload there, 400 with the reason for a file that cannot become one.
 */
export async function createDocument(
  { database, storage }: Pick<AppContext, 'database' | 'storage'>,
  session: AccessClaims,
  fileId: string,
): Promise<string> {
  const ownFile = ownedByConsole('f', session, true);
  const [file] = await database.query<SourceFile>(
    `SELECT f.name, f.content_type, f.storage_key FROM files f WHERE f.id = $1 AND ${ownFile.where}`,
    [fileId, ...ownFile.params],
  );
  const type = file && documentTypeOf(file.content_type);
  if (!file || !type) throw new ApiError('notFound', 404);
  const owned = ownedByConsole('d', session);
  const [made] = await database.query<{ id: string }>(
    `SELECT d.id FROM documents d
     WHERE d.source_file_id = $1 AND d.status <> 'failed' AND ${owned.where}
     ORDER BY d.created_at LIMIT 1`,
    [fileId, ...owned.params],
  );
  if (made) return made.id;

  const id = randomUUID();
  const owner = [
    id,
    session.tenantId,
    session.userId,
    session.companyId === PERSONAL_CONSOLE_ID ? null : session.companyId,
    fileId,
    file.name,
  ];
  try {
    if (type === 'pdf') {
      const clean = await cleanPdf(await buffer(storage.get(file.storage_key)));
      // The upload stays as it came (`source_file_id` keeps it); parties see and sign this one.
      const pdfKey = `documents/${session.tenantId}/${id}.pdf`;
      await storage.put(pdfKey, Readable.from([Buffer.from(clean.pdf)]));
      try {
        await database.query(
          `INSERT INTO documents (id, tenant_id, user_id, company_id, source_file_id, name, status,
             pdf_storage_key, pdf_sha256, pdf_size, page_count, removed_content)
           VALUES ($1, $2, $3, $4, $5, $6, 'ready', $7, $8, $9, $10, $11)`,
          [
            ...owner,
            pdfKey,
            createHash('sha256').update(clean.pdf).digest('hex'),
            clean.pdf.byteLength,
            clean.pageCount,
            clean.removedContent,
          ],
        );
      } catch (error) {
        await storage.remove(pdfKey);
        throw error;
      }
      return id;
    }
    if (type === 'docx') await checkWordArchive(storage.get(file.storage_key));
  } catch (error) {
    if (error instanceof DocumentProblem) throw new ApiError(error.key);
    throw error;
  }
  await database.transaction(async (tx) => {
    const jobId = await enqueueJob(
      tx,
      CONVERSION_JOB,
      { documentId: id },
      { maxAttempts: CONVERSION_ATTEMPTS },
    );
    await tx.query(
      `INSERT INTO documents (id, tenant_id, user_id, company_id, source_file_id, name, status, job_id)
       VALUES ($1, $2, $3, $4, $5, $6, 'converting', $7)`,
      [...owner, jobId],
    );
  });
  return id;
}

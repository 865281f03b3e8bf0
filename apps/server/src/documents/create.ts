import { createHash, randomUUID } from 'node:crypto';
import { DOCUMENT_CONTENT_TYPES, PERSONAL_CONSOLE_ID, type DocumentType } from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { ApiError } from '../http/route';
import { enqueueJob } from '../jobs/queue';
import { ownedByConsole } from './console-documents';
import { CONVERSION_JOB, CONVERSION_ATTEMPTS } from './conversion-job';
import { checkPdf } from './pdf-check';
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

/** A stored file's bytes, and their SHA-256. */
async function readStored(
  storage: AppContext['storage'],
  key: string,
): Promise<{ bytes: Buffer; sha256: string }> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  for await (const chunk of storage.get(key) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks), sha256: hash.digest('hex') };
}

/**
 * Makes a document of the session's console from a file the session's user uploaded in that
 * console: a PDF is checked and ready at once (its PDF is the uploaded file); a DOC or DOCX
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
      const { bytes, sha256 } = await readStored(storage, file.storage_key);
      const { pageCount } = await checkPdf(bytes);
      // The uploaded file is the document's PDF: `source_file_id` keeps it from being deleted.
      await database.query(
        `INSERT INTO documents (id, tenant_id, user_id, company_id, source_file_id, name, status,
           pdf_storage_key, pdf_sha256, pdf_size, page_count)
         VALUES ($1, $2, $3, $4, $5, $6, 'ready', $7, $8, $9, $10)`,
        [...owner, file.storage_key, sha256, bytes.length, pageCount],
      );
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

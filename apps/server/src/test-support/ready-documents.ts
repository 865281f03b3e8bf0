import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DEFAULT_TENANT_ID } from '@esign/platform';
import { PDFDocument, degrees } from 'pdf-lib';
import type { Database } from '../db';
import { localStorage } from '../storage';

/** A page of a test PDF: its MediaBox size, and optionally a /Rotate and a CropBox. */
export interface TestPdfPage {
  width: number;
  height: number;
  rotate?: 0 | 90 | 180 | 270;
  crop?: { x: number; y: number; width: number; height: number };
}

/** A PDF made with pdf-lib, its pages of the given sizes (A4 portrait by default). */
export async function makePdf(pages: TestPdfPage[] = [{ width: 595.28, height: 841.89 }]) {
  const pdf = await PDFDocument.create();
  for (const spec of pages) {
    const page = pdf.addPage([spec.width, spec.height]);
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
    if (spec.crop) page.setCropBox(spec.crop.x, spec.crop.y, spec.crop.width, spec.crop.height);
  }
  return pdf.save();
}

export interface TestDocument {
  /** The console's tenant; 000000 by default. */
  tenantId?: string;
  /** The uploader. */
  userId: number;
  /** The company whose console holds it; none for a personal document. */
  companyId?: number;
  pages?: TestPdfPage[];
  status?: 'ready' | 'converting';
}

/**
 * A document as documents/ makes one from an upload: the uploaded file's row, the document's row
 * and, when ready, its PDF in storage (the test server's `files` directory). Gives its id.
 */
export async function addDocument(
  database: Database,
  files: string,
  { tenantId = DEFAULT_TENANT_ID, userId, companyId, pages, status = 'ready' }: TestDocument,
): Promise<string> {
  const bytes = await makePdf(pages);
  const fileId = randomUUID();
  const id = randomUUID();
  const storage = localStorage(files);
  const uploadKey = `uploads/${tenantId}/${fileId}`;
  const pdfKey = `documents/${tenantId}/${id}.pdf`;
  await storage.put(uploadKey, Readable.from([Buffer.from(bytes)]));
  await storage.put(pdfKey, Readable.from([Buffer.from(bytes)]));
  await database.query(
    `INSERT INTO files (id, tenant_id, user_id, company_id, name, content_type, size, storage_key)
     VALUES ($1, $2, $3, $4, 'contract.pdf', 'application/pdf', $5, $6)`,
    [fileId, tenantId, userId, companyId ?? null, bytes.length, uploadKey],
  );
  const ready = status === 'ready';
  await database.query(
    `INSERT INTO documents (id, tenant_id, user_id, company_id, source_file_id, name, status,
       pdf_storage_key, pdf_sha256, pdf_size, page_count)
     VALUES ($1, $2, $3, $4, $5, 'contract.pdf', $6, $7, $8, $9, $10)`,
    [
      id,
      tenantId,
      userId,
      companyId ?? null,
      fileId,
      status,
      ready ? pdfKey : null,
      ready ? createHash('sha256').update(bytes).digest('hex') : null,
      ready ? bytes.length : null,
      ready ? (pages?.length ?? 1) : null,
    ],
  );
  return id;
}

/**
 * A contract's PDF as it stands (migration 13, `contract_files`): version 0 is the filled document
 * — the contract's document with the parties' values written by the editor's
 * `renderContractPdf`, values only, no seal — stored at the first signature; every signature then
 * appends one incremental update to the latest version (signing/), stored as the next version.
 * Before the first signature nothing is stored: the parties may still be filling in, so the filled
 * document is rendered afresh from the values as they stand whenever it is read. Links to it are
 * tickets signed with the server's key (`contractPdfTicket`).
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  CONTRACT_PDF_LINK_TTL_S,
  apiPath,
  message,
  type Locale,
  type TemplateParty,
} from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db';
import { readyDocumentOf } from '../documents/console-documents';
import { PdfError, renderContractPdf, type ContractFonts } from '../editor-pdf';
import { ApiError } from '../http/route';
import { keyedHash } from '../keyed-hash';
import type { Storage } from '../storage';

type Sql = Pick<Queryable, 'query'>;

/** One stored version of a contract's PDF. */
export interface ContractFile {
  contractId: number;
  version: number;
  storageKey: string;
  sha256: string;
  size: number;
  /** The party whose signature made it; null for version 0, the filled document. */
  party: TemplateParty | null;
  createdAt: Date;
}

interface ContractFileRow {
  contract_id: string | number;
  version: number;
  storage_key: string;
  sha256: string;
  size: string | number;
  party: TemplateParty | null;
  created_at: Date | string;
}

const fileOf = (row: ContractFileRow): ContractFile => ({
  contractId: Number(row.contract_id),
  version: Number(row.version),
  storageKey: row.storage_key,
  sha256: row.sha256,
  size: Number(row.size),
  party: row.party,
  createdAt: new Date(row.created_at),
});

/** The latest stored version of a contract's PDF; null before the first signature. */
export async function latestContractFile(
  sql: Sql,
  contractId: number,
): Promise<ContractFile | null> {
  const [row] = await sql.query<ContractFileRow>(
    `SELECT contract_id, version, storage_key, sha256, size, party, created_at FROM contract_files
     WHERE contract_id = $1 ORDER BY version DESC LIMIT 1`,
    [contractId],
  );
  return row ? fileOf(row) : null;
}

/** A stored version of a contract's PDF, or null. */
export async function contractFileVersion(
  sql: Sql,
  contractId: number,
  version: number,
): Promise<ContractFile | null> {
  const [row] = await sql.query<ContractFileRow>(
    `SELECT contract_id, version, storage_key, sha256, size, party, created_at FROM contract_files
     WHERE contract_id = $1 AND version = $2`,
    [contractId, version],
  );
  return row ? fileOf(row) : null;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The bytes of a stored version. One whose file storage does not have (written by a process with
 * another DATA_DIR, or lost) can be neither shown nor signed: the editor's `PdfError`
 * 'fetch-failed' (422 'contractPdfUnwritable' through `pdfFailure`), and the log names the file.
 */
export async function readContractFile(
  storage: Storage,
  file: ContractFile,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<Uint8Array> {
  try {
    return new Uint8Array(await buffer(storage.get(file.storageKey)));
  } catch (error) {
    if (!isMissing(error)) throw error;
    log.error(
      { contractId: file.contractId, version: file.version, storageKey: file.storageKey },
      'a stored version of a contract PDF is missing from storage',
    );
    throw new PdfError('fetch-failed', `version ${file.version}`, { cause: error });
  }
}

/** What a new version is: its bytes and, for a signature, whose it is. */
export interface NewContractFile {
  tenantId: string;
  contractId: number;
  version: number;
  pdf: Uint8Array;
  sha256: string;
  party?: TemplateParty;
  signedBy?: number;
  certificateSerial?: string;
}

/**
 * Writes a new version to storage and records it in the caller's transaction. The key is new for
 * every write, so a transaction that rolls back leaves at worst an unreferenced file, never a
 * changed one. Two writers of the same version: the second fails on the primary key.
 */
export async function storeContractFile(
  tx: Sql,
  storage: Storage,
  file: NewContractFile,
): Promise<ContractFile> {
  const storageKey = `contracts/${file.tenantId}/${file.contractId}/v${file.version}-${randomUUID()}.pdf`;
  await storage.put(storageKey, Readable.from([Buffer.from(file.pdf)]));
  const [row] = await tx.query<ContractFileRow>(
    `INSERT INTO contract_files (contract_id, version, storage_key, sha256, size, party, signed_by,
       certificate_serial)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING contract_id, version, storage_key, sha256, size, party, created_at`,
    [
      file.contractId,
      file.version,
      storageKey,
      file.sha256,
      file.pdf.byteLength,
      file.party ?? null,
      file.signedBy ?? null,
      file.certificateSerial ?? null,
    ],
  );
  return fileOf(row!);
}

const resolve = createRequire(import.meta.url).resolve;

/**
 * The faces contract text is written in (see the editor's `fonts.ts`): Noto Serif SC for Song and
 * new Song, Noto Sans SC for Hei, LXGW WenKai for Kai, all under the SIL Open Font License.
 */
const FONT_FILES = {
  serif: '@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf',
  sans: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  kai: '@fontsource/lxgw-wenkai/files/lxgw-wenkai-latin-500-normal.woff',
} as const;

let fonts: Promise<ContractFonts> | undefined;

/**
 * The fonts, read once per process (about 30 MB) the first time a contract is rendered (or an
 * evidence report written: evidence-reports/ sets its text in the same Noto Sans SC).
 */
export function contractFonts(): Promise<ContractFonts> {
  fonts ??= (async () => {
    const [serif, sans, kai] = await Promise.all(
      [FONT_FILES.serif, FONT_FILES.sans, FONT_FILES.kai].map(
        async (file) => new Uint8Array(await readFile(resolve(file))),
      ),
    );
    return { NSimSun: serif!, SimSun: serif!, SimHei: sans!, KaiTi: kai! };
  })();
  fonts.catch(() => (fonts = undefined));
  return fonts;
}

/** What rendering the filled document needs of the contract. */
export interface FilledContract {
  tenant_id: string;
  document_id: string | null;
  project: TemplateProject;
}

/**
 * The filled document: the contract's document with every field's value as the contract holds it
 * (`value` in its project snapshot; a field nobody filled stays empty, never showing the
 * template's sample text), signature fields and seals left empty for the signatures to stamp.
 * Throws the editor's `PdfError` for a document or a value that cannot be written.
 */
export async function renderFilledDocument(
  sql: Sql,
  storage: Storage,
  contract: FilledContract,
): Promise<Uint8Array> {
  const document = contract.document_id
    ? await readyDocumentOf(sql, contract.tenant_id, contract.document_id)
    : null;
  // Never blank pages in place of a document that went missing.
  if (contract.document_id && !document) throw new PdfError('fetch-failed', 'contract document');
  let basePdf: Uint8Array | undefined;
  try {
    basePdf = document ? new Uint8Array(await buffer(storage.get(document.storageKey))) : undefined;
  } catch (error) {
    if (isMissing(error)) throw new PdfError('fetch-failed', 'contract document', { cause: error });
    throw error;
  }
  const values: Record<string, string> = {};
  for (const page of contract.project.pages) {
    for (const element of page.elements) {
      if (element.elName === 'seal') continue;
      values[element.uuid] = element.elName === 'signature' ? '' : (element.value ?? '');
    }
  }
  return renderContractPdf({
    project: contract.project,
    ...(basePdf ? { basePdf } : {}),
    values,
    seals: {},
    fonts: await contractFonts(),
  });
}

/**
 * Refuses (422, `pdfFailure`) a contract whose filled document cannot be written: a value too long
 * for its box even at the smallest font size, a document gone missing. Contract/create and
 * contract/write call it with the values about to be stored, so that no contract is left that
 * nobody can sign.
 */
export async function requireWritable(
  sql: Sql,
  storage: Storage,
  locale: Locale,
  contract: FilledContract,
): Promise<void> {
  try {
    await renderFilledDocument(sql, storage, contract);
  } catch (error) {
    if (error instanceof PdfError) throw pdfFailure(error, locale);
    throw error;
  }
}

/** A PDF the editor's writer or the signer cannot write, as the user's message. */
export function pdfFailure(error: PdfError, locale: Locale): ApiError {
  const reason = error.messages[locale];
  return new ApiError(
    'contractPdfUnwritable',
    422,
    422,
    { reason: error.code },
    `${message('contractPdfUnwritable', locale)}${locale === 'zh' ? '：' : ': '}${reason}${
      error.detail ? ` (${error.detail})` : ''
    }`,
  );
}

/** SHA-256 of bytes, lower-case hex. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Whether a link shows the PDF or saves it. */
export type Disposition = 'inline' | 'attachment';

const linkMac = (
  key: Uint8Array,
  contractId: number,
  version: number,
  disposition: Disposition,
  expires: number,
  nonce: string | undefined,
) =>
  keyedHash(
    key,
    'contract-pdf-link',
    String(contractId),
    String(version),
    disposition,
    String(expires),
    ...(nonce === undefined ? [] : [nonce]),
  );

/**
 * The ticket of a link to contract/nologin/pdf: `contract.version.i|a.expires.nonce.mac`, the MAC
 * being the server's HMAC of the rest (no database row), checked by `readContractPdfTicket`. The
 * random nonce makes each ticket its own: two people asking for a download link of one version in
 * the same second get two links, each usable once (without it they got one, and the second to
 * open it was told it was used).
 */
export function contractPdfTicket(
  key: Uint8Array,
  contractId: number,
  version: number,
  disposition: Disposition,
): { ticket: string; expires: number } {
  const expires = Math.floor(Date.now() / 1000) + CONTRACT_PDF_LINK_TTL_S;
  const nonce = randomBytes(9).toString('base64url');
  const mac = linkMac(key, contractId, version, disposition, expires, nonce);
  return {
    ticket: `${contractId}.${version}.${disposition[0]}.${expires}.${nonce}.${mac}`,
    expires,
  };
}

/**
 * A ticket's contract, version, disposition, expiry (Unix seconds) and MAC (which names the ticket
 * in `spent_download_tickets`): 404 for a forged ticket, 410 once expired.
 */
export function readContractPdfTicket(
  key: Uint8Array,
  ticket: string,
): { contractId: number; version: number; disposition: Disposition; expires: number; mac: string } {
  const parts = ticket.split('.');
  // Five parts: a ticket issued before tickets had a nonce (a rolling upgrade), still valid for
  // its few minutes.
  const [id, version, d, expires] = parts as [string, string, string, string];
  const nonce = parts.length === 6 ? parts[4] : undefined;
  const mac = parts.at(-1) ?? '';
  const disposition: Disposition = d === 'a' ? 'attachment' : 'inline';
  const expected = Buffer.from(
    linkMac(key, Number(id), Number(version), disposition, Number(expires), nonce),
  );
  const given = Buffer.from(mac);
  // A ticket the server did not sign names nothing: as if the contract did not exist.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ApiError('notFound', 404);
  }
  if (Number(expires) * 1000 < Date.now()) throw new ApiError('downloadLinkExpired', 410);
  return {
    contractId: Number(id),
    version: Number(version),
    disposition,
    expires: Number(expires),
    mac,
  };
}

/**
 * A link to view a stored version of the contract's PDF, as contract/detail gives it (the same
 * shape as a template document's `signedPdfLink`). Not audited: detail is not a view of the PDF.
 */
export function contractVersionLink(
  key: Uint8Array,
  contractId: number,
  version: number,
): { pdfLink: string; pdfLinkExpiresAt: string } {
  const { ticket, expires } = contractPdfTicket(key, contractId, version, 'inline');
  return {
    pdfLink: `${apiPath('contractPdf')}?ticket=${ticket}`,
    pdfLinkExpiresAt: new Date(expires * 1000).toISOString(),
  };
}

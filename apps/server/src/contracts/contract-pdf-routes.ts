/**
 * Reading a contract's PDF as it stands (`contract-pdf.ts`): contract/getLink (to view) and
 * getDownloadTicket (to save) answer a short-lived link to contract/nologin/pdf, whose ticket —
 * the contract, the version, inline or attachment, the expiry, and the server's HMAC of them — is
 * the only right it needs (pdf.js and a browser's download send no session). A download link
 * serves once (`spent_download_tickets`); a view link serves until it expires. contract/signatures
 * verifies the signatures of the latest version as a reader does (`verifyContractPdf`).
 *
 * Who may: the initiator's console, a party's console, a copy recipient (as contract/detail);
 * anyone else gets 404. Both link calls go into the audit trail: every download, and a view once
 * per user and contract in `VIEW_AUDIT_INTERVAL_MS` (a viewer reopening the PDF, or the web app
 * asking again for a fresh link, is one view, not dozens).
 */
import {
  PATHS,
  PERSONAL_CONSOLE_ID,
  apiPath,
  contractDownloadQuery,
  contractPdfQuery,
  contractQuery,
  type ContractPdfLink,
  type Locale,
  type ContractSignatureView,
  type ContractSignatures,
  type TemplateParty,
} from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor/core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { appendAudit } from '../audit/audit-trail';
import type { AccessClaims } from '../auth/tokens';
import { sessionConsole } from '../companies/console';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { PdfError } from '../editor-pdf';
import { contentDisposition } from '../http/content-disposition';
import { ApiError, route } from '../http/route';
import { platformAuthority, verifyContractPdf } from '../signing';
import type { Storage } from '../storage';
import {
  pdfFailure,
  contractPdfTicket,
  contractFileVersion,
  readContractPdfTicket,
  type Disposition,
  latestContractFile,
  readContractFile,
  renderFilledDocument,
  sha256Of,
} from './contract-pdf';
import { seenBy } from './detail';
import { unseenContract } from './other-console';
import { SIGN_EXAMPLES } from './sign-examples';
import { signatureWords } from './signature-words';

/** A user viewing a contract's PDF again within this time adds no 'view' entry to the trail. */
export const VIEW_AUDIT_INTERVAL_MS = 10 * 60 * 1000;

export interface VisibleContract {
  id: number;
  tenant_id: string;
  number: string;
  name: string;
  document_id: string | null;
  project: TemplateProject;
}

/**
 * The contract if the session may read it (contract/detail's rule, `seenBy`), else 404 (or 403
 * `contractInOtherConsole` for its user's other console, `unseenContract`).
 */
export async function readableContract(
  database: Database,
  session: AccessClaims,
  id: number,
): Promise<VisibleContract> {
  await sessionConsole(database, session);
  const seen = seenBy(session);
  const [row] = await database.query<VisibleContract>(
    `SELECT c.id, c.tenant_id, c.number, c.name, c.document_id, c.project FROM contracts c
     WHERE c.id = $4 AND (${seen.where})`,
    [...seen.params, id],
  );
  if (!row) throw await unseenContract(database, session, id);
  return { ...row, id: Number(row.id) };
}

/**
 * The PDF as it stands: the latest stored version, or the filled document rendered now. One that
 * cannot be read or written is refused with 422 'contractPdfUnwritable'.
 */
export async function currentPdf(
  database: Database,
  storage: Storage,
  locale: Locale,
  log: FastifyBaseLogger,
  contract: VisibleContract,
  version?: number,
): Promise<{ version: number; pdf: Uint8Array }> {
  const file =
    version === undefined
      ? await latestContractFile(database, contract.id)
      : await contractFileVersion(database, contract.id, version);
  if (!file && version !== undefined && version !== 0) throw new ApiError('notFound', 404);
  try {
    return file
      ? { version: file.version, pdf: await readContractFile(storage, file, log) }
      : { version: 0, pdf: await renderFilledDocument(database, storage, contract) };
  } catch (error) {
    if (error instanceof PdfError) throw pdfFailure(error, locale);
    throw error;
  }
}

/** The name a contract's PDF is saved under: its name and number. */
export function contractFileName(contract: Pick<VisibleContract, 'name' | 'number'>): string {
  return `${contract.name.replace(/[/\\]/g, '_')} ${contract.number}.pdf`;
}

/** pdfsig's signing time (e.g. `Nov 24 2026 06:30:00`, in UTC here) as ISO 8601, or null. */
function signingTimeOf(text: string): string | null {
  const at = Date.parse(`${text} UTC`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/**
 * Marks a download ticket used; refuses (410 'This download link has already been used') one used
 * before. The row lives until the ticket expires (after that its expiry refuses it anyway); each
 * call clears the rows past their expiry, which the index on `expires_at` keeps cheap.
 */
export async function spendDownloadTicket(
  database: Database,
  mac: string,
  expires: number,
): Promise<void> {
  await database.query('DELETE FROM spent_download_tickets WHERE expires_at < now()');
  const spent = await database.query(
    `INSERT INTO spent_download_tickets (mac, expires_at) VALUES ($1, to_timestamp($2))
     ON CONFLICT (mac) DO NOTHING RETURNING 1`,
    [mac, expires],
  );
  if (spent.length === 0) throw new ApiError('downloadLinkUsed', 410);
}

/** contract/getLink, getDownloadTicket, nologin/pdf and signatures. */
export function contractPdfRoutes(app: FastifyInstance, context: AppContext): void {
  const { database, storage, key } = context;

  /** A link to the PDF as it stands, with its audit entry. */
  async function linkFor(
    session: AccessClaims,
    locale: Locale,
    log: FastifyBaseLogger,
    ip: string,
    id: number,
    disposition: Disposition,
  ): Promise<ContractPdfLink> {
    const contract = await readableContract(database, session, id);
    const { version, pdf } = await currentPdf(database, storage, locale, log, contract);
    const sha256 = sha256Of(pdf);
    const action = disposition === 'inline' ? 'view' : 'download';
    await database.transaction(async (tx) => {
      // Holds the contract's row (as appendAudit would), so that two views at once add one entry.
      await tx.query('SELECT 1 FROM contracts WHERE id = $1 FOR NO KEY UPDATE', [id]);
      if (action === 'view') {
        const [recent] = await tx.query(
          `SELECT 1 FROM audit_entries WHERE contract_id = $1 AND action = 'view'
             AND actor_user_id = $2 AND at > now() - make_interval(secs => $3) LIMIT 1`,
          [id, session.userId, VIEW_AUDIT_INTERVAL_MS / 1000],
        );
        if (recent) return;
      }
      await appendAudit(tx, {
        tenantId: session.tenantId,
        contractId: id,
        action,
        actorUserId: Number(session.userId),
        companyId: session.companyId === PERSONAL_CONSOLE_ID ? null : Number(session.companyId),
        ip,
        documentSha256: sha256,
        details: { version },
      });
    });
    const { ticket, expires } = contractPdfTicket(key, id, version, disposition);
    return {
      link: `${apiPath('contractPdf')}?ticket=${ticket}`,
      expiresAt: new Date(expires * 1000).toISOString(),
      sha256,
      fileName: contractFileName(contract),
    };
  }

  route(app, context, {
    method: 'GET',
    path: PATHS.contractLink,
    example: SIGN_EXAMPLES.link,
    summary:
      'A 5-minute link to view the contract’s PDF as it stands (the latest signed version; before the first signature, the document with the values filled in so far); one audit entry per viewer in 10 minutes',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    query: contractQuery,
    handler: ({ session, locale, query, request }): Promise<ContractPdfLink> =>
      linkFor(session, locale, request.log, request.ip, query.id, 'inline'),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.contractDownloadTicket,
    example: SIGN_EXAMPLES.downloadTicket,
    summary:
      'A 5-minute, single-use link to download the contract’s PDF as it stands (saved as an attachment; one contract at a time: several go as one ZIP through getZipTicket); every download is in the audit trail',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    query: contractDownloadQuery,
    handler: ({ session, locale, query, request }): Promise<ContractPdfLink> =>
      linkFor(session, locale, request.log, request.ip, query.id, 'attachment'),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.contractPdf,
    example: SIGN_EXAMPLES.pdf,
    summary:
      'The contract’s PDF a link of getLink or getDownloadTicket points at (no session: the ticket is the right; it works for 5 minutes, and a getDownloadTicket link once: 410 when used again)',
    tag: 'sicpay-contract',
    permission: 'public',
    query: contractPdfQuery,
    handler: async ({ query, request, reply, locale }) => {
      const { contractId, version, disposition, expires, mac } = readContractPdfTicket(
        key,
        query.ticket,
      );
      const [contract] = await database.query<VisibleContract>(
        'SELECT id, tenant_id, number, name, document_id, project FROM contracts WHERE id = $1',
        [contractId],
      );
      if (!contract) throw new ApiError('notFound', 404);
      contract.id = Number(contract.id);
      const { pdf } = await currentPdf(database, storage, locale, request.log, contract, version);
      // A download link (getDownloadTicket) serves once; a view link (getLink, detail) serves
      // pdf.js's requests until it expires. Spent only once the PDF is ready to go, and never
      // by a HEAD request, which downloads nothing.
      if (disposition === 'attachment' && request.method !== 'HEAD') {
        await spendDownloadTicket(database, mac, expires);
      }
      return reply
        .type('application/pdf')
        .header('content-length', String(pdf.byteLength))
        .header('content-disposition', contentDisposition(disposition, contractFileName(contract)))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.contractSignatures,
    example: SIGN_EXAMPLES.signatures,
    summary:
      'The digital signatures of the contract’s PDF as it stands, each verified as poppler’s pdfsig does with the platform’s authority trusted, with the party that made it',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    query: contractQuery,
    handler: async ({ session, locale, query, request }): Promise<ContractSignatures> => {
      const contract = await readableContract(database, session, query.id);
      const file = await latestContractFile(database, contract.id);
      if (!file) {
        // Nothing signed yet: the PDF as it stands is the filled document, which nobody vouches for.
        const { pdf } = await currentPdf(database, storage, locale, request.log, contract);
        return { sha256: sha256Of(pdf), signatures: [], intact: false };
      }
      const pdf = await readContractFile(storage, file, request.log).catch((error: unknown) => {
        throw error instanceof PdfError ? pdfFailure(error, locale) : error;
      });
      const [verified, signs, authority] = await Promise.all([
        verifyContractPdf(database, pdf),
        database.query<{ party: TemplateParty | null }>(
          `SELECT details->>'party' AS party FROM audit_entries
           WHERE contract_id = $1 AND action = 'sign' ORDER BY seq`,
          [contract.id],
        ),
        platformAuthority(database),
      ]);
      const issuer = authority.certificate.subject.attributes
        .map((attribute) => `${attribute.shortName}=${String(attribute.value)}`)
        .join(',');
      const signatures: ContractSignatureView[] = verified.map((signature, index) => ({
        index: index + 1,
        signerName: signature.signer,
        // Each signature appends to the one before: the n-th in the file is the n-th signing.
        party: signs[index]?.party ?? null,
        signedAt: signingTimeOf(signature.signingTime),
        certificateSubject: signature.certificateSubject,
        certificateIssuer: issuer,
        valid: signature.valid && signature.trusted,
        coversWholeDocument: signature.coversWholeDocument,
        detail: signatureWords(signature, issuer, locale),
      }));
      return {
        sha256: file.sha256,
        signatures,
        intact:
          signatures.length > 0 &&
          signatures.every((signature) => signature.valid) &&
          signatures.at(-1)!.coversWholeDocument,
      };
    },
  });
}

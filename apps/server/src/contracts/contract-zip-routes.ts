/**
 * Several contracts as one ZIP (issue 30): contract/getZipTicket checks every contract of a
 * selection as contract/getDownloadTicket checks one (`readableContract`: never a contract the
 * session may not read, never another tenant's), records a download of each in its audit trail
 * and answers a single-use, 5-minute link to contract/nologin/zip, which streams the ZIP: each PDF
 * flows from storage into the archive as the client reads it (yazl, stored without recompressing),
 * so the archive is never held whole in memory. See contracts/CONTEXT.md for why this is a call of
 * its own rather than several ids on getDownloadTicket.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ACCOUNT_CLOSING_EXAMPLES,
  CONTRACT_PDF_LINK_TTL_S,
  PATHS,
  PERSONAL_CONSOLE_ID,
  apiPath,
  contractZipBody,
  contractZipQuery,
  type ContractZipLink,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { ZipFile } from 'yazl';
import { appendAudit } from '../audit/audit-trail';
import type { AppContext } from '../context';
import { PdfError } from '../editor-pdf';
import { contentDisposition } from '../http/content-disposition';
import { ApiError, route } from '../http/route';
import {
  contractFileVersion,
  latestContractFile,
  pdfFailure,
  renderFilledDocument,
  sha256Of,
} from './contract-pdf';
import {
  contractFileName,
  currentPdf,
  readableContract,
  type VisibleContract,
} from './contract-pdf-routes';

/** What a ZIP ticket holds of each contract: which version goes in, under which name. */
interface ZipEntry {
  id: number;
  version: number;
  fileName: string;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** `name.pdf`, or `name (2).pdf` when the ZIP already holds that name. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    candidate = name.replace(/\.pdf$/, ` (${n}).pdf`);
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** The ZIP's own name: contracts-20261124-083000.zip (UTC). */
function zipName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `contracts-${stamp}.zip`;
}

/** contract/getZipTicket and contract/nologin/zip. */
export function contractZipRoutes(app: FastifyInstance, context: AppContext): void {
  const { database, storage } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.contractZipTicket,
    example: ACCOUNT_CLOSING_EXAMPLES.contractZipTicket,
    summary:
      'A 5-minute, single-use link to one ZIP of several contracts’ PDFs as they stand (a list’s selection, at most 100); each contract must be one the session may read (else 404, or 403 naming the console that holds it) and each download is in its audit trail',
    tag: 'sicpay-contract',
    permission: 'signedIn',
    body: contractZipBody,
    handler: async ({ session, locale, body, request }): Promise<ContractZipLink> => {
      const ids = [...new Set(body.ids)];
      // Every contract is checked before anything is recorded: one refused refuses the ZIP.
      const contracts: VisibleContract[] = [];
      for (const id of ids) contracts.push(await readableContract(database, session, id));
      const taken = new Set<string>();
      const entries: (ZipEntry & { sha256: string })[] = [];
      for (const contract of contracts) {
        const file = await latestContractFile(database, contract.id);
        // Nothing signed yet: the filled document, rendered now for its hash and again for the ZIP.
        const sha256 = file
          ? file.sha256
          : sha256Of((await currentPdf(database, storage, locale, request.log, contract)).pdf);
        entries.push({
          id: contract.id,
          version: file?.version ?? 0,
          fileName: uniqueName(contractFileName(contract), taken),
          sha256,
        });
      }
      const token = randomBytes(32).toString('hex');
      const now = new Date();
      const expiresAt = new Date(now.getTime() + CONTRACT_PDF_LINK_TTL_S * 1000);
      await database.transaction(async (tx) => {
        for (const entry of entries) {
          await appendAudit(tx, {
            tenantId: session.tenantId,
            contractId: entry.id,
            action: 'download',
            actorUserId: Number(session.userId),
            companyId: session.companyId === PERSONAL_CONSOLE_ID ? null : Number(session.companyId),
            ip: request.ip,
            documentSha256: entry.sha256,
            details: { version: entry.version, zip: true },
          });
        }
        await tx.query(
          `INSERT INTO contract_zip_tickets
             (token_hash, tenant_id, user_id, contracts, expires_at, created_at)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            tokenHash(token),
            session.tenantId,
            session.userId,
            JSON.stringify(entries.map(({ id, version, fileName }) => ({ id, version, fileName }))),
            expiresAt,
            now,
          ],
        );
        await tx.query(
          "DELETE FROM contract_zip_tickets WHERE expires_at < now() - interval '1 day'",
        );
      });
      return {
        link: `${apiPath('contractZip')}?ticket=${token}`,
        expiresAt: expiresAt.toISOString(),
        fileName: zipName(now),
        contracts: entries.map(({ id, fileName, sha256 }) => ({ id, fileName, sha256 })),
      };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.contractZip,
    example: ACCOUNT_CLOSING_EXAMPLES.contractZip,
    summary:
      'The ZIP a link of getZipTicket points at, streamed (no session: the ticket is the right; it works once, for 5 minutes: 410 when used again or expired)',
    tag: 'sicpay-contract',
    permission: 'public',
    query: contractZipQuery,
    handler: async ({ query, request, reply }) => {
      const hash = tokenHash(query.ticket);
      // A HEAD request downloads nothing: it learns the headers without spending the ticket.
      const [ticket] = await database.query<{
        tenant_id: string;
        contracts: ZipEntry[] | string;
        created_at: Date;
      }>(
        request.method === 'HEAD'
          ? `SELECT tenant_id, contracts, created_at FROM contract_zip_tickets
             WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`
          : `UPDATE contract_zip_tickets SET used_at = now()
             WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
             RETURNING tenant_id, contracts, created_at`,
        [hash],
      );
      if (!ticket) {
        const [known] = await database.query<{ used_at: Date | null }>(
          'SELECT used_at FROM contract_zip_tickets WHERE token_hash = $1',
          [hash],
        );
        if (!known) throw new ApiError('notFound', 404);
        throw new ApiError(known.used_at ? 'downloadLinkUsed' : 'downloadLinkExpired', 410);
      }
      reply
        .type('application/zip')
        .header(
          'content-disposition',
          contentDisposition('attachment', zipName(new Date(ticket.created_at))),
        )
        .header('cache-control', 'private, no-store');
      if (request.method === 'HEAD') return reply.send('');
      const entries = (
        typeof ticket.contracts === 'string' ? JSON.parse(ticket.contracts) : ticket.contracts
      ) as ZipEntry[];
      const zip = new ZipFile();
      for (const entry of entries) {
        const file =
          entry.version > 0 ? await contractFileVersion(database, entry.id, entry.version) : null;
        if (entry.version > 0 && !file) throw new ApiError('notFound', 404);
        // Each PDF is opened only when the archive reaches it, and flows through.
        zip.addReadStreamLazy(
          entry.fileName,
          { compress: false, mtime: file?.createdAt ?? new Date(ticket.created_at) },
          (done) => {
            if (file) return done(null, storage.get(file.storageKey));
            void renderEntry(entry.id, ticket.tenant_id).then(
              (pdf) => done(null, Readable.from([Buffer.from(pdf)])),
              (error: unknown) => done(error as Error, undefined as never),
            );
          },
        );
      }
      zip.end();
      const output = zip.outputStream as Readable;
      zip.on('error', (error: unknown) => {
        // Headers are gone by now: the client sees a cut-off download, the log says why.
        request.log.error({ err: error }, 'a contract ZIP could not be completed');
        output.destroy(error as Error);
      });
      return reply.send(output);
    },
  });

  /** The filled document of a contract nobody signed yet, as getDownloadTicket renders it. */
  async function renderEntry(contractId: number, tenantId: string): Promise<Uint8Array> {
    const [contract] = await database.query<VisibleContract>(
      `SELECT id, tenant_id, number, name, document_id, project FROM contracts
       WHERE id = $1 AND tenant_id = $2`,
      [contractId, tenantId],
    );
    if (!contract) throw new Error(`contract ${contractId} is gone`);
    try {
      return await renderFilledDocument(database, storage, contract);
    } catch (error) {
      throw error instanceof PdfError ? pdfFailure(error, 'en') : error;
    }
  }
}

/**
 * The contract archive's calls (issue 30; see CONTEXT.md): categories (contractclassify), the
 * completed contracts filed in them (contractclassifyrefarchive, with the evidence download) and
 * the members' rights on them (contractClassifyAuth).
 */
import {
  CONTRACT_ARCHIVE_EXAMPLES,
  PATHS,
  PERSONAL_CONSOLE_ID,
  archiveCategoryPageQuery,
  archiveEvidenceQuery,
  archiveFileBody,
  archiveGrantableMembersQuery,
  archivePageQuery,
  archiveUnfileBody,
  type ArchiveCategory,
  type ArchivePage,
  type CategoryRight,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { appendAudit } from '../audit/audit-trail';
import type { AccessClaims } from '../auth/tokens';
import { categoryRoutes } from '../categories/routes';
import type { AppContext } from '../context';
import { contractAttestation } from '../contracts/attestation';
import { latestContractFile, pdfFailure, readContractFile } from '../contracts/contract-pdf';
import { contractFileName, readableContract } from '../contracts/contract-pdf-routes';
import { consoleContractRows } from '../contracts/console-contracts';
import { PdfError } from '../editor-pdf';
import { contentDisposition } from '../http/content-disposition';
import { ApiError, route } from '../http/route';
import { SqlParams } from '../templates/access';
import {
  archiveActor,
  archiveRightSql,
  archiveScope,
  findArchiveCategory,
  requireKeeper,
  type ArchiveActor,
} from './access';
import { evidenceText } from './evidence';
import { listArchive } from './list';

const TAG = 'sicpay-contract';

export async function contractArchiveRoutes(
  app: FastifyInstance,
  context: AppContext,
): Promise<void> {
  const { database, storage } = context;
  const actorOf = (session: AccessClaims) => archiveActor(database, session);

  /** A category of the console that only its keeper changes: 404 elsewhere, 403 otherwise. */
  const keptCategory = async (actor: ArchiveActor, id: number) => {
    requireKeeper(actor);
    return findArchiveCategory(database, actor, id, 'manage');
  };

  /**
   * The console's contracts among `ids` with where each is filed: 404 when one is not the
   * console's, 400 'Only completed contracts can be filed' (data.ids) when one is not completed,
   * 403 when one sits in a category the actor does not manage.
   */
  const managedContracts = async (actor: ArchiveActor, ids: number[]) => {
    const unique = [...new Set(ids)];
    const visible = consoleContractRows(actor.session, actor.keys);
    const params = new SqlParams();
    for (const value of visible.params) params.add(value);
    const key = params.add(actor.consoleKey);
    const list = params.add(unique);
    const rows = await database.query<{
      id: string | number;
      status: string;
      category_id: string | number | null;
      access: CategoryRight | null;
    }>(
      `SELECT c.id, c.status, f.category_id,
         CASE WHEN f.category_id IS NULL THEN 'manage'
           ELSE ${archiveRightSql(actor, params, 'f.category_id')} END AS access
       FROM contracts c LEFT JOIN contract_archive_filings f
         ON f.tenant_id = c.tenant_id AND f.console_key = ${key} AND f.contract_id = c.id
       WHERE c.id = ANY(${list}::bigint[]) AND (${visible.where})`,
      params.values,
    );
    if (rows.length !== unique.length) throw new ApiError('notFound', 404);
    const open = rows.filter((row) => row.status !== 'completed').map((row) => String(row.id));
    if (open.length > 0) {
      throw new ApiError('archiveOnlyCompleted', 400, 400, { ids: open });
    }
    if (rows.some((row) => row.access !== 'manage')) throw new ApiError('noPermission', 403);
    return unique;
  };

  categoryRoutes<ArchiveActor, ArchiveCategory>(app, context, {
    table: 'contract_archive_categories',
    grantsTable: 'contract_archive_grants',
    managePermission: 'contract:manage',
    viewPermission: 'signedIn',
    tag: TAG,
    actorOf,
    requireAdministrator: requireKeeper,
    administered: keptCategory,
    newCategory: (actor) => ({
      tenant_id: actor.tenantId,
      company_id: actor.companyId,
      owner_user_id: actor.userId,
      console_key: actor.consoleKey,
    }),
    // Removing a category frees its contracts: its filings go with it (ON DELETE CASCADE).
    holds: { table: 'contract_archive_filings', column: 'category_id' },
    scope: (actor, params, alias) => archiveScope(actor, params, alias),
    rightSql: (actor, params, alias) => archiveRightSql(actor, params, `${alias}.id`),
    pageRow: (category, count) => ({
      id: category.id,
      name: category.name,
      right: category.right,
      contractCount: count,
      createTime: category.createTime,
    }),
    calls: {
      save: {
        path: PATHS.archiveCategorySave,
        example: CONTRACT_ARCHIVE_EXAMPLES.categorySave,
        summary:
          'Creates an archive category in the session’s console (its archive keeper: contract:manage; name 1–20 characters, unique in the console)',
      },
      rename: {
        path: PATHS.archiveCategoryRename,
        example: CONTRACT_ARCHIVE_EXAMPLES.categoryRename,
        summary: 'Renames an archive category (its archive keeper)',
      },
      remove: {
        path: PATHS.archiveCategoryRemove,
        example: CONTRACT_ARCHIVE_EXAMPLES.categoryRemove,
        summary:
          'Removes an archive category and its grants (its archive keeper); the contracts filed in it return to the unfiled list, unchanged',
      },
      page: {
        path: PATHS.archiveCategoryPage,
        example: CONTRACT_ARCHIVE_EXAMPLES.categoryPage,
        summary:
          'A page of the console’s archive categories the member has a right on (all of them for the keeper), with that right and how many contracts each holds',
        query: archiveCategoryPageQuery,
      },
      grants: {
        path: PATHS.archiveGrants,
        example: CONTRACT_ARCHIVE_EXAMPLES.grants,
        summary:
          'A page of the members granted a right on an archive category (its archive keeper)',
      },
      grantableMembers: {
        path: PATHS.archiveGrantableMembers,
        example: CONTRACT_ARCHIVE_EXAMPLES.grantableMembers,
        summary:
          'The company’s active members without a right on an archive category yet, by name or phone (its archive keeper; at most 100)',
        query: archiveGrantableMembersQuery,
      },
      grant: {
        path: PATHS.archiveGrant,
        example: CONTRACT_ARCHIVE_EXAMPLES.grant,
        summary:
          'Gives members use or manage on archive categories, or takes it away with none (its archive keeper)',
      },
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.archivePage,
    example: CONTRACT_ARCHIVE_EXAMPLES.page,
    summary:
      'A page of the console’s completed contracts, newest first: all the member may see, the unfiled ones, or one category’s (a right on it); searched by name, party, number and signing time',
    tag: TAG,
    permission: 'signedIn',
    query: archivePageQuery,
    handler: async ({ session, query }): Promise<ArchivePage> =>
      listArchive(database, await actorOf(session), query),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.archiveFile,
    example: CONTRACT_ARCHIVE_EXAMPLES.file,
    summary:
      'Files completed contracts of the console in a category, moving them from theirs (manage right on the category and on the one they leave)',
    tag: TAG,
    permission: 'signedIn',
    body: archiveFileBody,
    handler: async ({ session, body }) => {
      const actor = await actorOf(session);
      await findArchiveCategory(database, actor, body.classifyId, 'manage');
      const ids = await managedContracts(actor, body.contractIds);
      await database.query(
        `INSERT INTO contract_archive_filings
           (tenant_id, console_key, contract_id, category_id, filed_by_user_id)
         SELECT $1, $2, id, $3, $4 FROM unnest($5::bigint[]) id
         ON CONFLICT (tenant_id, console_key, contract_id) DO UPDATE
           SET category_id = EXCLUDED.category_id, filed_by_user_id = EXCLUDED.filed_by_user_id,
               filed_at = now()`,
        [actor.tenantId, actor.consoleKey, body.classifyId, actor.userId, ids],
      );
      return null;
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.archiveUnfile,
    example: CONTRACT_ARCHIVE_EXAMPLES.unfile,
    summary: 'Takes contracts out of their category (manage right on it): they are unfiled again',
    tag: TAG,
    permission: 'signedIn',
    body: archiveUnfileBody,
    handler: async ({ session, body }) => {
      const actor = await actorOf(session);
      const ids = await managedContracts(actor, body.contractIds);
      await database.query(
        `DELETE FROM contract_archive_filings
         WHERE tenant_id = $1 AND console_key = $2 AND contract_id = ANY($3::bigint[])`,
        [actor.tenantId, actor.consoleKey, ids],
      );
      return null;
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.archiveEvidence,
    example: CONTRACT_ARCHIVE_EXAMPLES.evidence,
    summary:
      'A completed contract’s evidence as one ZIP, streamed: the signed PDF as it stands and its audit trail (JSON and text, with the hash chain’s verdict); the download is in the audit trail',
    tag: TAG,
    permission: 'signedIn',
    query: archiveEvidenceQuery,
    handler: async ({ session, query, request, reply, locale }) => {
      const actor = await actorOf(session);
      // The archive's rules: the console's completed contract, in a category the member sees.
      const [listed] = (await listArchive(database, actor, { ...onePage, scope: 'all' }, query.id))
        .records;
      if (!listed) throw new ApiError('notFound', 404);
      const contract = await readableContract(database, session, query.id);
      const file = await latestContractFile(database, contract.id);
      if (!file) throw new ApiError('notFound', 404);
      const pdf = await readContractFile(storage, file, request.log).catch((error: unknown) => {
        throw error instanceof PdfError ? pdfFailure(error, locale) : error;
      });
      await database.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM contracts WHERE id = $1 FOR NO KEY UPDATE', [contract.id]);
        await appendAudit(tx, {
          tenantId: session.tenantId,
          contractId: contract.id,
          action: 'download',
          actorUserId: Number(session.userId),
          companyId: session.companyId === PERSONAL_CONSOLE_ID ? null : Number(session.companyId),
          ip: request.ip,
          documentSha256: file.sha256,
          details: { version: file.version, evidence: true },
        });
      });
      const trail = await contractAttestation(database, session, contract.id);
      const zip = new yazl.ZipFile();
      const pdfName = contractFileName(contract);
      zip.addBuffer(Buffer.from(pdf), pdfName);
      zip.addBuffer(Buffer.from(JSON.stringify(trail, null, 2)), 'audit-trail.json');
      zip.addBuffer(
        Buffer.from(evidenceText(contract, pdfName, file.sha256, trail, locale)),
        locale === 'zh' ? '审计记录.txt' : 'audit-trail.txt',
      );
      zip.end();
      return reply
        .type('application/zip')
        .header(
          'content-disposition',
          contentDisposition('attachment', pdfName.replace(/\.pdf$/, ' evidence.zip')),
        )
        .header('cache-control', 'private, no-store')
        .send(zip.outputStream);
    },
  });
}

const onePage = { current: 1, size: 1 } as const;

import { createHash, randomBytes } from 'node:crypto';
import {
  CONTRACT_REFUSALS,
  OPEN_API_EXAMPLES,
  PATHS,
  SIGNING_LINK_TTL_S,
  openContractCreateBody,
  openContractListQuery,
  openContractParams,
  openSigningLinkBody,
  openApiCallsQuery,
  signingTicketBody,
  type ContractStatus,
  type OpenContract,
  type OpenContractCreated,
  type OpenContractPage,
  type OpenContractTrail,
  type OpenSigningLink,
  type OpenApiCall,
  type Page,
  type SigningTicketInfo,
  type TemplateParty,
} from '@esign/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appendAudit, verifyAuditChain } from '../audit/audit-trail';
import { findConsole } from '../companies/console';
import type { AppContext } from '../context';
import { createContract } from '../contracts/create';
import { contractFileName, currentPdf } from '../contracts/contract-pdf-routes';
import { sha256Of } from '../contracts/contract-pdf';
import type { Queryable } from '../db';
import { ApiError, route } from '../http/route';
import { ownerOf } from '../integrations/routes';
import type { OpenCaller } from './auth';
import { openRoutes } from './route';

interface ContractRow {
  id: string;
  tenant_id: string;
  number: string;
  name: string;
  status: ContractStatus;
  template_id: string | null;
  external_id: string | null;
  created_at: Date | string;
  changed_at: Date | string;
  signing_deadline: Date | string | null;
  document_id: string;
  project: unknown;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A contract of the caller's companies, or 404 (another company's is never named). */
async function callerContract(
  db: Pick<Queryable, 'query'>,
  caller: OpenCaller,
  id: number,
): Promise<ContractRow> {
  const [row] = await db.query<ContractRow>(
    `SELECT id, tenant_id, number, name, status, template_id, external_id, created_at, changed_at,
       signing_deadline, document_id, project
     FROM contracts WHERE id = $1 AND tenant_id = $2 AND company_id = ANY($3::bigint[])`,
    [id, caller.tenantId, caller.companyIds],
  );
  if (!row) throw new ApiError('notFound', 404);
  return row;
}

async function contractView(db: Pick<Queryable, 'query'>, row: ContractRow): Promise<OpenContract> {
  const parties = await db.query<{
    party: TemplateParty;
    name: string;
    company_name: string | null;
    phone: string;
    signed_at: Date | string | null;
  }>(
    `SELECT party, name, company_name, phone, signed_at FROM contract_participants
     WHERE contract_id = $1 ORDER BY party`,
    [row.id],
  );
  return {
    id: String(row.id),
    number: row.number,
    name: row.name,
    status: row.status,
    templateId: row.template_id === null ? null : String(row.template_id),
    externalId: row.external_id,
    createdAt: iso(row.created_at),
    changedAt: iso(row.changed_at),
    signingDeadline: row.signing_deadline === null ? null : iso(row.signing_deadline),
    parties: parties.map((party) => ({
      party: party.party,
      kind: party.company_name === null ? 'person' : 'company',
      name: party.name,
      companyName: party.company_name,
      phone: party.phone,
      signedAt: party.signed_at === null ? null : iso(party.signed_at),
    })),
  };
}

/** The `via` details an open API action adds to its audit entry. */
const viaDetails = (caller: OpenCaller) => ({
  via: 'open-api',
  accessPartyId: String(caller.partyId),
  accessParty: caller.partyName,
});

/** The cursor of the contract list: the last item's change time and id, base64url. */
function encodeCursor(changedAt: string, id: string): string {
  return Buffer.from(JSON.stringify([changedAt, id])).toString('base64url');
}

function decodeCursor(cursor: string): { changedAt: string; id: string } {
  try {
    const [changedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    if (
      typeof changedAt === 'string' &&
      !Number.isNaN(Date.parse(changedAt)) &&
      typeof id === 'string' &&
      /^\d{1,18}$/.test(id)
    ) {
      return { changedAt, id };
    }
  } catch {
    // Refused below.
  }
  throw new ApiError('invalidValue', 400);
}

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Where the platform's pages are reached: PUBLIC_URL, or the address the partner called. */
function publicBase(context: AppContext, request: FastifyRequest): string {
  return context.publicUrl ?? `${request.protocol}://${request.host}`;
}

function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** The open API (/api/open/v1) and the signing ticket the /custom-made page reads. */
export async function openApiRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database, storage } = context;

  await openRoutes(app, context, (add) => {
    add({
      method: 'POST',
      path: PATHS.openContracts,
      summary:
        'Initiates a contract from one of the company’s enabled templates, with its parties and the initiator’s field values; the same externalId again answers the contract already made',
      body: openContractCreateBody,
      example: {
        body: {
          templateId: '12',
          name: 'Purchase agreement No. 7',
          signingOrder: 'parallel',
          participants: [
            {
              party: 'A',
              kind: 'company',
              name: 'Wang Fang',
              phone: '13800000002',
              companyName: 'Shenzhen Demo Technology Co., Ltd.',
            },
            { party: 'B', kind: 'person', name: 'Li Lei', phone: '13800000003' },
          ],
          values: { '0b9e7c1a-2d3f-4e5a-8b6c-7d8e9f0a1b2c': 'RMB 120,000' },
          externalId: 'order-2026-0042',
        },
        answer: OPEN_API_EXAMPLES.created,
      },
      handler: async ({ caller, body, locale, request, about }): Promise<OpenContractCreated> => {
        const operator = caller.operator;
        const console = operator ? await findConsole(database, operator) : null;
        if (!operator || !console?.grants.has('contract:launch')) {
          throw new ApiError('openApiNoOperator', 403);
        }
        const existing = async () => {
          if (!body.externalId) return null;
          const [row] = await database.query<{
            id: string;
            number: string;
            status: ContractStatus;
          }>(
            'SELECT id, number, status FROM contracts WHERE access_party_id = $1 AND external_id = $2',
            [caller.partyId, body.externalId],
          );
          return row
            ? { id: String(row.id), number: row.number, status: row.status, created: false }
            : null;
        };
        const before = await existing();
        if (before) {
          about(Number(before.id));
          return before;
        }
        try {
          const created = await createContract(
            database,
            storage,
            { ...body, documentId: undefined, project: undefined },
            {
              session: operator,
              locale,
              ip: request.ip,
              fees: context.fees,
              now: context.now(),
              via: {
                accessPartyId: caller.partyId,
                accessPartyName: caller.partyName,
                externalId: body.externalId ?? null,
              },
            },
          );
          about(Number(created.id));
          return { ...created, created: true };
        } catch (error) {
          // The same externalId sent twice at once: the second finds the first's contract.
          if ((error as { code?: string }).code === '23505') {
            const raced = await existing();
            if (raced) return raced;
          }
          throw error;
        }
      },
    });

    add({
      method: 'GET',
      path: PATHS.openContracts,
      summary:
        'The contracts of the access party’s companies changed at or after a time (created, filled, signed, completed, refused, withdrawn, expired …), oldest change first, a page at a time',
      query: openContractListQuery,
      example: {
        query: { changedSince: '2026-12-05T00:00:00.000Z', limit: 50 },
        answer: OPEN_API_EXAMPLES.page,
      },
      handler: async ({ caller, query }): Promise<OpenContractPage> => {
        const after = query.cursor
          ? decodeCursor(query.cursor)
          : { changedAt: query.changedSince, id: '0' };
        const rows = await database.query<{
          id: string;
          number: string;
          name: string;
          status: ContractStatus;
          external_id: string | null;
          changed_at: Date | string;
        }>(
          `SELECT id, number, name, status, external_id, changed_at FROM contracts
           WHERE tenant_id = $1 AND company_id = ANY($2::bigint[]) AND changed_at >= $3
             AND (changed_at, id) > ($4::timestamptz, $5::bigint)
           ORDER BY changed_at, id LIMIT $6`,
          [
            caller.tenantId,
            caller.companyIds,
            query.changedSince,
            after.changedAt,
            after.id,
            query.limit + 1,
          ],
        );
        const items = rows.slice(0, query.limit).map((row) => ({
          id: String(row.id),
          number: row.number,
          name: row.name,
          status: row.status,
          externalId: row.external_id,
          changedAt: iso(row.changed_at),
        }));
        const last = items.at(-1);
        return {
          items,
          next: rows.length > query.limit && last ? encodeCursor(last.changedAt, last.id) : null,
        };
      },
    });

    add({
      method: 'GET',
      path: PATHS.openContract,
      summary: 'A contract’s status, its parties and when each signed',
      params: openContractParams,
      example: { params: { id: '1024' }, answer: OPEN_API_EXAMPLES.contract },
      handler: async ({ caller, params, about }): Promise<OpenContract> => {
        const row = await callerContract(database, caller, Number(params.id));
        about(Number(row.id));
        return contractView(database, row);
      },
    });

    add({
      method: 'GET',
      path: PATHS.openContractTrail,
      summary:
        'A contract’s audit trail: every entry with its actor, time, address, document hash and the hash chaining it to the one before, and whether the chain is intact',
      params: openContractParams,
      example: { params: { id: '1024' }, answer: OPEN_API_EXAMPLES.trail },
      handler: async ({ caller, params, about }): Promise<OpenContractTrail> => {
        const row = await callerContract(database, caller, Number(params.id));
        about(Number(row.id));
        const chain = await verifyAuditChain(database, Number(row.id));
        const actors = await database.query<{ id: string; name: string }>(
          'SELECT id, name FROM users WHERE id = ANY($1::bigint[])',
          [[...new Set(chain.entries.flatMap((entry) => entry.actorUserId ?? []))]],
        );
        const nameOf = new Map(actors.map((actor) => [Number(actor.id), actor.name]));
        return {
          intact: chain.ok,
          head: chain.entries.at(-1)?.hash ?? null,
          entries: chain.entries.map((entry) => {
            const accessPartyId =
              entry.details.via === 'open-api' && typeof entry.details.accessPartyId === 'string'
                ? entry.details.accessPartyId
                : null;
            const accessParty =
              typeof entry.details.accessParty === 'string' ? entry.details.accessParty : null;
            return {
              seq: entry.seq,
              action: entry.action,
              at: entry.at.toISOString(),
              actor:
                accessPartyId && accessParty
                  ? accessParty
                  : entry.actorUserId === null
                    ? null
                    : (nameOf.get(entry.actorUserId) ?? null),
              accessPartyId,
              ip: entry.ip,
              documentSha256: entry.documentSha256,
              details: entry.details,
              prevHash: entry.prevHash,
              hash: entry.hash,
            };
          }),
        };
      },
    });

    add({
      method: 'POST',
      path: PATHS.openContractSigningLink,
      summary:
        'A link for one party to sign the contract in the platform (/custom-made): the signer logs in with the party’s phone, signs, and “Exit signing” returns to returnUrl. Valid 7 days; in the audit trail',
      params: openContractParams,
      body: openSigningLinkBody,
      example: {
        params: { id: '1024' },
        body: { party: 'B', returnUrl: 'https://erp.example.com/orders/42' },
        answer: OPEN_API_EXAMPLES.signingLink,
      },
      handler: async ({ caller, params, body, request, about }): Promise<OpenSigningLink> => {
        const row = await callerContract(database, caller, Number(params.id));
        about(Number(row.id));
        if (!['filling', 'approving', 'signing'].includes(row.status)) {
          throw new ApiError(CONTRACT_REFUSALS.byStatus[row.status], 409);
        }
        const [party] = await database.query<{ signed_at: Date | null; signs: boolean }>(
          'SELECT signed_at, signs FROM contract_participants WHERE contract_id = $1 AND party = $2',
          [row.id, body.party],
        );
        if (!party)
          throw new ApiError('contractPartyNotInProject', 400, 400, { party: body.party });
        if (party.signed_at !== null) throw new ApiError('signingLinkPartySigned', 409);
        const ticket = `sl_${randomBytes(24).toString('base64url')}`;
        const expiresAt = new Date(context.now().getTime() + SIGNING_LINK_TTL_S * 1000);
        await database.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO signing_links (tenant_id, contract_id, party, ticket_hash, access_party_id,
               return_url, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [
              row.tenant_id,
              row.id,
              body.party,
              ticketHash(ticket),
              caller.partyId,
              body.returnUrl ?? null,
              expiresAt.toISOString(),
            ],
          );
          const [head] = await tx.query<{ document_sha256: string }>(
            'SELECT document_sha256 FROM audit_entries WHERE contract_id = $1 ORDER BY seq DESC LIMIT 1',
            [row.id],
          );
          await appendAudit(tx, {
            tenantId: row.tenant_id,
            contractId: Number(row.id),
            action: 'signing_link',
            actorUserId: caller.operator?.userId ?? null,
            companyId: caller.companyId,
            ip: request.ip,
            documentSha256: head!.document_sha256,
            details: {
              ...viaDetails(caller),
              party: body.party,
              expiresAt: expiresAt.toISOString(),
            },
          });
        });
        const url = new URL('/custom-made', publicBase(context, request));
        url.searchParams.set('ticket', ticket);
        if (body.returnUrl) url.searchParams.set('returnUrl', body.returnUrl);
        return { url: url.href, expiresAt: expiresAt.toISOString() };
      },
    });

    add({
      method: 'GET',
      path: PATHS.openContractPdf,
      summary:
        'The contract’s PDF as it stands: after the last signature, the signed file every party signed (PAdES, verifiable offline); in the audit trail',
      params: openContractParams,
      example: { params: { id: '1024' } },
      handler: async ({ caller, params, locale, request, reply, about }) => {
        const row = await callerContract(database, caller, Number(params.id));
        about(Number(row.id));
        const contract = {
          id: Number(row.id),
          tenant_id: row.tenant_id,
          number: row.number,
          name: row.name,
          document_id: row.document_id,
          project: row.project,
        } as Parameters<typeof currentPdf>[4];
        const { version, pdf } = await currentPdf(database, storage, locale, request.log, contract);
        await database.transaction(async (tx) => {
          await appendAudit(tx, {
            tenantId: row.tenant_id,
            contractId: Number(row.id),
            action: 'download',
            actorUserId: caller.operator?.userId ?? null,
            companyId: caller.companyId,
            ip: request.ip,
            documentSha256: sha256Of(pdf),
            details: { ...viaDetails(caller), version },
          });
        });
        const name = encodeURIComponent(contractFileName(contract));
        return reply
          .type('application/pdf')
          .header('content-length', String(pdf.byteLength))
          .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(pdf));
      },
    });
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.openApiCalls,
    summary:
      'The open API calls one of the company’s access parties made, newest first: method, path, status, contract, address, duration (kept 90 days)',
    tag: 'blade-system',
    permission: 'application:access',
    query: openApiCallsQuery,
    example: { query: { id: '3', current: 1, size: 10 }, answer: OPEN_API_EXAMPLES.calls },
    handler: async ({ session, console: current, query }): Promise<Page<OpenApiCall>> => {
      const owner = ownerOf(session, current);
      const [party] = await database.query(
        'SELECT 1 FROM access_parties WHERE id = $1 AND tenant_id = $2 AND company_id = $3',
        [query.id, owner.tenantId, owner.companyId],
      );
      if (!party) throw new ApiError('notFound', 404);
      const failed = query.failed === 'true';
      const [rows, [count]] = await Promise.all([
        database.query<{
          id: string;
          method: string;
          path: string;
          status: number;
          contract_id: string | null;
          ip: string | null;
          duration_ms: number;
          at: Date | string;
        }>(
          `SELECT id, method, path, status, contract_id, ip, duration_ms, at FROM open_api_calls
           WHERE party_id = $1 AND ($2::boolean IS FALSE OR status >= 400)
           ORDER BY id DESC LIMIT $3 OFFSET $4`,
          [query.id, failed, query.size, (query.current - 1) * query.size],
        ),
        database.query<{ n: string }>(
          `SELECT count(*) AS n FROM open_api_calls
           WHERE party_id = $1 AND ($2::boolean IS FALSE OR status >= 400)`,
          [query.id, failed],
        ),
      ]);
      return {
        records: rows.map((row) => ({
          id: String(row.id),
          method: row.method,
          path: row.path,
          status: row.status,
          contractId: row.contract_id === null ? null : String(row.contract_id),
          ip: row.ip,
          durationMs: row.duration_ms,
          at: iso(row.at),
        })),
        total: Number(count!.n),
        current: query.current,
        size: query.size,
      };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.signingTicket,
    summary:
      'What a signing link’s ticket is for (the /custom-made page, before the signer logs in): the contract, the party and its phone masked; 410 once expired',
    tag: 'sicpay-contract',
    permission: 'public',
    body: signingTicketBody,
    example: {
      body: { ticket: 'sl_4Xc2sQm9VqP0aZ7kLrT1bN8wYe3uHj6d' },
      answer: OPEN_API_EXAMPLES.ticketInfo,
    },
    handler: async ({ body }): Promise<SigningTicketInfo> => {
      const [link] = await database.query<{
        contract_id: string;
        name: string;
        status: ContractStatus;
        party: TemplateParty;
        phone: string;
        from: string | null;
      }>(
        `SELECT l.contract_id, c.name, c.status, l.party, p.phone, a.name AS from
         FROM signing_links l
         JOIN contracts c ON c.id = l.contract_id
         JOIN contract_participants p ON p.contract_id = l.contract_id AND p.party = l.party
         LEFT JOIN access_parties a ON a.id = l.access_party_id
         WHERE l.ticket_hash = $1 AND l.expires_at > $2`,
        [ticketHash(body.ticket), context.now().toISOString()],
      );
      if (!link) throw new ApiError('signingLinkExpired', 410);
      return {
        contractId: String(link.contract_id),
        contractName: link.name,
        party: link.party,
        maskedPhone: maskPhone(link.phone),
        status: link.status,
        from: link.from ?? '',
      };
    },
  });
}

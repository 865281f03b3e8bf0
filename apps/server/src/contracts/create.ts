/**
 * contract/create: a contract from an enabled template or from a ready document with the editor's
 * project on it. Every check runs before anything is written; the contract, its parties and copy
 * recipients, its first audit entry and the parties' messages are then written in one transaction.
 */
import { randomInt } from 'node:crypto';
import {
  MESSAGE_REDIRECT,
  PERSONAL_CONSOLE_ID,
  type ContractCreated,
  type ContractStatus,
  type Locale,
  type PageSize,
  type TemplateParty,
  type contractCreateBody,
} from '@esign/platform';
import { parseProject, type TemplateProject } from '@esign/template-editor/core';
import type { z } from 'zod/mini';
import { startApproval } from '../approvals/approvals';
import { requiredFlow } from '../approvals/need';
import { appendAudit } from '../audit/audit-trail';
import type { AccessClaims } from '../auth/tokens';
import { sessionConsole, type SessionConsole } from '../companies/console';
import type { Database, Queryable } from '../db';
import {
  findReadyDocument,
  readyDocumentOf,
  type ReadyDocument,
} from '../documents/console-documents';
import { ApiError } from '../http/route';
import type { Storage } from '../storage';
import { templateActor } from '../templates/access';
import { documentPageSizes } from '../templates/page-sizes';
import {
  checkProject,
  deriveFrom,
  localizeProblems,
  withCore,
  type CheckedProject,
} from '../templates/project';
import { findTemplate } from '../templates/queries';
import { requireWritable } from './contract-pdf';
import { scheduleExpiry } from './expiry';
import { INITIATOR_FIELD_RULES, fillPartyFields } from './field-values';
import { refreshTurns } from './turn';
import { bookOf } from '../counterparts/book';
import { takeUnit, type FeeSettings } from '../fees/balance';
import { addContractCounterparts, refuseBlacklisted } from '../counterparts/contract-parties';
import { accountsOf, type NamedParty, type PlatformAccounts } from './platform-accounts';

export type CreateBody = z.output<typeof contractCreateBody>;

/** What the create call needs of the request besides its body. */
export interface CreateRequest {
  session: AccessClaims;
  locale: Locale;
  /** The client's address, for the audit trail. */
  ip: string;
  /** The platform's fee settings (the welcome gift) and the app's clock, for taking a signing. */
  fees: FeeSettings;
  now: Date;
  /**
   * The API access party initiating through the open API (open-api/), with the partner's own
   * reference: kept on the contract and named in its first audit entry.
   */
  via?: { accessPartyId: number; accessPartyName: string; externalId: string | null };
}

/** Tries at a free contract number before giving up (6 random digits a day: rarely more than one). */
const NUMBER_TRIES = 8;

/** A contract number: HT, the UTC date as yyyyMMdd, 6 random digits (HT20261124042917). */
export function contractNumber(now = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `HT${date}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** The initiator's account and console: refused unless verified and still in the console. */
async function initiatorOf(
  database: Database,
  session: AccessClaims,
): Promise<{ phone: string; console: SessionConsole }> {
  const [user] = await database.query<{ phone: string; real_name_verified: boolean }>(
    'SELECT phone, real_name_verified FROM users WHERE id = $1 AND tenant_id = $2',
    [session.userId, session.tenantId],
  );
  if (!user) throw new ApiError('loginExpired', 401);
  // users.real_name_verified is the session's launchAuth (blade-user userInfo).
  if (!user.real_name_verified) throw new ApiError('realNameRequired', 403);
  const console = await sessionConsole(database, session);
  if (console.companyId !== PERSONAL_CONSOLE_ID) {
    const [company] = await database.query<{ auth_status: number }>(
      'SELECT auth_status FROM companies WHERE id = $1',
      [console.companyId],
    );
    if (company?.auth_status !== 1) throw new ApiError('noLaunchAuthority', 403);
  }
  return { phone: user.phone, console };
}

/** What the contract is made on: its document and the project as the client or template gave it. */
interface Source {
  document: ReadyDocument;
  templateId: number | null;
  pageSizes: PageSize[];
  project: TemplateProject;
}

async function sourceOf(
  database: Database,
  storage: Storage,
  session: AccessClaims,
  body: CreateBody,
  locale: Locale,
): Promise<Source> {
  if (body.templateId !== undefined) {
    const row = await findTemplate(
      database,
      await templateActor(database, session),
      body.templateId,
      'use',
    );
    if (row.status !== 1) throw new ApiError('templateNotEnabled', 400);
    const document = await readyDocumentOf(database, session.tenantId, row.document_id);
    if (!document) throw new ApiError('notFound', 404);
    return {
      document,
      templateId: Number(row.id),
      pageSizes: row.page_sizes,
      project: withCore(locale, () => parseProject(row.project)),
    };
  }
  const document = await findReadyDocument(database, session, body.documentId!);
  const pageSizes = await documentPageSizes(storage, document);
  const { project } = checkProject(body.project, pageSizes, locale);
  // A copy of its own: the initiator's values are written into it.
  return { document, templateId: null, pageSizes, project: structuredClone(project) };
}

/** The parties named, each matched to a party of the project: the same letters on both sides. */
function matchParties(parties: NamedParty[], project: TemplateProject) {
  const roles = new Map(project.participants.map((p) => [p.party as TemplateParty, p]));
  for (const party of parties) {
    if (!roles.has(party.party)) {
      throw new ApiError('contractPartyNotInProject', 400, 400, { party: party.party });
    }
  }
  const named = new Set(parties.map((p) => p.party));
  for (const role of roles.keys()) {
    if (!named.has(role)) throw new ApiError('contractPartyMissing', 400, 400, { party: role });
  }
  return [...parties]
    .sort((a, b) => a.party.localeCompare(b.party))
    .map((party, position) => {
      // What the party does comes from the project; who it is, from the initiator's form.
      const { sign, fill } = roles.get(party.party)!;
      return { ...party, position, sign, fill };
    });
}

/** Refuses a layout that cannot be signed, with `validateTemplate`'s messages. */
function requireSignable(checked: CheckedProject, locale: Locale): void {
  if (checked.problems.length === 0) return;
  const problems = localizeProblems(checked.problems, locale);
  throw new ApiError('templateInvalid', 400, 400, problems, problems[0]!.message);
}

const NOTICE = {
  en: {
    title: 'A contract was sent to you',
    content: (name: string, number: string) => `Contract “${name}” (${number}) was sent to you.`,
  },
  zh: {
    title: '您收到一份合同',
    content: (name: string, number: string) => `合同“${name}”（${number}）已发送给您。`,
  },
};

/**
 * Creates a contract (contract/create); see the module's comment. Refusals change nothing.
 */
export async function createContract(
  database: Database,
  storage: Storage,
  body: CreateBody,
  { session, locale, ip, fees, now, via }: CreateRequest,
): Promise<ContractCreated> {
  const initiator = await initiatorOf(database, session);
  const deadline = body.signingDeadline ? new Date(body.signingDeadline) : null;
  if (deadline && deadline.getTime() <= Date.now()) throw new ApiError('signingDeadlinePast', 400);

  const source = await sourceOf(database, storage, session, body, locale);
  const parties = matchParties(body.participants as NamedParty[], source.project);
  // A counterpart the console has blacklisted cannot be a party of its new contracts.
  await refuseBlacklisted(database, bookOf(session), parties, locale);
  const accounts: PlatformAccounts = await accountsOf(
    database,
    session.tenantId,
    parties,
    body.receivers,
  );
  const company =
    initiator.console.companyId === PERSONAL_CONSOLE_ID ? null : initiator.console.companyId;
  const isMine = (party: NamedParty) =>
    party.phone === initiator.phone &&
    (company === null
      ? party.kind === 'person'
      : party.kind === 'company' && accounts.companyOf(party.companyName) === company);
  const mine = new Set<string>(parties.filter(isMine).map((p) => p.party));
  fillPartyFields(source.project, mine, body.values, INITIATOR_FIELD_RULES);
  const checked = deriveFrom(source.project, source.pageSizes);
  requireSignable(checked, locale);
  // The initiator's values must go on the page, or nobody could ever sign it.
  await requireWritable(database, storage, locale, {
    tenant_id: session.tenantId,
    document_id: source.document.id,
    project: checked.project,
  });

  const othersFill = parties.some((p) => p.fill && !mine.has(p.party));
  // A company's template may require a flow before initiating (approvals/): the contract waits
  // in `approving`, nobody filling or signing, until the flow approves it.
  const approvalFlow =
    company === null ? null : await requiredFlow(database, source.templateId, 'beforeInitiate');
  const status: ContractStatus = approvalFlow ? 'approving' : othersFill ? 'filling' : 'signing';

  return database.transaction(async (tx) => {
    const { id, number } = await insertContract(tx, {
      session,
      company,
      body,
      status,
      source,
      checked,
      deadline,
    });
    if (via) {
      await tx.query('UPDATE contracts SET access_party_id = $2, external_id = $3 WHERE id = $1', [
        id,
        via.accessPartyId,
        via.externalId,
      ]);
    }
    // The contract takes one signing from the initiator's console, held until it completes
    // (consumed) or ends otherwise (given back): packages/platform fees.ts. None left: nothing
    // is written and the initiator is sent to the mall.
    const book = bookOf(session);
    const taken = await takeUnit(
      tx,
      book,
      { unit: 'signing', hold: true, contractId: id, contractNumber: number, label: body.name },
      now,
      fees,
    );
    if (!taken) {
      throw new ApiError('noSigningsLeft', 409, 409, {
        mall: book.companyId === null ? '/user-center/mall' : '/enterprise-console/mall',
      });
    }
    // The deadline sweep is pulled to this deadline, so the contract expires on time.
    if (deadline) await scheduleExpiry(tx, deadline);
    for (const party of parties) {
      await tx.query(
        `INSERT INTO contract_participants (contract_id, party, user_id, company_id, company_name,
           phone, name, signs, fills, position, filled_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $11 THEN now() END)`,
        [
          id,
          party.party,
          accounts.userOf(party.phone),
          party.kind === 'company' ? accounts.companyOf(party.companyName) : null,
          party.kind === 'company' ? party.companyName : null,
          party.phone,
          party.name,
          party.sign,
          party.fill,
          party.position,
          party.fill && mine.has(party.party),
        ],
      );
    }
    await refreshTurns(tx, [id]);
    await addContractCounterparts(tx, id);
    for (const [position, receiver] of body.receivers.entries()) {
      await tx.query(
        `INSERT INTO contract_receivers (contract_id, position, name, phone, company_name, user_id)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          id,
          position,
          receiver.name,
          receiver.phone,
          receiver.companyName,
          receiver.phone ? accounts.userOf(receiver.phone) : null,
        ],
      );
    }
    await appendAudit(tx, {
      tenantId: session.tenantId,
      contractId: id,
      action: 'create',
      actorUserId: session.userId,
      companyId: company,
      ip,
      documentSha256: source.document.sha256,
      details: {
        number,
        status,
        documentId: source.document.id,
        templateId: source.templateId,
        parties: parties.map((p) => p.party),
        stampLocations: checked.stampLocations.length,
        ...(via
          ? {
              via: 'open-api',
              accessPartyId: String(via.accessPartyId),
              accessParty: via.accessPartyName,
              ...(via.externalId ? { externalId: via.externalId } : {}),
            }
          : {}),
      },
    });
    if (approvalFlow && company !== null) {
      await startApproval(tx, {
        tenantId: session.tenantId,
        companyId: company,
        contract: { id, tenantId: session.tenantId, name: body.name, number },
        type: 'beforeInitiate',
        because: 'workflow',
        flow: approvalFlow,
        applicantUserId: Number(session.userId),
        party: null,
        comment: '',
      });
    }
    // One message per person and console, the initiator aside: each party with an account (in
    // the company it signs for, or personally) and each copy recipient with one. Opening it leads
    // to the contract.
    await tx.query(
      `WITH recipients AS (
         SELECT user_id, company_id FROM contract_participants
         WHERE contract_id = $1 AND user_id IS NOT NULL
         UNION
         SELECT user_id, NULL FROM contract_receivers WHERE contract_id = $1 AND user_id IS NOT NULL)
       INSERT INTO messages (tenant_id, user_id, company_id, title, content, title_zh, content_zh,
         redirect_type, business_id)
       SELECT $2, r.user_id, r.company_id, $4, $5, $6, $7, $8, $1::text
       FROM recipients r WHERE r.user_id <> $3 ORDER BY r.user_id`,
      [
        id,
        session.tenantId,
        session.userId,
        NOTICE.en.title,
        NOTICE.en.content(body.name, number),
        NOTICE.zh.title,
        NOTICE.zh.content(body.name, number),
        MESSAGE_REDIRECT.contract,
      ],
    );
    return { id: String(id), number, status };
  });
}

/** Inserts the contract's row under a fresh number (another try when the number is taken). */
async function insertContract(
  tx: Queryable,
  input: {
    session: AccessClaims;
    company: number | null;
    body: CreateBody;
    status: ContractStatus;
    source: Source;
    checked: CheckedProject;
    deadline: Date | null;
  },
): Promise<{ id: number; number: string }> {
  const { session, company, body, status, source, checked, deadline } = input;
  for (let attempt = 0; attempt < NUMBER_TRIES; attempt += 1) {
    const number = contractNumber();
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO contracts (tenant_id, company_id, initiator_user_id, number, name, status,
         agreement_type, template_id, signing_order, signing_started_at, signing_deadline,
         document_id, project, stamp_locations, pdf_sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $6 = 'signing' THEN now() END, $10,
         $11, $12::jsonb, $13::jsonb, $14)
       ON CONFLICT (tenant_id, number) DO NOTHING RETURNING id`,
      [
        session.tenantId,
        company,
        session.userId,
        number,
        body.name,
        status,
        body.agreementType,
        source.templateId,
        body.signingOrder,
        deadline?.toISOString() ?? null,
        source.document.id,
        JSON.stringify(checked.project),
        JSON.stringify(checked.stampLocations),
        source.document.sha256,
      ],
    );
    if (row) return { id: Number(row.id), number };
  }
  throw new Error(`no free contract number after ${NUMBER_TRIES} tries`);
}

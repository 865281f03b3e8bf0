/**
 * Acting on a contract after it is sent (fill, sign, refuse, urge, withdraw, remove): every action
 * goes through `actOnContract`, which decides the three questions in one place, inside one
 * transaction that holds the contract's row, so that concurrent actions from any number of server
 * processes happen one after the other:
 *
 * 1. may the session see the contract at all: its console's contracts only (anyone else, another
 *    tenant included, gets 404 and learns nothing);
 * 2. does the contract's status allow the action: the platform's transition table alone
 *    (`nextStatus`; a refusal is 409 with the table's reason);
 * 3. may the session take it: the initiator's console for the initiator's actions, and there the
 *    member who initiated it or one who may manage every contract of the company
 *    (`mayManageContract`; 403 'No permission for now' otherwise); one of the console's own parties
 *    (not yet signed or refused; at its turn to sign in a sequential order; to fill or sign, not
 *    locked by another member working on it, `lock.ts`) for a party's.
 *
 * The handler then does the action's own work with the transaction, records it with
 * `act.audit(…)` and tells the people concerned with `act.notify(…)`.
 */
import {
  CONTRACT_TRANSITIONS,
  MESSAGE_REDIRECT,
  PERSONAL_CONSOLE_ID,
  mayManageContract,
  nextStatus,
  type ContractAction,
  type ContractFacts,
  type ContractStatus,
  type SigningOrder,
  type TemplateParty,
} from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor/core';
import { appendAudit, type AuditEntry } from '../audit/audit-trail';
import type { AccessClaims } from '../auth/tokens';
import { sessionConsole } from '../companies/console';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import { insertMessage } from '../messages/write';
import { consoleContracts, consoleParty } from './console-contracts';
import { NO_DOCUMENT_SHA256 } from './expiry';
import { initiatedBy, refuseIfLockedByOther } from './lock';
import { refreshTurns } from './turn';

/** The contract's row as an action sees it, locked for the transaction. */
export interface ActedContract {
  id: number;
  tenant_id: string;
  company_id: number | null;
  initiator_user_id: number;
  number: string;
  name: string;
  status: ContractStatus;
  signing_order: SigningOrder;
  document_id: string | null;
  /** The template it was made from; null for a contract from a file. */
  template_id: string | null;
  project: TemplateProject;
  stamp_locations: unknown[];
  pdf_sha256: string | null;
}

/** A party of the contract, and whether it is the session console's own. */
export interface ActedParty {
  party: TemplateParty;
  user_id: number | null;
  company_id: number | null;
  company_name: string | null;
  phone: string;
  name: string;
  signs: boolean;
  fills: boolean;
  position: number;
  filled_at: Date | null;
  signed_at: Date | null;
  refused_at: Date | null;
  /** When the party agreed to rescind the completed contract. */
  rescinded_at: Date | null;
  mine: boolean;
}

/** What an action's handler is given. */
export interface Act {
  tx: Queryable;
  session: AccessClaims;
  contract: ActedContract;
  parties: ActedParty[];
  /** The party the session acts for: set for a party's action, null for the initiator's. */
  party: ActedParty | null;
  /** Where the action takes the contract, given the facts it depends on (see `nextStatus`). */
  next(facts?: ContractFacts): ContractStatus;
  /**
   * Appends the action to the audit trail. `documentSha256` is the PDF's hash after the action;
   * by default the one the trail last recorded (or the contract's document's).
   */
  audit(details?: Record<string, unknown>, documentSha256?: string): Promise<AuditEntry>;
  /**
   * Stores a message-centre record, in English and in Chinese, for each of `to` (by user and
   * console); opening it leads to the contract.
   */
  notify(to: readonly Recipient[], notice: Notice): Promise<void>;
}

/** Someone to tell: an account, in the console (a company, or null for personal) it acts in. */
export interface Recipient {
  userId: number;
  companyId: number | null;
}

/** A message in both languages; the reader sees the one the request asks for (`Lang`). */
export interface Notice {
  en: { title: string; content: string };
  zh: { title: string; content: string };
}

export interface ActRequest {
  session: AccessClaims;
  /** The client's address, for the audit trail. */
  ip: string;
  /** The party letter the client names, when the session holds several parties. */
  party?: TemplateParty | undefined;
}

/**
 * Runs `action` on contract `id` for the session: checks visibility, status and right (see the
 * module's comment), then `handler` in the same transaction. Throws `ApiError` and changes
 * nothing when any check fails.
 */
export async function actOnContract<T>(
  database: Database,
  id: number,
  action: ContractAction,
  request: ActRequest,
  handler: (act: Act) => Promise<T>,
): Promise<T> {
  const { session, ip } = request;
  const { grants } = await sessionConsole(database, session);
  return database.transaction(async (tx) => {
    const visible = consoleContracts(session);
    const [contract] = await tx.query<ActedContract>(
      `SELECT c.id, c.tenant_id, c.company_id, c.initiator_user_id, c.number, c.name, c.status,
         c.signing_order, c.document_id, c.template_id, c.project, c.stamp_locations, c.pdf_sha256
       FROM contracts c WHERE c.id = $3 AND (${visible.where}) FOR UPDATE`,
      [...visible.params, id],
    );
    if (!contract) throw new ApiError('notFound', 404);
    contract.id = Number(contract.id);
    const company = session.companyId !== PERSONAL_CONSOLE_ID;
    const parties = await tx.query<ActedParty>(
      `SELECT p.party, p.user_id, p.company_id, p.company_name, p.phone, p.name, p.signs, p.fills,
         p.position, p.filled_at, p.signed_at, p.refused_at, p.rescinded_at,
         (${consoleParty('p', company)}) AS mine
       FROM contract_participants p WHERE p.contract_id = $1 ORDER BY p.position, p.party`,
      [id, company ? session.companyId : session.userId],
    );

    const transition = CONTRACT_TRANSITIONS[contract.status][action];
    if (!transition) {
      const refused = nextStatus(contract.status, action);
      throw new ApiError(refused.ok ? 'invalidValue' : refused.reason, 409);
    }
    const initiator = company
      ? String(contract.company_id) === String(session.companyId)
      : contract.company_id === null &&
        String(contract.initiator_user_id) === String(session.userId);
    let party: ActedParty | null = null;
    if (transition.who === 'initiator') {
      if (!initiator) throw new ApiError('notInitiator', 403);
      const standing = {
        personal: !company,
        initiator: initiatedBy(contract, session),
        grants,
      };
      if (!mayManageContract(standing)) throw new ApiError('noPermission', 403);
    } else if (transition.who === 'party') {
      party = actingParty(contract, parties, action, request.party);
      // Another member of the party working on its part (contract/lock) holds fill and sign.
      if (action === 'fill' || action === 'sign') {
        await refuseIfLockedByOther(tx, contract.id, party.party, session.userId);
      }
    } else {
      // The approver's and the platform's actions have their own calls.
      throw new ApiError('noPermission', 403);
    }

    const act: Act = {
      tx,
      session,
      contract,
      parties,
      party,
      next: (facts = {}) => {
        const result = nextStatus(contract.status, action, facts);
        if (!result.ok) throw new ApiError(result.reason, 409);
        return result.to;
      },
      audit: async (details = {}, documentSha256) =>
        appendAudit(tx, {
          tenantId: session.tenantId,
          contractId: contract.id,
          action,
          actorUserId: session.userId,
          companyId: company ? session.companyId : null,
          ip,
          documentSha256: documentSha256 ?? (await lastDocumentSha256(tx, contract)),
          details: party ? { party: party.party, ...details } : details,
        }),
      notify: (to, notice) => notify(tx, session.tenantId, contract.id, to, notice),
    };
    const result = await handler(act);
    // The action may have moved the turn (a fill, a signature, a refusal, a new status).
    await refreshTurns(tx, [contract.id]);
    return result;
  });
}

/**
 * The party a session acts for: the console's own party named by the client, or the only one
 * that may act. Refuses (403) a session with none, or whose party already signed or refused, and
 * a signature out of turn in a sequential order.
 */
function actingParty(
  contract: ActedContract,
  parties: ActedParty[],
  action: ContractAction,
  named: TemplateParty | undefined,
): ActedParty {
  const mine = parties.filter((p) => p.mine && (named === undefined || p.party === named));
  if (mine.length === 0) throw new ApiError('notYourParty', 403);
  if (action === 'rescind') {
    // A completed contract: the parties that signed it agree to end it, once each.
    const signers = mine.filter((p) => p.signs && p.signed_at);
    if (signers.length === 0) throw new ApiError('notYourParty', 403);
    const agreeing = signers.find((p) => !p.rescinded_at);
    if (!agreeing) throw new ApiError('partyAlreadyRescinded', 409);
    return agreeing;
  }
  const open = mine.filter((p) => !p.signed_at && !p.refused_at);
  if (open.length === 0) {
    throw new ApiError(mine.some((p) => p.signed_at) ? 'partyAlreadySigned' : 'notYourParty', 409);
  }
  if (action === 'fill') {
    const filling = open.filter((p) => p.fills);
    if (filling.length === 0) throw new ApiError('notYourParty', 403);
    const unfilled = filling.find((p) => !p.filled_at);
    if (!unfilled) throw new ApiError('partyAlreadyFilled', 409);
    return unfilled;
  }
  if (action === 'sign') {
    const signing = open.filter((p) => p.signs);
    if (signing.length === 0) throw new ApiError('notYourParty', 403);
    if (contract.signing_order === 'sequential') {
      const waiting = parties.filter((p) => p.signs && !p.signed_at && !p.refused_at);
      const turn = Math.min(...waiting.map((p) => p.position));
      const atTurn = signing.find((p) => p.position === turn);
      if (!atTurn) throw new ApiError('notYourTurn', 409);
      return atTurn;
    }
    return signing[0]!;
  }
  return open[0]!;
}

/** The document's hash the trail last recorded (the PDF as it stands). */
async function lastDocumentSha256(tx: Queryable, contract: ActedContract): Promise<string> {
  const [last] = await tx.query<{ document_sha256: string }>(
    'SELECT document_sha256 FROM audit_entries WHERE contract_id = $1 ORDER BY seq DESC LIMIT 1',
    [contract.id],
  );
  return last?.document_sha256 ?? contract.pdf_sha256 ?? NO_DOCUMENT_SHA256;
}

/** The messages of `notice` about contract `contractId`, one per user and console of `to`. */
async function notify(
  tx: Queryable,
  tenantId: string,
  contractId: number,
  to: readonly Recipient[],
  notice: Notice,
): Promise<void> {
  const seen = new Set<string>();
  for (const recipient of to) {
    const key = `${recipient.userId}:${recipient.companyId ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await insertMessage(tx, {
      tenantId,
      userId: recipient.userId,
      companyId: recipient.companyId,
      title: { en: notice.en.title, zh: notice.zh.title },
      content: { en: notice.en.content, zh: notice.zh.content },
      redirectType: MESSAGE_REDIRECT.contract,
      businessId: String(contractId),
    });
  }
}

/** The contract's initiator, in the console that initiated it. */
export function initiatorOf(contract: ActedContract): Recipient {
  return { userId: Number(contract.initiator_user_id), companyId: contract.company_id };
}

/** The parties with an account, each in the console it acts in (its company, or personal). */
export function partiesOf(parties: readonly ActedParty[]): Recipient[] {
  return parties
    .filter((p) => p.user_id !== null)
    .map((p) => ({ userId: Number(p.user_id), companyId: p.company_id }));
}

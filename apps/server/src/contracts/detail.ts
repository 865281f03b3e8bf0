/**
 * contract/detail: a contract as its initiator's console, a party's console or a copy recipient
 * sees it, with what the session may do on it now (`myActions`). Anyone else gets 404, but for
 * the user's own other console (`unseenContract`).
 */
import {
  PERSONAL_CONSOLE_ID,
  mayLockParty,
  mayManageContract,
  nextStatus,
  type ContractAction,
  type ContractDetail,
  type ContractMyAction,
  type ContractStatus,
  type SigningOrder,
  type TemplateParty,
} from '@esign/platform';
import { contractSigningApproval } from '../approvals/need';
import type { AccessClaims } from '../auth/tokens';
import { sessionConsole } from '../companies/console';
import type { Database } from '../db';
import {
  CONTRACT_HEAD_COLUMNS,
  CONTRACT_HEAD_JOINS,
  contractHead,
  iso,
  type ContractHeadRow,
} from './contract-head';
import { consoleContracts, consoleParty, copiedTo } from './console-contracts';
import { draftsOf } from './drafts';
import { detailLocks, initiatedBy } from './lock';
import { contractVersionLink, latestContractFile } from './contract-pdf';
import { unseenContract } from './other-console';

interface ContractRow extends ContractHeadRow {
  tenant_id: string;
  company_id: string | null;
  initiator_user_id: string;
  template_id: string | null;
  document_id: string | null;
  project: unknown;
  stamp_locations: unknown[];
  pdf_sha256: string | null;
  removed: boolean;
}

interface PartyRow {
  party: TemplateParty;
  user_id: string | null;
  company_id: string | null;
  company_name: string | null;
  phone: string;
  name: string;
  signs: boolean;
  fills: boolean;
  position: number;
  filled_at: Date | string | null;
  signed_at: Date | string | null;
  refused_at: Date | string | null;
  refusal_reason: string | null;
  rescinded_at?: Date | string | null;
  mine: boolean;
}

/**
 * What the session may do now, from the transition table (`nextStatus`) and the parties' turn:
 * the initiator's console (`initiator`: there, the member who initiated it or one who may manage
 * every contract, `mayManageContract`) urges, withdraws, and removes an ended unsigned contract
 * not removed yet; its own parties fill (while filling, their fields not yet filled), sign
 * (while signing, at their turn in a sequential order) and refuse, until they signed or refused;
 * once the contract is completed, each party that signed it may agree to rescind it, once.
 */
export function myActionsOf(
  status: ContractStatus,
  order: SigningOrder,
  initiator: boolean,
  parties: Pick<
    PartyRow,
    | 'mine'
    | 'signs'
    | 'fills'
    | 'position'
    | 'filled_at'
    | 'signed_at'
    | 'refused_at'
    | 'rescinded_at'
  >[],
  removed = false,
): ContractMyAction[] {
  const allowed = (action: ContractAction) =>
    nextStatus(status, action, { allFilled: false, allSigned: false, allRescinded: false }).ok;
  const actions = new Set<ContractMyAction>();
  if (initiator) {
    if (allowed('urge')) actions.add('urge');
    if (allowed('withdraw')) actions.add('withdraw');
    if (allowed('remove') && !removed) actions.add('remove');
  }
  const waiting = parties.filter((p) => p.signs && !p.signed_at && !p.refused_at);
  const turn = Math.min(...waiting.map((p) => p.position));
  for (const party of parties.filter((p) => p.mine && !p.refused_at && !p.signed_at)) {
    if (party.fills && !party.filled_at && allowed('fill')) actions.add('fill');
    if (party.signs && allowed('sign') && (order === 'parallel' || party.position === turn)) {
      actions.add('sign');
    }
    if (allowed('refuse')) actions.add('refuse');
  }
  if (parties.some((p) => p.mine && p.signs && p.signed_at && !p.rescinded_at)) {
    if (allowed('rescind')) actions.add('rescind');
  }
  const ORDER: ContractMyAction[] = [
    'fill',
    'sign',
    'refuse',
    'rescind',
    'urge',
    'withdraw',
    'remove',
  ];
  return ORDER.filter((action) => actions.has(action));
}

/**
 * The contracts whose detail (and trail) a session sees, as a condition on `contracts c` with its
 * parameters ($1 to $3; a caller numbers its own from $4): its console's (`consoleContracts`) and
 * those its user is a copy recipient of.
 */
export function seenBy(session: AccessClaims): { where: string; params: unknown[] } {
  const visible = consoleContracts(session);
  return {
    where: `(${visible.where}) OR (c.tenant_id = $1 AND ${copiedTo('$3')})`,
    params: [...visible.params, session.userId],
  };
}

/**
 * contract/detail for a session; 404 unless its console or its user may see the contract (403
 * `contractInOtherConsole` when another console of its user does: `unseenContract`).
 */
export async function contractDetail(
  database: Database,
  key: Uint8Array,
  session: AccessClaims,
  id: number,
  now: () => Date = () => new Date(),
  /**
   * Makes the signer's default seal when it has none yet (`prepareSignerSeals`, as
   * seal/listContractSeal does), before `signingApproval` judges whether the session holds a seal
   * it may use: a verified company's first seal is made on first need, and without this the
   * administrator of a company without one would be asked to apply for approval instead of signing.
   */
  prepareSeals?: () => Promise<void>,
): Promise<ContractDetail> {
  const { grants } = await sessionConsole(database, session);
  const seen = seenBy(session);
  const [row] = await database.query<ContractRow>(
    `SELECT ${CONTRACT_HEAD_COLUMNS}, c.tenant_id, c.company_id, c.initiator_user_id,
       c.template_id, c.document_id, c.project, c.stamp_locations, c.pdf_sha256,
       c.removed_at IS NOT NULL AS removed
     FROM contracts c ${CONTRACT_HEAD_JOINS}
     WHERE c.id = $4 AND (${seen.where})`,
    [...seen.params, id],
  );
  if (!row) throw await unseenContract(database, session, id);
  const company = session.companyId !== PERSONAL_CONSOLE_ID;
  const [parties, receivers] = await Promise.all([
    database.query<PartyRow>(
      `SELECT p.party, p.user_id, p.company_id, p.company_name, p.phone, p.name, p.signs, p.fills,
         p.position, p.filled_at, p.signed_at, p.refused_at, p.refusal_reason, p.rescinded_at,
         (${consoleParty('p', company)}) AS mine
       FROM contract_participants p WHERE p.contract_id = $1 ORDER BY p.position, p.party`,
      [id, company ? session.companyId : session.userId],
    ),
    database.query<{ name: string; phone: string; company_name: string }>(
      'SELECT name, phone, company_name FROM contract_receivers WHERE contract_id = $1 ORDER BY position',
      [id],
    ),
  ]);
  const initiatorConsole = company
    ? String(row.company_id) === String(session.companyId)
    : row.company_id === null && String(row.initiator_user_id) === String(session.userId);
  const standing = { personal: !company, initiator: initiatedBy(row, session), grants };
  const initiator = initiatorConsole && mayManageContract(standing);
  // The PDF as it stands: once signed, the latest signed version; before, version 0, the document
  // with the values filled in so far (rendered when fetched). The pages draw only what is still to
  // come over it (web: contract/detail/overlay.ts), so the values filled in must be in it.
  const file = await latestContractFile(database, id);
  // Signing approval (approvals/): the company's latest approval, and what to apply for first.
  const signsNow =
    row.status === 'signing' &&
    parties.some((p) => p.mine && p.signs && !p.signed_at && !p.refused_at);
  // The signer's own refusals (company not verified, not a member) are for the signing to tell.
  if (company && signsNow) await prepareSeals?.().catch(() => undefined);
  const signingApproval = company
    ? await contractSigningApproval(
        database,
        { now },
        session,
        { ...row, id, status: row.status },
        parties,
      )
    : undefined;
  const link = contractVersionLink(key, id, file?.version ?? 0);
  return {
    ...contractHead(row),
    templateId: row.template_id === null ? null : String(row.template_id),
    documentId: row.document_id,
    participants: parties.map((p) => ({
      party: p.party,
      kind: p.company_name === null ? 'person' : 'company',
      name: p.name,
      phone: p.phone,
      companyName: p.company_name,
      registered: p.user_id !== null,
      companyVerified: p.company_id !== null,
      signs: p.signs,
      fills: p.fills,
      position: p.position,
      filledAt: iso(p.filled_at),
      signedAt: iso(p.signed_at),
      refusedAt: iso(p.refused_at),
      refusalReason: p.refusal_reason,
    })),
    receivers: receivers.map((r) => ({
      name: r.name,
      phone: r.phone,
      companyName: r.company_name,
    })),
    project: row.project,
    stampLocations: row.stamp_locations,
    pdfSha256: row.pdf_sha256,
    pdfLink: link.pdfLink,
    pdfLinkExpiresAt: link.pdfLinkExpiresAt,
    myParties: parties.filter((p) => p.mine).map((p) => p.party),
    myActions: myActionsOf(row.status, row.signing_order, initiator, parties, row.removed),
    ...(signingApproval ? { signingApproval } : {}),
    mayLock: parties
      .filter(
        (p) =>
          p.mine &&
          !p.signed_at &&
          !p.refused_at &&
          mayLockParty({ ...standing, namesMe: String(p.user_id) === String(session.userId) }),
      )
      .map((p) => p.party),
    drafts: await draftsOf(
      database,
      id,
      row.status === 'filling'
        ? parties
            .filter((p) => p.mine && p.fills && !p.filled_at && !p.signed_at && !p.refused_at)
            .map((p) => p.party)
        : [],
    ),
    locks: await detailLocks(
      database,
      id,
      parties.filter((p) => p.mine).map((p) => p.party),
      session.userId,
    ),
  };
}

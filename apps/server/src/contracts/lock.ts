/**
 * contract/lock: a member of a party's console takes a short lock on that party's part while
 * working on it (`CONTRACT_LOCK_MS`, renewed by taking it again, released with `lock: false`), so
 * that two members of one company do not fill or sign the same part at once. While it lasts,
 * `actOnContract` refuses that party's fill and sign by anyone else ('contractLockedByOther', 409,
 * with the lock in `data`). A lock that ran out is no lock: nothing sweeps the rows.
 *
 * Taking a lock keeps every colleague off the party's part for as long as it is renewed, so in a
 * company it belongs to those who may manage the contract (its initiator, a member granted
 * `contract:manage`) and to the member the party names as its signer (`mayLockParty`); any other
 * member gets 403 'No permission for now' and still fills and signs while nobody holds the lock.
 */
import {
  CONTRACT_LOCK_MS,
  CONTRACT_TRANSITIONS,
  PERSONAL_CONSOLE_ID,
  mayLockParty,
  nextStatus,
  type ContractDetailLock,
  type ContractLock,
  type ContractStatus,
  type TemplateParty,
} from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import { sessionConsole } from '../companies/console';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import { consoleContracts, consoleParty } from './console-contracts';

interface LockRow {
  party: TemplateParty;
  user_id: string;
  holder: string;
  until: Date | string;
}

/** The live locks on a contract's parties (all of them, or those given). */
export async function liveLocks(
  db: Pick<Queryable, 'query'>,
  contractId: number,
  parties?: readonly string[],
): Promise<LockRow[]> {
  return db.query<LockRow>(
    `SELECT l.party, l.user_id, COALESCE(NULLIF(u.name, ''), u.phone) AS holder, l.until
     FROM contract_locks l JOIN users u ON u.id = l.user_id
     WHERE l.contract_id = $1 AND l.until > now() AND ($2::text[] IS NULL OR l.party = ANY($2))
     ORDER BY l.party`,
    [contractId, parties ?? null],
  );
}

const stateOf = (party: TemplateParty, row: LockRow | undefined, userId: number): ContractLock =>
  row
    ? {
        party,
        locked: true,
        holder: row.holder,
        until: new Date(row.until).toISOString(),
        mine: String(row.user_id) === String(userId),
      }
    : { party, locked: false, holder: null, until: null, mine: false };

/** The locks contract/detail shows: those on the session console's parties. */
export async function detailLocks(
  db: Pick<Queryable, 'query'>,
  contractId: number,
  myParties: readonly string[],
  userId: number,
): Promise<ContractDetailLock[]> {
  if (myParties.length === 0) return [];
  const rows = await liveLocks(db, contractId, myParties);
  return rows.map((row) => ({
    party: row.party,
    holder: row.holder,
    until: new Date(row.until).toISOString(),
    mine: String(row.user_id) === String(userId),
  }));
}

/**
 * Refuses (409 'contractLockedByOther') an action on `party`'s part while another user holds its
 * lock. Called by `actOnContract` for a party's fill and sign, under the contract's row lock.
 */
export async function refuseIfLockedByOther(
  tx: Queryable,
  contractId: number,
  party: TemplateParty,
  userId: number,
): Promise<void> {
  const [row] = await liveLocks(tx, contractId, [party]);
  if (row && String(row.user_id) !== String(userId)) {
    throw new ApiError('contractLockedByOther', 409, 409, stateOf(party, row, userId));
  }
}

/**
 * Takes, renews or releases the session's lock on its party's part of contract `id`. The session's
 * console must see the contract (404) and hold an open party of it (403 'notYourParty'; the one
 * named, or its first); taking needs the right to (`mayLockParty`: 403 'noPermission'), a status
 * in which parties fill or sign (409 with the table's reason) and no other holder (409
 * 'contractLockedByOther'). Releasing what one does not hold changes nothing; releasing one's own
 * needs no right, so a lock outlives no change of role.
 */
export async function lockContract(
  database: Database,
  session: AccessClaims,
  id: number,
  { lock, party: named }: { lock: boolean; party?: TemplateParty | undefined },
): Promise<ContractLock> {
  const { grants } = await sessionConsole(database, session);
  return database.transaction(async (tx) => {
    const visible = consoleContracts(session);
    const [contract] = await tx.query<{
      id: string;
      status: ContractStatus;
      company_id: string | null;
      initiator_user_id: string;
    }>(
      `SELECT c.id, c.status, c.company_id, c.initiator_user_id FROM contracts c
       WHERE c.id = $3 AND (${visible.where}) FOR UPDATE`,
      [...visible.params, id],
    );
    if (!contract) throw new ApiError('notFound', 404);
    const company = session.companyId !== PERSONAL_CONSOLE_ID;
    const mine = await tx.query<{ party: TemplateParty; user_id: string | null }>(
      `SELECT p.party, p.user_id FROM contract_participants p
       WHERE p.contract_id = $1 AND (${consoleParty('p', company)})
         AND p.signed_at IS NULL AND p.refused_at IS NULL AND ($3::text IS NULL OR p.party = $3)
       ORDER BY p.position, p.party`,
      [id, company ? session.companyId : session.userId, named ?? null],
    );
    if (mine.length === 0) throw new ApiError('notYourParty', 403);
    const standing = {
      personal: !company,
      initiator: initiatedBy(contract, session),
      grants,
    };
    const lockable = mine.filter((row) =>
      mayLockParty({ ...standing, namesMe: String(row.user_id) === String(session.userId) }),
    );
    const party = (lock ? lockable[0] : mine[0])?.party;
    if (!party) throw new ApiError('noPermission', 403);
    const [held] = await liveLocks(tx, id, [party]);
    const heldByMe = held !== undefined && String(held.user_id) === String(session.userId);
    if (!lock) {
      if (heldByMe) {
        await tx.query('DELETE FROM contract_locks WHERE contract_id = $1 AND party = $2', [
          id,
          party,
        ]);
        return stateOf(party, undefined, session.userId);
      }
      return stateOf(party, held, session.userId);
    }
    const transitions = CONTRACT_TRANSITIONS[contract.status];
    if (!transitions.fill && !transitions.sign) {
      const refused = nextStatus(contract.status, 'sign');
      throw new ApiError(refused.ok ? 'invalidValue' : refused.reason, 409);
    }
    if (held && !heldByMe) {
      throw new ApiError('contractLockedByOther', 409, 409, stateOf(party, held, session.userId));
    }
    const [taken] = await tx.query<{ until: Date | string }>(
      `INSERT INTO contract_locks (contract_id, party, user_id, until)
       VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')
       ON CONFLICT (contract_id, party) DO UPDATE SET user_id = EXCLUDED.user_id, until = EXCLUDED.until
       RETURNING until`,
      [id, party, session.userId, CONTRACT_LOCK_MS],
    );
    const [user] = await tx.query<{ name: string }>(
      `SELECT COALESCE(NULLIF(name, ''), phone) AS name FROM users WHERE id = $1`,
      [session.userId],
    );
    return {
      party,
      locked: true,
      holder: user?.name ?? null,
      until: new Date(taken!.until).toISOString(),
      mine: true,
    };
  });
}

/**
 * Whether the session's user initiated the contract in the session's console (its company's, or
 * the personal one for a personal contract).
 */
export function initiatedBy(
  contract: { company_id: string | number | null; initiator_user_id: string | number },
  session: Pick<AccessClaims, 'companyId' | 'userId'>,
): boolean {
  const here =
    session.companyId === PERSONAL_CONSOLE_ID
      ? contract.company_id === null
      : String(contract.company_id) === String(session.companyId);
  return here && String(contract.initiator_user_id) === String(session.userId);
}

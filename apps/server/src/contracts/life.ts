/**
 * A contract's life after sending, each action through `actOnContract` (visibility, the
 * transition table, who may act, in one transaction holding the contract's row):
 *
 * - contract/write (`fill`): a party fills in its own fields by the template's rules
 *   (`field-values.ts`); the last fill starts signing;
 * - contract/reject (`refuse`): a party refuses with a reason; the contract is refused;
 * - contract/urge (`urge`): the initiator reminds the parties whose move it is, each at most once
 *   an hour (`contract_urges`);
 * - contract/revoke (`withdraw`): the initiator withdraws the contract; every party is told;
 * - contract/remove (`remove`): the initiator removes a contract that ended unsigned from its
 *   console's lists (`contracts.removed_at`); the row and its trail stay.
 *
 * Each appends its audit entry and stores its messages in the same transaction.
 */
import {
  URGE_INTERVAL_MS,
  type ContractActed,
  type ContractUrged,
  type Locale,
  type TemplateParty,
  type contractRejectBody,
  type contractRevokeBody,
  type contractWriteBody,
} from '@esign/platform';
import type { z } from 'zod/mini';
import { endPendingApproval } from '../approvals/end';
import type { AccessClaims } from '../auth/tokens';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import type { Storage } from '../storage';
import {
  actOnContract,
  initiatorOf,
  partiesOf,
  type Act,
  type ActedParty,
  type Recipient,
} from './act';
import { PARTY_FIELD_RULES, fillPartyFields } from './field-values';
import { LIFE_NOTICES } from './life-notices';
import { requireWritable } from './contract-pdf';
import { dropDraft } from './drafts';

/** Who asks, for the audit trail. */
export interface LifeRequest {
  session: AccessClaims;
  ip: string;
}

const acted = (act: Act, status: string, pdfSha256: string): ContractActed => ({
  id: String(act.contract.id),
  status: status as ContractActed['status'],
  pdfSha256,
});

/** The copy recipients with an account (they read messages in their personal console). */
async function receiversOf(tx: Queryable, contractId: number): Promise<Recipient[]> {
  const rows = await tx.query<{ user_id: string }>(
    'SELECT DISTINCT user_id FROM contract_receivers WHERE contract_id = $1 AND user_id IS NOT NULL',
    [contractId],
  );
  return rows.map((row) => ({ userId: Number(row.user_id), companyId: null }));
}

/** Everyone concerned but the one acting: the initiator, the parties, the copy recipients. */
async function everyoneBut(act: Act): Promise<Recipient[]> {
  return [
    initiatorOf(act.contract),
    ...partiesOf(act.parties),
    ...(await receiversOf(act.tx, act.contract.id)),
  ].filter((recipient) => recipient.userId !== Number(act.session.userId));
}

/** contract/write: a party fills in its own fields; see the module's comment. */
export async function writeContract(
  database: Database,
  body: z.output<typeof contractWriteBody>,
  { session, ip, storage, locale }: LifeRequest & { storage: Storage; locale: Locale },
): Promise<ContractActed> {
  return actOnContract(
    database,
    body.id,
    'fill',
    { session, ip, party: body.party },
    async (act) => {
      const party = act.party!;
      const [timing] = await act.tx.query<{ past: boolean }>(
        'SELECT signing_deadline <= now() AS past FROM contracts WHERE id = $1',
        [act.contract.id],
      );
      // The deadline job expires it any moment now; filling in would start signing too late.
      if (timing?.past) throw new ApiError('contractExpired', 409);
      // A copy: a refusal leaves the contract's project as it was.
      const project = structuredClone(act.contract.project);
      const fields = fillPartyFields(
        project,
        new Set([party.party]),
        body.values,
        PARTY_FIELD_RULES,
      );
      // The values must go on the page: a value too long for its box even at the smallest size
      // is refused now (422, saying which field), not when a party comes to sign.
      await requireWritable(act.tx, storage, locale, {
        tenant_id: session.tenantId,
        document_id: act.contract.document_id,
        project,
      });
      const allFilled = act.parties.every(
        (p) => !p.fills || p.filled_at !== null || p.party === party.party,
      );
      const status = act.next({ allFilled });
      await act.tx.query(
        'UPDATE contract_participants SET filled_at = now() WHERE contract_id = $1 AND party = $2',
        [act.contract.id, party.party],
      );
      await dropDraft(act.tx, act.contract.id, party.party);
      await act.tx.query(
        `UPDATE contracts SET project = $2::jsonb, status = $3, updated_at = now(),
         signing_started_at = CASE WHEN $3 = 'signing' AND status <> 'signing' THEN now()
           ELSE signing_started_at END
       WHERE id = $1`,
        [act.contract.id, JSON.stringify(project), status],
      );
      const entry = await act.audit({ fields, status });
      await act.notify([initiatorOf(act.contract)], LIFE_NOTICES.filled(act.contract, party.party));
      if (status === 'signing' && act.contract.status !== 'signing') {
        await act.notify(
          partiesOf(act.parties.filter((p) => p.signs)),
          LIFE_NOTICES.signingStarted(act.contract),
        );
      }
      return acted(act, status, entry.documentSha256);
    },
  );
}

/** contract/reject: a party refuses to sign, with its reason; everyone concerned is told. */
export async function rejectContract(
  database: Database,
  body: z.output<typeof contractRejectBody>,
  { session, ip }: LifeRequest,
): Promise<ContractActed> {
  return actOnContract(
    database,
    body.id,
    'refuse',
    { session, ip, party: body.party },
    async (act) => {
      const party = act.party!;
      const status = act.next();
      await act.tx.query(
        `UPDATE contract_participants SET refused_at = now(), refusal_reason = $3
         WHERE contract_id = $1 AND party = $2`,
        [act.contract.id, party.party, body.reason],
      );
      await act.tx.query('UPDATE contracts SET status = $2, updated_at = now() WHERE id = $1', [
        act.contract.id,
        status,
      ]);
      const entry = await act.audit({ reason: body.reason, status });
      await act.notify(
        await everyoneBut(act),
        LIFE_NOTICES.refused(act.contract, party.party, body.reason),
      );
      return acted(act, status, entry.documentSha256);
    },
  );
}

/**
 * The parties whose move it is (as `AWAITING_RULE` of db/contract-turn-tables.ts says): while
 * filling, those that fill and have not; while signing, those that sign and have not, in a
 * sequential order only the one at its turn.
 */
export function awaitedParties(
  status: string,
  order: string,
  parties: readonly Pick<
    ActedParty,
    'party' | 'signs' | 'fills' | 'position' | 'filled_at' | 'signed_at' | 'refused_at'
  >[],
): TemplateParty[] {
  const open = parties.filter((p) => !p.refused_at);
  if (status === 'filling') return open.filter((p) => p.fills && !p.filled_at).map((p) => p.party);
  if (status !== 'signing') return [];
  const signing = open.filter((p) => p.signs && !p.signed_at);
  if (order !== 'sequential') return signing.map((p) => p.party);
  const turn = Math.min(...signing.map((p) => p.position));
  return signing.filter((p) => p.position === turn).map((p) => p.party);
}

/**
 * contract/urge: reminds the parties whose move it is that were not reminded within the hour.
 * None awaited: 409 'nothingToUrge'; all reminded within the hour: 429 'urgeTooSoon' with
 * `nextUrgeAt` in `data`.
 */
export async function urgeContract(
  database: Database,
  id: number,
  { session, ip }: LifeRequest,
): Promise<ContractUrged> {
  return actOnContract(database, id, 'urge', { session, ip }, async (act) => {
    act.next();
    const awaited = awaitedParties(act.contract.status, act.contract.signing_order, act.parties);
    if (awaited.length === 0) throw new ApiError('nothingToUrge', 409);
    const [clock] = await act.tx.query<{ now: Date | string }>('SELECT now() AS now');
    const now = new Date(clock!.now).getTime();
    const last = new Map(
      (
        await act.tx.query<{ party: TemplateParty; urged_at: Date | string }>(
          'SELECT party, urged_at FROM contract_urges WHERE contract_id = $1',
          [act.contract.id],
        )
      ).map((row) => [row.party, new Date(row.urged_at).getTime()]),
    );
    const nextOf = (party: TemplateParty) => {
      const at = last.get(party);
      return at !== undefined && at + URGE_INTERVAL_MS > now ? at + URGE_INTERVAL_MS : now;
    };
    const due = awaited.filter((party) => nextOf(party) === now);
    if (due.length === 0) {
      const nextUrgeAt = new Date(Math.min(...awaited.map(nextOf))).toISOString();
      throw new ApiError('urgeTooSoon', 429, 429, { nextUrgeAt });
    }
    for (const party of due) {
      await act.tx.query(
        `INSERT INTO contract_urges (contract_id, party, urged_at, urged_by) VALUES ($1, $2, now(), $3)
         ON CONFLICT (contract_id, party) DO UPDATE SET urged_at = now(), urged_by = EXCLUDED.urged_by`,
        [act.contract.id, party, act.session.userId],
      );
      last.set(party, now);
    }
    await act.audit({ parties: due });
    await act.notify(
      partiesOf(act.parties.filter((p) => due.includes(p.party))),
      LIFE_NOTICES.urged(act.contract),
    );
    return {
      urged: due,
      nextUrgeAt: new Date(Math.min(...awaited.map(nextOf))).toISOString(),
    };
  });
}

/** contract/revoke: the initiator withdraws the contract; every party (and copy) is told. */
export async function revokeContract(
  database: Database,
  body: z.output<typeof contractRevokeBody>,
  { session, ip }: LifeRequest,
): Promise<ContractActed> {
  return actOnContract(database, body.id, 'withdraw', { session, ip }, async (act) => {
    const status = act.next();
    await act.tx.query('UPDATE contracts SET status = $2, updated_at = now() WHERE id = $1', [
      act.contract.id,
      status,
    ]);
    // A pending approval of the contract ends with it (signing approval, approvals/).
    await endPendingApproval(act.tx, act.contract.id);
    const entry = await act.audit({ reason: body.reason, status });
    await act.notify(await everyoneBut(act), LIFE_NOTICES.withdrawn(act.contract, body.reason));
    return acted(act, status, entry.documentSha256);
  });
}

/** contract/remove: the initiator removes an ended, unsigned contract from its console's lists. */
export async function removeContract(
  database: Database,
  id: number,
  { session, ip }: LifeRequest,
): Promise<ContractActed> {
  return actOnContract(database, id, 'remove', { session, ip }, async (act) => {
    const status = act.next();
    const [row] = await act.tx.query<{ removed: boolean }>(
      'SELECT removed_at IS NOT NULL AS removed FROM contracts WHERE id = $1',
      [act.contract.id],
    );
    if (row?.removed) throw new ApiError('contractAlreadyRemoved', 409);
    await act.tx.query(
      'UPDATE contracts SET removed_at = now(), updated_at = now() WHERE id = $1',
      [act.contract.id],
    );
    const entry = await act.audit({ status });
    return acted(act, status, entry.documentSha256);
  });
}

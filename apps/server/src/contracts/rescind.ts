/**
 * Rescinding a completed contract (GET contract/unsubscribe, POST contract/signUnsubscribe). A
 * signing party asks for it with a reason, confirming with a verification code as it confirms a
 * signature (base/sendAuthCode and validateAuthCode with `purpose: 'rescind'`); each other signing
 * party then agrees the same way; the last agreement cancels the contract (the transition table's
 * `rescind` when `allRescinded`). The contract stays completed, and in force, until then; the
 * parties still to agree find it under "handled by me" (`awaiting`).
 *
 * The PDF is not changed: the audit trail records each agreement with the document's hash, the
 * messages tell every party.
 */
import {
  PATHS,
  contractQuery,
  contractRescindBody,
  type ContractActed,
  type ContractRescission,
  type TemplateParty,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { ApiError, route } from '../http/route';
import { actOnContract, initiatorOf, partiesOf } from './act';
import { spendSignTicket } from './auth-codes';
import { contractDetail } from './detail';

const TAG = 'sicpay-contract';

const NOTICE = {
  asked: (name: string, number: string, reason: string) => ({
    en: {
      title: 'A party asks to rescind a contract',
      content: `A party asks to rescind “${name}” (${number}): ${reason}. It is rescinded once every signing party agrees.`,
    },
    zh: {
      title: '签署方申请解除合同',
      content: `签署方申请解除合同“${name}”（${number}）：${reason}。所有签署方同意后合同即解除。`,
    },
  }),
  done: (name: string, number: string) => ({
    en: {
      title: 'Contract rescinded',
      content: `“${name}” (${number}) is rescinded: every signing party agreed.`,
    },
    zh: { title: '合同已解除', content: `合同“${name}”（${number}）已解除：所有签署方均已同意。` },
  }),
};

/** contract/signUnsubscribe: the session's party agrees to rescind (the first one asks). */
export async function agreeToRescind(
  context: Pick<AppContext, 'database' | 'key'>,
  body: { id: number; party?: TemplateParty | undefined; reason: string; ticket: string },
  request: { session: AccessClaims; ip: string },
): Promise<ContractActed> {
  const { database, key } = context;
  return actOnContract(
    database,
    body.id,
    'rescind',
    { ...request, party: body.party },
    async (act) => {
      const { tx, contract, session } = act;
      const party = act.party!;
      const [state] = await tx.query<{
        rescission_requested_at: Date | null;
        rescission_reason: string | null;
      }>('SELECT rescission_requested_at, rescission_reason FROM contracts WHERE id = $1', [
        contract.id,
      ]);
      const first = state!.rescission_requested_at === null;
      if (first && body.reason === '') throw new ApiError('rescissionReasonRequired', 400);
      const holder = {
        tenantId: session.tenantId,
        contractId: contract.id,
        userId: Number(session.userId),
        purpose: 'rescind' as const,
      };
      if (!(await spendSignTicket(tx, key, holder, body.ticket))) {
        throw new ApiError('signTicketInvalid', 409);
      }
      await tx.query(
        'UPDATE contract_participants SET rescinded_at = now() WHERE contract_id = $1 AND party = $2',
        [contract.id, party.party],
      );
      const allRescinded = act.parties.every(
        (p) => !p.signs || p.party === party.party || p.rescinded_at !== null,
      );
      const status = act.next({ allRescinded });
      await tx.query(
        `UPDATE contracts SET status = $2, updated_at = now(),
           rescission_reason = COALESCE(rescission_reason, $3),
           rescission_requested_at = COALESCE(rescission_requested_at, now())
         WHERE id = $1`,
        [contract.id, status, body.reason || null],
      );
      await act.audit(first ? { asked: true, reason: body.reason } : { agreed: true });
      const everyone = [initiatorOf(contract), ...partiesOf(act.parties)];
      if (status === 'cancelled') {
        await act.notify(everyone, NOTICE.done(contract.name, contract.number));
      } else if (first) {
        const others = partiesOf(act.parties.filter((p) => p.party !== party.party && p.signs));
        await act.notify(others, NOTICE.asked(contract.name, contract.number, body.reason));
      }
      return { id: String(contract.id), status, pdfSha256: null };
    },
  );
}

/** contract/unsubscribe: where the rescission of a contract the session sees stands. */
export async function rescissionOf(
  context: Pick<AppContext, 'database' | 'key'>,
  session: AccessClaims,
  id: number,
): Promise<ContractRescission> {
  // Whoever may see the contract's detail may see its rescission; anyone else gets its 404.
  const detail = await contractDetail(context.database, context.key, session, id);
  const [row] = await context.database.query<{
    rescission_reason: string | null;
    rescission_requested_at: Date | string | null;
  }>('SELECT rescission_reason, rescission_requested_at FROM contracts WHERE id = $1', [id]);
  const agreed = await context.database.query<{ party: TemplateParty; rescinded_at: Date | null }>(
    'SELECT party, rescinded_at FROM contract_participants WHERE contract_id = $1',
    [id],
  );
  const agreedAt = new Map(agreed.map((p) => [p.party, p.rescinded_at]));
  const iso = (value: Date | string | null | undefined) =>
    value ? new Date(value).toISOString() : null;
  return {
    state:
      detail.status === 'cancelled' ? 'done' : row!.rescission_requested_at ? 'pending' : 'none',
    reason: row!.rescission_reason,
    requestedAt: iso(row!.rescission_requested_at),
    parties: detail.participants
      .filter((p) => p.signs)
      .map((p) => ({
        party: p.party,
        name: p.name,
        companyName: p.companyName,
        agreedAt: iso(agreedAt.get(p.party)),
      })),
    canAgree: detail.myActions.includes('rescind'),
  };
}

export function rescissionRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, {
    method: 'GET',
    path: PATHS.contractRescission,
    summary:
      'Where the rescission of a completed contract stands: its reason, each signing party’s agreement, and whether the session may agree now',
    tag: TAG,
    permission: 'signedIn',
    query: contractQuery,
    example: { query: { id: 1 } },
    handler: async ({ session, query }): Promise<ContractRescission> =>
      rescissionOf(context, session, query.id),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.contractRescind,
    summary:
      'A signing party agrees to rescind a completed contract (the first asks for it, with a reason), confirmed by a ticket of base/validateAuthCode; the last agreement cancels the contract',
    tag: TAG,
    permission: 'signedIn',
    body: contractRescindBody,
    example: { body: { id: 1, reason: 'The goods were never delivered', ticket: 'a-sign-ticket' } },
    handler: async ({ session, body, request }): Promise<ContractActed> =>
      agreeToRescind(context, body, { session, ip: request.ip }),
  });
}

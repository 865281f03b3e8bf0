/**
 * The transition table against the calls: in every status, each action of this module's calls
 * (fill, refuse, urge, withdraw, remove) is accepted exactly where `CONTRACT_TRANSITIONS` allows
 * it, leads where `nextStatus` says, and is offered by contract/detail's `myActions` exactly when
 * its call accepts it. A refused action answers the table's reason and changes nothing. When the
 * table and the calls disagree, this test names the cell.
 */
import {
  CONTRACT_STATUSES,
  CONTRACT_TRANSITIONS,
  PATHS,
  message,
  nextStatus,
  type ContractAction,
  type ContractActed,
  type ContractDetail,
  type ContractStatus,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG_DATA_URL, lifeWorld, type LifeWorld } from '../test-support/contract-life';
import { BACKENDS, call, useTestServer } from '../test-support/server';

/** The actions of contract/write, reject, urge, revoke and remove. */
const CALLS = {
  fill: PATHS.contractWrite,
  refuse: PATHS.contractReject,
  urge: PATHS.contractUrge,
  withdraw: PATHS.contractRevoke,
  remove: PATHS.contractRemove,
} as const satisfies Partial<Record<ContractAction, string>>;
type CalledAction = keyof typeof CALLS;

/** What the parties did in a contract of each status (B and C fill; A, B and C sign). */
const PROGRESS: Record<ContractStatus, { filled: ('B' | 'C')[]; signed: ('A' | 'B' | 'C')[] }> = {
  filling: { filled: [], signed: [] },
  approving: { filled: ['B', 'C'], signed: [] },
  signing: { filled: ['B', 'C'], signed: [] },
  completed: { filled: ['B', 'C'], signed: ['A', 'B', 'C'] },
  refused: { filled: [], signed: [] },
  approval_rejected: { filled: ['B', 'C'], signed: [] },
  expired: { filled: [], signed: [] },
  withdrawn: { filled: [], signed: [] },
  cancelled: { filled: ['B', 'C'], signed: ['A', 'B', 'C'] },
};

describe.each(BACKENDS)('the transition table through the calls, on $name', (backend) => {
  const server = useTestServer(backend);
  let world: LifeWorld;

  beforeAll(async () => {
    world = await lifeWorld(server);
  });

  /** The party (the demo person, B) acts for fill and refuse; the initiator for the others. */
  const request = (action: CalledAction, id: number) => {
    if (action === 'fill') {
      return {
        token: world.person,
        body: {
          id,
          values: {
            [world.field.Address]: 'No. 8 Century Avenue',
            [world.field.Start]: '2026/12/01',
            [world.field['ID card']]: PNG_DATA_URL,
          },
        },
      };
    }
    if (action === 'refuse') return { token: world.person, body: { id, reason: 'Not agreed' } };
    return { token: world.admin, body: { id } };
  };

  const state = async (id: number) => {
    const [row] = await server.database.query<{ status: ContractStatus; audit: number }>(
      `SELECT status, (SELECT count(*)::int FROM audit_entries WHERE contract_id = $1) AS audit
       FROM contracts WHERE id = $1`,
      [id],
    );
    return row!;
  };

  it('accepts each action exactly where the table allows it, as detail offers it', async () => {
    const disagreements: string[] = [];
    let accepted = 0;
    for (const status of CONTRACT_STATUSES) {
      for (const action of Object.keys(CALLS) as CalledAction[]) {
        const cell = `${status} × ${action}`;
        const id = await world.newContract({ status, ...PROGRESS[status] });
        const { token, body } = request(action, id);
        const offered = (
          await call<ContractDetail>(server.base, 'GET', `${PATHS.contractDetail}?id=${id}`, {
            token,
          })
        ).body.data.myActions.includes(action);
        const before = await state(id);
        const answer = await call<ContractActed>(server.base, 'POST', CALLS[action], {
          token,
          body,
        });
        const after = await state(id);
        const allowed = CONTRACT_TRANSITIONS[status][action] !== undefined;
        if (allowed) {
          accepted += 1;
          const expected = nextStatus(status, action, { allFilled: false, allSigned: false });
          if (answer.status !== 200) disagreements.push(`${cell}: refused (${answer.body.msg})`);
          else if (expected.ok && after.status !== expected.to) {
            disagreements.push(`${cell}: went to ${after.status}, the table says ${expected.to}`);
          } else if (after.audit !== before.audit + 1) {
            disagreements.push(`${cell}: no audit entry`);
          }
        } else {
          const refused = nextStatus(status, action);
          const reason = refused.ok ? '' : message(refused.reason, 'en');
          if (answer.status !== 409 || answer.body.msg !== reason) {
            disagreements.push(`${cell}: answered ${answer.status} ${answer.body.msg}`);
          }
          if (after.status !== before.status || after.audit !== before.audit) {
            disagreements.push(`${cell}: a refusal changed the contract`);
          }
        }
        if (offered !== (answer.status === 200)) {
          disagreements.push(`${cell}: detail ${offered ? 'offers' : 'does not offer'} it`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    // Every allowed cell was reached (12 today: filling 4, approving 1, signing 3, ended 4).
    expect(accepted).toBe(
      CONTRACT_STATUSES.flatMap((status) =>
        Object.keys(CALLS).filter((action) => CONTRACT_TRANSITIONS[status][action as CalledAction]),
      ).length,
    );
    expect(accepted).toBeGreaterThanOrEqual(12);
  });
});

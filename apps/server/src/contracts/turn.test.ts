/**
 * Whose move it is, two ways: the lists read it from the contract's row (`awaiting`, kept by
 * `refreshTurns`), contract/detail works it out from the parties (`myActionsOf`). For contracts in
 * random states, each console's "handled by me" tab holds a contract exactly when its detail
 * offers that console to fill or to sign, and "I received" and the console's sight of it agree
 * with the parties named.
 */
import {
  DEFAULT_TENANT_ID,
  PERSONAL_CONSOLE_ID,
  type ContractListQuery,
  type ContractStatus,
} from '@esign/platform';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccessClaims } from '../auth/tokens';
import { addCompany, addUser } from '../test-support/companies';
import { addContract, type TestParty } from '../test-support/contracts';
import { BACKENDS, useTestServer } from '../test-support/server';
import { contractDetail } from './detail';
import { listContracts } from './lists';
import { refreshTurns } from './turn';

const KEY = new Uint8Array(32);
const STATUSES: ContractStatus[] = ['filling', 'signing', 'completed', 'refused', 'expired'];

describe.each(BACKENDS)('whose move it is, on $name', (backend) => {
  const server = useTestServer(backend);

  it('the lists and the detail agree for contracts in random states', async () => {
    const { database } = server;
    const company = await addCompany(database, { name: 'Turn Test Co.' });
    const ann = await addUser(database, {
      phone: '13900000301',
      company: { id: company, role: 'admin' },
    });
    const ben = await addUser(database, { phone: '13900000302' });
    const consoles: AccessClaims[] = [
      { userId: ann, tenantId: DEFAULT_TENANT_ID, companyId: company },
      { userId: ann, tenantId: DEFAULT_TENANT_ID, companyId: PERSONAL_CONSOLE_ID },
      { userId: ben, tenantId: DEFAULT_TENANT_ID, companyId: PERSONAL_CONSOLE_ID },
    ];
    const who = fc.constantFrom<TestParty>(
      { company: { id: company, name: 'Turn Test Co.' }, userId: ann },
      { userId: ann },
      { userId: ben },
      { phone: '13900000303' },
    );
    const party = fc.record({
      who,
      signs: fc.boolean(),
      fills: fc.boolean(),
      filled: fc.boolean(),
      signed: fc.boolean(),
      // Refusals are rarer: a refused party ends the work of everyone else.
      refused: fc.constantFrom(false, false, false, true),
    });
    const contract = fc.record({
      status: fc.constantFrom(...STATUSES),
      sequential: fc.boolean(),
      parties: fc.array(party, { minLength: 1, maxLength: 4 }),
    });
    const samples = fc.sample(contract, { numRuns: 60, seed: 20261124 });
    const ids: number[] = [];
    for (const sample of samples) {
      ids.push(
        await addContract(database, {
          initiator: ben,
          status: sample.status,
          signingOrder: sample.sequential ? 'sequential' : 'parallel',
          parties: sample.parties.map((p) => ({
            ...p.who,
            signs: p.signs || !p.fills,
            fills: p.fills,
            filled: p.filled && p.fills,
            signed: p.signed && (p.signs || !p.fills) && !p.refused,
            refused: p.refused,
          })),
        }),
      );
    }
    // The phone gets an account: what was sent to it is now that account's.
    const cy = await addUser(database, { phone: '13900000303' });
    consoles.push({ userId: cy, tenantId: DEFAULT_TENANT_ID, companyId: PERSONAL_CONSOLE_ID });
    await refreshTurns(database, ids);

    const all = (session: AccessClaims, tab: ContractListQuery['tab']) =>
      listContracts(database, session, { tab, current: 1, size: 100 } as ContractListQuery);
    let moves = 0;
    for (const session of consoles) {
      const todo = new Set((await all(session, 'todo')).records.map((r) => Number(r.id)));
      const seen = new Set((await all(session, 'all')).records.map((r) => Number(r.id)));
      for (const id of ids) {
        // null: the detail answers 404, the console does not see it.
        const actions = await contractDetail(database, KEY, session, id).then(
          (detail) => detail.myActions as string[],
          () => null,
        );
        expect(seen.has(id), `console ${JSON.stringify(session)} sees ${id}`).toBe(
          actions !== null,
        );
        const mine = actions?.some((a) => a === 'fill' || a === 'sign') ?? false;
        if (mine) moves += 1;
        expect(todo.has(id), `contract ${id} in the todo of ${JSON.stringify(session)}`).toBe(mine);
      }
    }
    // The sample holds moves to make, not only closed contracts.
    expect(moves).toBeGreaterThan(8);
  });
});

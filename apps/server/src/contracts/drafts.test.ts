/**
 * contract/saveDraft and the drafts in contract/detail: a party's values kept as it fills them in,
 * given back to its own console only, refused where a fill would be, gone once contract/write
 * sends the values.
 */
import {
  PATHS,
  type ContractActed,
  type ContractDetail,
  type ContractDraftSaved,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG_DATA_URL, lifeWorld, type LifeWorld } from '../test-support/contract-life';
import { BACKENDS, call, useTestServer } from '../test-support/server';

describe.each(BACKENDS)('fill drafts, on $name', (backend) => {
  const server = useTestServer(backend);
  let world: LifeWorld;

  beforeAll(async () => {
    world = await lifeWorld(server);
  });

  const post = <T = unknown>(token: string, path: string, body: unknown, lang = 'en') =>
    call<T>(server.base, 'POST', path, { token, body, headers: { Lang: lang } });
  const detail = async (token: string, id: number) =>
    (await call<ContractDetail>(server.base, 'GET', `${PATHS.contractDetail}?id=${id}`, { token }))
      .body.data;
  const counts = async (id: number) =>
    (
      await server.database.query<{ audit: number; messages: number }>(
        `SELECT (SELECT count(*)::int FROM audit_entries WHERE contract_id = $1) AS audit,
                (SELECT count(*)::int FROM messages) AS messages`,
        [id],
      )
    )[0];

  it('keeps what a party typed, replaces it on each save, and gives it back to that party only', async () => {
    const id = await world.newContract();
    const before = await counts(id);
    const first = { [world.field.Address]: 'No. 8 Cent', [world.field.Amount]: '12a' };
    const saved = await post<ContractDraftSaved>(world.person, PATHS.contractSaveDraft, {
      id,
      values: first,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(Date.parse(saved.body.data.savedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Kept as typed: the template's rules wait for contract/write.
    expect((await detail(world.person, id)).drafts).toEqual([
      { party: 'B', values: first, savedAt: saved.body.data.savedAt },
    ]);
    const second = {
      [world.field.Address]: 'No. 8 Century Avenue',
      [world.field['ID card']]: PNG_DATA_URL,
    };
    expect(
      (await post(world.person, PATHS.contractSaveDraft, { id, party: 'B', values: second }))
        .status,
    ).toBe(200);
    expect((await detail(world.person, id)).drafts?.map((draft) => draft.values)).toEqual([second]);
    // Nobody else sees it: the initiator, another party, a copy recipient.
    expect((await detail(world.admin, id)).drafts).toEqual([]);
    expect((await detail(world.lena, id)).drafts).toEqual([]);
    expect((await detail(world.rita, id)).drafts).toEqual([]);
    // No audit entry and no message: nothing is decided by a draft.
    expect(await counts(id)).toEqual(before);
  });

  it('is refused where a fill would be, changing nothing', async () => {
    const id = await world.newContract();
    const mine = { [world.field.Address]: 'x' };
    const refusals: [string, unknown, number, string][] = [
      [
        world.person,
        { id, values: { [world.field['Guarantor address']]: 'x' } },
        400,
        'Only your own party’s fields can be filled in',
      ],
      [
        world.person,
        { id, values: { 'no-such-field': 'x' } },
        400,
        'A field was not found in the template',
      ],
      [world.sam, { id, values: mine }, 404, expect.any(String) as unknown as string],
      [world.admin, { id, values: mine }, 403, expect.any(String) as unknown as string],
    ];
    for (const [token, body, status, msg] of refusals) {
      const answer = await post(token, PATHS.contractSaveDraft, body);
      expect(answer, JSON.stringify(answer.body)).toMatchObject({ status, body: { msg } });
    }
    // Another member of C while Lena works on C's part (contract/lock).
    expect((await post(world.lena, PATHS.contractLock, { id })).status).toBe(200);
    const locked = await post(world.leo, PATHS.contractSaveDraft, {
      id,
      values: { [world.field['Guarantor address']]: 'No. 2' },
    });
    expect(locked.status).toBe(409);
    expect(
      (
        await post(world.lena, PATHS.contractSaveDraft, {
          id,
          values: { [world.field['Guarantor address']]: 'No. 2' },
        })
      ).status,
    ).toBe(200);
    // After the party filled in, and in Chinese.
    const done = await world.newContract({ filled: ['B'] });
    const late = await post(
      world.person,
      PATHS.contractSaveDraft,
      { id: done, values: mine },
      'zh',
    );
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ success: false });
    const rows = await server.database.query(
      'SELECT party FROM contract_fill_drafts WHERE contract_id = ANY($1::bigint[]) ORDER BY party',
      [[id, done]],
    );
    expect(rows).toEqual([{ party: 'C' }]);
  });

  it('goes once contract/write sends the values', async () => {
    const id = await world.newContract();
    await post(world.person, PATHS.contractSaveDraft, {
      id,
      values: { [world.field.Address]: 'half' },
    });
    const written = await post<ContractActed>(world.person, PATHS.contractWrite, {
      id,
      values: {
        [world.field.Address]: 'No. 8 Century Avenue',
        [world.field.Amount]: '120',
        [world.field.Start]: '2026-12-01',
        [world.field['ID card']]: PNG_DATA_URL,
      },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect((await detail(world.person, id)).drafts).toEqual([]);
    expect(
      await server.database.query('SELECT 1 FROM contract_fill_drafts WHERE contract_id = $1', [
        id,
      ]),
    ).toEqual([]);
  });
});

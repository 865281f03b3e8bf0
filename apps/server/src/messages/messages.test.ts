import { PATHS, type MessageItem, type Page } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQuery } from '../test-support/account';
import { addUser } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';

describe.each(BACKENDS)('the message centre on $name', (backend) => {
  const server = useTestServer(backend);
  let token: string;

  beforeAll(async () => {
    token = (await login(server.base, '13800000001')).access_token;
    // Someone else's messages, in this tenant and in another, that must never show.
    const neighbour = await addUser(server.database, { phone: '13800000051' });
    const stranger = await addUser(server.database, { phone: '13800000001', tenantId: '000003' });
    for (const [tenantId, userId] of [
      ['000000', neighbour],
      ['000003', stranger],
    ] as const) {
      await server.database.query(
        `INSERT INTO messages (tenant_id, user_id, title, content) VALUES ($1, $2, 'Private', 'Not yours')`,
        [tenantId, userId],
      );
    }
  });

  const page = (query: Record<string, string>) =>
    call<Page<MessageItem>>(server.base, 'GET', withQuery(PATHS.unreadMessages, query), { token });
  const unread = async () =>
    (await call<number>(server.base, 'GET', PATHS.unreadCount, { token })).body.data;

  it('lists the welcome messages of the demo user, unread, and counts them', async () => {
    const { status, body } = await page({ isRead: '0', current: '1', size: '10' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 2, current: 1, size: 10 });
    expect(body.data.records.map((message) => message.title).sort()).toEqual([
      'Real-name verification complete',
      'Welcome to eSign',
    ]);
    expect(body.data.records[0]).toMatchObject({
      isRead: 0,
      receiverCompanyId: null,
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) as unknown,
    });
    expect(await unread()).toBe(2);
  });

  it('filters by read state and pages through the user’s own messages only', async () => {
    const [first] = (await page({ isRead: '0' })).body.data.records;
    await server.database.query('UPDATE messages SET is_read = true WHERE id = $1', [first!.id]);
    expect((await page({ isRead: '0' })).body.data.total).toBe(1);
    expect((await page({ isRead: '1' })).body.data.records.map((message) => message.id)).toEqual([
      first!.id,
    ]);
    const second = (await page({ current: '2', size: '1' })).body.data;
    expect(second).toMatchObject({ total: 2, current: 2, size: 1 });
    expect(second.records).toHaveLength(1);
    expect(await unread()).toBe(1);
  });

  it('refuses bad paging and a missing session', async () => {
    const tooBig = await page({ size: '1000' });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.msg).toContain('size');
    expect((await page({ isRead: '2' })).status).toBe(400);
    expect((await call(server.base, 'GET', PATHS.unreadCount)).status).toBe(401);
  });
});

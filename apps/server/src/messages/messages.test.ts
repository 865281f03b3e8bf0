import {
  MESSAGE_REDIRECT,
  PATHS,
  type MessageItem,
  type MessagesMarked,
  type MessagesRemoved,
  type Page,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQuery } from '../test-support/account';
import { addUser } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { insertMessage } from './write';

describe.each(BACKENDS)('the message centre on $name', (backend) => {
  const server = useTestServer(backend);
  let token: string;
  /** The ids of the neighbour's message (this tenant) and the stranger's (another tenant). */
  const foreign: string[] = [];

  beforeAll(async () => {
    token = (await login(server.base, '13800000001')).access_token;
    // Someone else's messages, in this tenant and in another, that must never show.
    const neighbour = await addUser(server.database, { phone: '13800000051' });
    const stranger = await addUser(server.database, { phone: '13800000001', tenantId: '000003' });
    for (const [tenantId, userId] of [
      ['000000', neighbour],
      ['000003', stranger],
    ] as const) {
      const [row] = await server.database.query<{ id: string }>(
        `INSERT INTO messages (tenant_id, user_id, title, content) VALUES ($1, $2, 'Private', 'Not yours')
         RETURNING id`,
        [tenantId, userId],
      );
      foreign.push(String(row!.id));
    }
  });

  /** A page of the user's messages; `lang` is the request's `Lang` header. */
  const page = (query: Record<string, string>, lang?: string, bearer = token) =>
    call<Page<MessageItem>>(server.base, 'GET', withQuery(PATHS.unreadMessages, query), {
      token: bearer,
      ...(lang === undefined ? {} : { headers: { Lang: lang } }),
    });
  const unread = async () =>
    (await call<number>(server.base, 'GET', PATHS.unreadCount, { token })).body.data;
  const mark = (query: Record<string, string>, signedIn = true) =>
    call<MessagesMarked>(
      server.base,
      'POST',
      withQuery(PATHS.markMessagesRead, query),
      signedIn ? { token } : {},
    );
  /** Whether each of `ids` is read, as the table holds it. */
  const readState = async (ids: readonly string[]) =>
    (
      await server.database.query<{ is_read: boolean }>(
        'SELECT is_read FROM messages WHERE id = ANY($1::bigint[]) ORDER BY id',
        [ids],
      )
    ).map((row) => row.is_read);

  it('lists the welcome messages of the demo user, unread, and counts them', async () => {
    const { status, body } = await page({ isRead: '0', current: '1', size: '10' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 2, current: 1, size: 10 });
    expect(body.data.records.map((message) => message.title).sort()).toEqual([
      'Real-name verification complete',
      'Welcome to eSign',
    ]);
    // In Chinese when the request asks for it.
    const zh = await page({ isRead: '0', current: '1', size: '10' }, 'zh');
    expect(zh.body.data.records.map((message) => message.title).sort()).toEqual(
      ['实名认证已完成', '欢迎使用电子签'].sort(),
    );
    expect(body.data.records[0]).toMatchObject({
      isRead: 0,
      receiverCompanyId: null,
      redirectType: null,
      businessId: null,
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

  it('marks the user’s own message read, and unread again', async () => {
    const before = await unread();
    const [target] = (await page({ isRead: '0' })).body.data.records;
    const id = target!.id;
    const isReadOf = async () =>
      (await page({ size: '100' })).body.data.records.find((message) => message.id === id)?.isRead;

    // isRead defaults to 1.
    const marked = await mark({ messageCenterIds: id });
    expect(marked).toMatchObject({ status: 200, body: { success: true, data: { updated: 1 } } });
    expect(await unread()).toBe(before - 1);
    expect(await isReadOf()).toBe(1);
    // Already read: nothing changes, nothing is counted.
    expect((await mark({ isRead: '1', messageCenterIds: id })).body.data).toEqual({ updated: 0 });

    const unmarked = await mark({ isRead: '0', messageCenterIds: ` ${id} ` });
    expect(unmarked.body.data).toEqual({ updated: 1 });
    expect(await unread()).toBe(before);
    expect(await isReadOf()).toBe(0);
  });

  it('leaves other people’s messages alone, counts none of them, and says nothing of them', async () => {
    const ownIds = (await page({ isRead: '0' })).body.data.records.map((message) => message.id);
    const before = await unread();
    // This user's id filed under another tenant: not in the session's tenant, so not theirs here.
    const [elsewhere] = await server.database.query<{ id: string }>(
      `INSERT INTO messages (tenant_id, user_id, title, content)
       SELECT '000003', id, 'Elsewhere', 'Another tenant' FROM users
       WHERE tenant_id = '000000' AND phone = '13800000001' RETURNING id`,
    );
    const others = [...foreign, String(elsewhere!.id)];

    const refused = await mark({ messageCenterIds: others.join(',') });
    expect(refused).toMatchObject({ status: 200, body: { success: true, data: { updated: 0 } } });
    // An id nobody has answers the same.
    const missing = await mark({ messageCenterIds: '999999999999' });
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({ ...refused.body, data: { updated: 0 } });
    expect(await readState(others)).toEqual([false, false, false]);

    // Mixed with the user's own: only theirs change and count.
    const mixed = await mark({ messageCenterIds: [...others, ...ownIds, ownIds[0]!].join(',') });
    expect(mixed.body.data).toEqual({ updated: ownIds.length });
    expect(await readState(others)).toEqual([false, false, false]);
    expect(await unread()).toBe(before - ownIds.length);
    await mark({ isRead: '0', messageCenterIds: ownIds.join(',') });
    expect(await unread()).toBe(before);
  });

  it('refuses bad ids and read states, and a missing session', async () => {
    // Neither ids nor all=1: the call says what it needs.
    const neither = await mark({});
    expect(neither.status).toBe(400);
    expect(neither.body.msg).toBe(
      'Name the messages to mark (messageCenterIds), or mark them all (all=1)',
    );
    expect((await mark({ all: 'yes' })).body.msg).toBe('all: Invalid value');
    const bad: Record<string, string>[] = [
      { messageCenterIds: '' },
      { messageCenterIds: ' , ' },
      { messageCenterIds: 'abc' },
      { messageCenterIds: '1,x' },
      { messageCenterIds: '-1' },
      { messageCenterIds: '0' },
      { messageCenterIds: '1.5' },
      { messageCenterIds: '1234567890123456789' },
      { messageCenterIds: Array.from({ length: 101 }, (_, i) => String(i + 1)).join(',') },
    ];
    for (const query of bad) {
      const answer = await mark(query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.msg, JSON.stringify(query)).toMatch(/^messageCenterIds(\.\d+)?: /);
    }
    const badState = await mark({ isRead: '2', messageCenterIds: '1' });
    expect(badState.status).toBe(400);
    expect(badState.body.msg).toBe('isRead: Invalid value');
    expect((await mark({ messageCenterIds: '1' }, false)).status).toBe(401);
  });

  it('marks every message of the user read at once, and no one else’s', async () => {
    await server.database.query(
      `INSERT INTO messages (tenant_id, user_id, title, content)
       SELECT tenant_id, id, 'Another', 'One more' FROM users
       WHERE tenant_id = '000000' AND phone = '13800000001'`,
    );
    const before = await unread();
    expect(before).toBeGreaterThan(1);
    const all = await mark({ all: '1' });
    expect(all.body.data).toEqual({ updated: before });
    expect(await unread()).toBe(0);
    expect(await readState(foreign)).toEqual([false, false]);
    // all=1 wins over ids: back to unread, every one (those read before too).
    const total = (await page({})).body.data.total;
    expect((await mark({ isRead: '0', all: '1', messageCenterIds: '1' })).body.data).toEqual({
      updated: total,
    });
    expect(await unread()).toBe(total);
  });

  it('removes the user’s own messages only, and refuses a bad body', async () => {
    const remove = (body: unknown, signedIn = true) =>
      call<MessagesRemoved>(
        server.base,
        'POST',
        PATHS.removeMessages,
        signedIn ? { token, body } : { body },
      );
    const [first] = (await page({})).body.data.records;
    const total = (await page({})).body.data.total;
    const removed = await remove({ messageCenterIds: [first!.id, ...foreign] });
    expect(removed).toMatchObject({ status: 200, body: { data: { removed: 1 } } });
    const after = (await page({ size: '100' })).body.data;
    expect(after.total).toBe(total - 1);
    expect(after.records.map((message) => message.id)).not.toContain(first!.id);
    // The others' messages are still there, untouched.
    expect(await readState(foreign)).toEqual([false, false]);
    // Removing it again removes nothing.
    expect((await remove({ messageCenterIds: [first!.id] })).body.data).toEqual({ removed: 0 });

    for (const body of [{}, { messageCenterIds: [] }, { messageCenterIds: ['x'] }, null]) {
      const answer = await remove(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await remove({ messageCenterIds: ['1'] }, false)).status).toBe(401);
  });

  it('gives each message in the request’s language, and an old one as it was written', async () => {
    const phone = '13800000052';
    const userId = await addUser(server.database, { phone });
    const reader = (await login(server.base, phone)).access_token;
    // Written before migration 26: both languages run together, no Chinese columns.
    const old = {
      title: 'A party filled in / 签署方已填写',
      content: 'Party B filled in its fields.\nB 方已填写。',
    };
    await server.database.query(
      `INSERT INTO messages (tenant_id, user_id, title, content) VALUES ('000000', $1, $2, $3)`,
      [userId, old.title, old.content],
    );
    await insertMessage(server.database, {
      tenantId: '000000',
      userId,
      companyId: null,
      title: { en: 'Contract expired', zh: '合同已过期' },
      content: { en: 'It can no longer be signed.', zh: '合同已失效，不能再签署。' },
      redirectType: MESSAGE_REDIRECT.contract,
      businessId: '42',
    });
    const texts = async (lang?: string) =>
      (await page({}, lang, reader)).body.data.records.map(({ title, content }) => ({
        title,
        content,
      }));

    // Newest first: the new message in the language asked for, the old one as it is.
    const english = [{ title: 'Contract expired', content: 'It can no longer be signed.' }, old];
    expect(await texts('en')).toEqual(english);
    expect(await texts('zh')).toEqual([
      { title: '合同已过期', content: '合同已失效，不能再签署。' },
      old,
    ]);
    expect(await texts('zh-CN')).toEqual(await texts('zh'));
    // No Lang: English.
    expect(await texts()).toEqual(english);
    const [written] = (await page({}, 'zh', reader)).body.data.records;
    expect(written).toMatchObject({ redirectType: 7, businessId: '42', isRead: 0 });
  });

  it('refuses bad paging and a missing session', async () => {
    const tooBig = await page({ size: '1000' });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.msg).toContain('size');
    expect((await page({ isRead: '2' })).status).toBe(400);
    expect((await call(server.base, 'GET', PATHS.unreadCount)).status).toBe(401);
  });
});

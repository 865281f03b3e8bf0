import {
  PATHS,
  type MessageItem,
  type MessageStreamEnd,
  type TokenResponse,
} from '@esign/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { DEMO_PASSWORD } from '../seed';
import { addMember } from '../companies/roles';
import { addCompany, addUser, demoCompanyId, loginInto } from '../test-support/companies';
import {
  messageIds,
  openEventStream,
  openMessageStream,
  received,
  streamTicket,
  type EventStreamClient,
} from '../test-support/event-stream';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { until } from '../test-support/until';
import { STREAM_TIMINGS } from './stream';
import { insertMessage } from './write';

const heartbeatMs = STREAM_TIMINGS.heartbeatMs;
beforeAll(() => {
  // Heartbeats often enough to be seen in a test.
  STREAM_TIMINGS.heartbeatMs = 100;
});
afterAll(() => {
  STREAM_TIMINGS.heartbeatMs = heartbeatMs;
});

/** Writes a message for a user (in a company's console when given); gives its id. */
async function message(
  database: Pick<Database, 'query'>,
  userId: number,
  { tenantId = '000000', companyId = null as number | null, title = 'Hello' } = {},
): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    `INSERT INTO messages (tenant_id, user_id, company_id, title, content, title_zh, content_zh)
     VALUES ($1, $2, $3, $4, 'Some words', $4 || '（中文）', '一些话') RETURNING id`,
    [tenantId, userId, companyId, title],
  );
  return String(row!.id);
}

const userIdOf = async (database: Database, phone: string, tenantId = '000000') =>
  Number(
    (
      await database.query<{ id: string }>(
        'SELECT id FROM users WHERE phone = $1 AND tenant_id = $2',
        [phone, tenantId],
      )
    )[0]!.id,
  );

const endReason = (stream: EventStreamClient) => {
  const end = stream.events.find((event) => event.event === 'end');
  return end ? (JSON.parse(end.data) as MessageStreamEnd).reason : null;
};

describe.each(BACKENDS)('messages that arrive by themselves on $name', (backend) => {
  const server = useTestServer(backend);
  const open: EventStreamClient[] = [];
  afterAll(() => {
    for (const stream of open) stream.close();
  });
  const streamOf = async (
    token: string,
    options?: Parameters<typeof openMessageStream>[2],
    base = server.base,
  ) => {
    const stream = await openMessageStream(base, token, options);
    open.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  let phones = 0;
  /** A new real-name verified user, member of a new company; signed into it. */
  const member = async () => {
    const phone = `1370000${String(phones++).padStart(4, '0')}`;
    const companyId = await addCompany(server.database, { name: `Stream Co. ${phone}` });
    const userId = await addUser(server.database, {
      phone,
      company: { id: companyId, role: 'employee' },
    });
    return { phone, userId, companyId };
  };

  it('gives each stream exactly its user’s messages: not another user’s, tenant’s or console’s', async () => {
    const person = await login(server.base, '13800000001');
    const personId = await userIdOf(server.database, '13800000001');
    const colleague = await member();
    const colleagueSession = await loginInto(server.base, colleague.phone, colleague.companyId);
    // The same phone in another tenant: another person.
    const stranger = await addUser(server.database, { phone: '13800000001', tenantId: '000003' });

    const mine = await streamOf(person.access_token, { headers: { Lang: 'zh' } });
    const theirs = await streamOf(colleagueSession.access_token);
    expect(mine.contentType).toBe('text/event-stream; charset=utf-8');

    const before = await message(server.database, personId, { title: 'Written before' });
    const personal = await message(server.database, personId, { title: 'Personal' });
    // A company message of the person's own: it travels as the page shows it, in every console.
    const company = await message(server.database, personId, {
      companyId: colleague.companyId,
      title: 'For the person, from a company',
    });
    const colleagues = await message(server.database, colleague.userId, {
      companyId: colleague.companyId,
      title: 'For the colleague in their company',
    });
    await message(server.database, stranger, { tenantId: '000003', title: 'Another tenant' });
    // Written through the writers' helper, in a transaction rolled back: it never existed.
    await server.database
      .transaction(async (tx) => {
        await insertMessage(tx, {
          tenantId: '000000',
          userId: personId,
          companyId: null,
          title: { en: 'Rolled back', zh: '已回滚' },
          content: { en: 'x', zh: 'x' },
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    // A last message each, after which nothing else of theirs may come.
    const lastMine = await message(server.database, personId, { title: 'Last' });
    const lastTheirs = await message(server.database, colleague.userId, { title: 'Last' });
    await received(mine, lastMine);
    await received(theirs, lastTheirs);

    // "Written before" was committed after the stream opened, so it comes too; nothing older does.
    expect(messageIds(mine)).toEqual([before, personal, company, lastMine]);
    expect(messageIds(theirs)).toEqual([colleagues, lastTheirs]);
    // In the stream's language, as the page gives it.
    const item = JSON.parse(mine.events[1]!.data) as MessageItem;
    expect(item).toMatchObject({
      id: personal,
      title: 'Personal（中文）',
      content: '一些话',
      isRead: 0,
      receiverCompanyId: null,
    });
    expect(JSON.parse(mine.events[2]!.data)).toMatchObject({
      receiverCompanyId: colleague.companyId,
    });
    expect(JSON.parse(theirs.events[0]!.data)).toMatchObject({
      title: 'For the colleague in their company',
    });
    // Heartbeats keep the idle connection up.
    await until(async () => mine.comments >= 3, 5_000);
  });

  it('catches a reconnecting stream up from Last-Event-ID, and a new one from lastEventId', async () => {
    const person = await member();
    const { access_token: token } = await login(server.base, person.phone);
    const first = await streamOf(token);
    const seen = await message(server.database, person.userId, { title: 'Seen' });
    await received(first, seen);
    first.close();
    await first.ended;

    const missed = [
      await message(server.database, person.userId, { title: 'Missed 1' }),
      await message(server.database, person.userId, {
        title: 'Missed 2',
        companyId: person.companyId,
      }),
    ];
    // The browser's reconnection sends the last id it had as a header.
    const again = await streamOf(token, { headers: { 'Last-Event-ID': seen } });
    await received(again, missed[1]!);
    expect(messageIds(again)).toEqual(missed);

    // A new EventSource (after a new ticket) names it in the query instead.
    const renewed = await streamOf(token, { lastEventId: missed[0]! });
    await received(renewed, missed[1]!);
    expect(messageIds(renewed)).toEqual([missed[1]]);

    // Without either, nothing written before the stream opened is sent.
    const fresh = await streamOf(token);
    const next = await message(server.database, person.userId, { title: 'Next' });
    await received(fresh, next);
    expect(messageIds(fresh)).toEqual([next]);
  });

  it('opens only with a valid ticket, which is not an access token', async () => {
    const { access_token: token } = await login(server.base, '13800000001');
    const stream = (ticket: string) =>
      openEventStream(server.base, `${PATHS.messageStream}?ticket=${encodeURIComponent(ticket)}`);

    // An access token does not open the stream, and a ticket does not sign calls in.
    const withAccessToken = await stream(token);
    expect(withAccessToken.status).toBe(401);
    expect(JSON.parse(withAccessToken.refusal)).toMatchObject({ code: 401, success: false });
    const ticket = await streamTicket(server.base, token);
    const asBearer = await call(server.base, 'GET', PATHS.userInfo, { token: ticket });
    expect(asBearer.status).toBe(401);
    expect((await stream(`${ticket.slice(0, -2)}xx`)).status).toBe(401);
    expect((await openEventStream(server.base, PATHS.messageStream)).status).toBe(400);
    // The ticket call is a signed-in one.
    expect((await call(server.base, 'POST', PATHS.messageStreamTicket)).status).toBe(401);

    // An expired ticket.
    const ttl = STREAM_TIMINGS.ticketTtlS;
    STREAM_TIMINGS.ticketTtlS = -1;
    try {
      expect((await stream(await streamTicket(server.base, token))).status).toBe(401);
    } finally {
      STREAM_TIMINGS.ticketTtlS = ttl;
    }
    const good = await stream(ticket);
    open.push(good);
    expect(good.status).toBe(200);
  });

  it('ends a stream when its session ends: logout and a password change elsewhere', async () => {
    const person = await member();
    const loggingOut = await login(server.base, person.phone);
    const stream = await streamOf(loggingOut.access_token);
    const ticket = await streamTicket(server.base, loggingOut.access_token);
    const answer = await call(server.base, 'POST', PATHS.logout, {
      token: loggingOut.access_token,
      body: {},
    });
    expect(answer.status).toBe(200);
    await stream.ended;
    expect(endReason(stream)).toBe('sessionEnded');
    // Its ticket opens nothing any more.
    const after = await openEventStream(
      server.base,
      `${PATHS.messageStream}?ticket=${encodeURIComponent(ticket)}`,
    );
    expect(after.status).toBe(401);

    // A password changed in another session ends this one's stream; the changer's goes on.
    const other = await login(server.base, person.phone);
    const changer = await login(server.base, person.phone);
    const othersStream = await streamOf(other.access_token);
    const changersStream = await streamOf(changer.access_token);
    const changed = await call(server.base, 'POST', PATHS.changePassword, {
      token: changer.access_token,
      body: {
        oldPassword: DEMO_PASSWORD,
        newPassword: 'Changed123',
        confirmPassword: 'Changed123',
      },
    });
    expect(changed.status).toBe(200);
    await othersStream.ended;
    expect(endReason(othersStream)).toBe('sessionEnded');
    const still = await message(server.database, person.userId, { title: 'Still here' });
    await received(changersStream, still);
    expect(changersStream.done()).toBe(false);
  });

  it('ends a company console’s stream when the member is forbidden there', async () => {
    const person = await member();
    const demoId = await demoCompanyId(server.database);
    const admin = await loginInto(server.base, '13800000002', demoId);
    const adminId = await userIdOf(server.database, '13800000002');
    // The person is a member of the demo company too, in whose console the stream is opened.
    await addMember(server.database, demoId, person.userId, 'employee');
    const inDemo: TokenResponse = await loginInto(server.base, person.phone, demoId);
    const inOwn = await loginInto(server.base, person.phone, person.companyId);
    const demoStream = await streamOf(inDemo.access_token);
    const ownStream = await streamOf(inOwn.access_token);
    const adminStream = await streamOf(admin.access_token);

    const forbidden = await call(server.base, 'POST', PATHS.staffForbid, {
      token: admin.access_token,
      body: { userId: String(person.userId) },
    });
    expect(forbidden.status).toBe(200);
    await demoStream.ended;
    expect(endReason(demoStream)).toBe('companyAccessEnded');
    // A new ticket for that console is refused as every call of it is.
    const refused = await call(server.base, 'POST', PATHS.messageStreamTicket, {
      token: inDemo.access_token,
    });
    expect(refused.status).toBe(403);
    // The person's other console and the administrator's stream go on.
    const [forPerson, forAdmin] = [
      await message(server.database, person.userId, { title: 'After' }),
      await message(server.database, adminId, { title: 'After' }),
    ];
    await received(ownStream, forPerson);
    await received(adminStream, forAdmin);
    expect(ownStream.done() || adminStream.done()).toBe(false);
  });

  it('delivers a message committed by another server process on the same database', async () => {
    const another = await server.startAnother();
    try {
      const person = await member();
      const { access_token: token } = await login(server.base, person.phone);
      // The stream on the second process; the message written through the first's connection.
      const stream = await streamOf(token, {}, another.base);
      const id = await message(server.database, person.userId, { title: 'From the first' });
      await received(stream, id);
      // And the other way round.
      const back = await streamOf(token);
      const other = await message(another.database, person.userId, { title: 'From the second' });
      await received(back, other);
      expect(messageIds(back)).toEqual([other]);

      // A closing server ends its streams instead of waiting for them (the tab reconnects).
      const closing = await streamOf(token, {}, another.base);
      const closed = another.app.close();
      await closing.ended;
      await closed;
      expect(endReason(closing)).toBeNull();
    } finally {
      await another.close();
    }
  });
});

import { createHash } from 'node:crypto';
import {
  PATHS,
  SEAL_QR_TTL_SECONDS,
  type HandwriteTicket,
  type HandwriteTicketInfo,
  type HandwriteTicketState,
  type PersonalSeal,
} from '@esign/platform';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQuery } from '../test-support/account';
import { addUser } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { HANDWRITE_TICKETS_PER_HOUR } from './handwrite';

/** A drawing pad's PNG: black strokes on transparency. */
let drawing = '';
/** A pad's PNG with nothing drawn. */
let blank = '';

beforeAll(async () => {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="200">` +
      `<path d="M 40 140 C 120 20, 220 190, 300 90 S 420 60, 470 130" stroke="#000" stroke-width="8" fill="none"/>` +
      `</svg>`,
  );
  drawing = (await sharp(svg).png().toBuffer()).toString('base64');
  blank = (
    await sharp({
      create: { width: 500, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
  ).toString('base64');
});

describe.each(BACKENDS)('handwriting on a phone on $name', (backend) => {
  let now = new Date('2026-11-24T08:00:00.000Z');
  const server = useTestServer(backend, { clock: () => now });
  let phone = 13800007600;
  const person = async (name = '张三') => {
    const number = String(phone++);
    const id = await addUser(server.database, { phone: number });
    await server.database.query('UPDATE users SET name = $2 WHERE id = $1', [id, name]);
    return { id, token: (await login(server.base, number)).access_token };
  };

  const newTicket = (token: string) =>
    call<HandwriteTicket>(server.base, 'POST', PATHS.handwriteTicketCreate, { token });
  const state = async (token: string, ticket: string) =>
    (
      await call<HandwriteTicketState>(
        server.base,
        'GET',
        withQuery(PATHS.handwriteTicketState, { ticket }),
        { token },
      )
    ).body.data;
  const info = (ticket: string, lang = 'en') =>
    call<HandwriteTicketInfo>(
      server.base,
      'GET',
      withQuery(PATHS.handwriteTicketInfo, { ticket }),
      {
        headers: { Lang: lang },
      },
    );
  const submit = (ticket: string, image = drawing, lang = 'en') =>
    call<null>(server.base, 'POST', PATHS.handwriteTicketSubmit, {
      body: { ticket, image },
      headers: { Lang: lang },
    });

  it('desktop ticket → phone info → phone submit → the desktop sees the seal made', async () => {
    const owner = await person('张三');
    const made = await newTicket(owner.token);
    expect(made.status).toBe(200);
    const { ticket, path, expiresAt } = made.body.data;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(path).toBe(`/seal-handwrite?ticket=${ticket}`);
    expect(expiresAt).toBe(new Date(now.getTime() + SEAL_QR_TTL_SECONDS * 1000).toISOString());
    // Only the ticket's hash is kept.
    const rows = await server.database.query<{ ticket_sha256: string }>(
      'SELECT ticket_sha256 FROM seal_handwrite_tickets WHERE user_id = $1',
      [owner.id],
    );
    expect(rows).toEqual([{ ticket_sha256: createHash('sha256').update(ticket).digest('hex') }]);

    expect(await state(owner.token, ticket)).toEqual({ status: 'waiting', seal: null });
    const shown = await info(ticket);
    expect(shown.body).toMatchObject({ success: true, data: { name: '张三', expiresAt } });
    expect(JSON.stringify(shown.body)).not.toMatch(/1380000/);

    const submitted = await submit(ticket, drawing, 'zh');
    expect(submitted).toMatchObject({ status: 200, body: { success: true } });
    const done = await state(owner.token, ticket);
    expect(done).toMatchObject({
      status: 'done',
      seal: { name: '手写签名', makeWay: 'handwrite', shape: null, status: 'normal' },
    });
    const listed = (
      await call<PersonalSeal[]>(server.base, 'GET', PATHS.personalSealList, {
        token: owner.token,
      })
    ).body.data;
    expect(listed).toContainEqual(done.seal);
    // The drawing is the first seal, so the default; no name seal was made beside it.
    expect(listed).toHaveLength(1);
    expect(listed[0]!.default).toBe(true);

    const [message] = await server.database.query<{
      title: string;
      title_zh: string | null;
      redirect_type: number;
    }>('SELECT title, title_zh, redirect_type FROM messages WHERE user_id = $1', [owner.id]);
    expect(message).toEqual({
      title: 'Signature drawn on your phone',
      title_zh: '手机手写签名已添加',
      redirect_type: 5,
    });
  });

  it('takes one drawing per ticket, even two at once', async () => {
    const owner = await person();
    const { ticket } = (await newTicket(owner.token)).body.data;
    const answers = await Promise.all([submit(ticket), submit(ticket)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const again = await submit(ticket);
    expect(again).toMatchObject({
      status: 400,
      body: { msg: 'This QR code has already been used; please scan a new one' },
    });
    expect((await info(ticket, 'zh')).body.msg).toBe('该二维码已使用，请重新扫码');
    const seals = await server.database.query(
      `SELECT 1 FROM seals WHERE owner_user_id = $1 AND make_way = 'handwrite'`,
      [owner.id],
    );
    expect(seals).toHaveLength(1);
    const done = await state(owner.token, ticket);
    expect(done).toMatchObject({ status: 'done', seal: { name: 'Hand-drawn signature' } });
  });

  it(`expires ${SEAL_QR_TTL_SECONDS / 60} minutes after it was made`, async () => {
    const owner = await person();
    const { ticket } = (await newTicket(owner.token)).body.data;
    const start = now;
    try {
      now = new Date(start.getTime() + (SEAL_QR_TTL_SECONDS - 1) * 1000);
      expect(await state(owner.token, ticket)).toEqual({ status: 'waiting', seal: null });
      expect((await info(ticket)).status).toBe(200);
      now = new Date(start.getTime() + SEAL_QR_TTL_SECONDS * 1000);
      expect(await state(owner.token, ticket)).toEqual({ status: 'expired', seal: null });
      expect(await info(ticket)).toMatchObject({
        status: 400,
        body: { msg: 'QR code expired, please refresh' },
      });
      expect(await submit(ticket, drawing, 'zh')).toMatchObject({
        status: 400,
        body: { msg: '二维码已过期，请刷新' },
      });
    } finally {
      now = start;
    }
    expect(
      await server.database.query('SELECT 1 FROM seals WHERE owner_user_id = $1', [owner.id]),
    ).toHaveLength(0);
  });

  it('answers a made-up ticket as expired, and another person’s ticket as expired to them', async () => {
    const madeUp = 'A'.repeat(43);
    expect((await info(madeUp)).body.msg).toBe('QR code expired, please refresh');
    expect((await submit(madeUp)).body.msg).toBe('QR code expired, please refresh');
    expect((await info('short')).status).toBe(400);
    const owner = await person();
    const other = await person('李四');
    expect(await state(owner.token, madeUp)).toEqual({ status: 'expired', seal: null });
    const { ticket } = (await newTicket(owner.token)).body.data;
    await submit(ticket);
    expect(await state(other.token, ticket)).toEqual({ status: 'expired', seal: null });
    expect((await state(owner.token, ticket)).status).toBe('done');
  });

  it('keeps the ticket when the drawing is refused, and refuses the state call without a session', async () => {
    const owner = await person();
    const { ticket } = (await newTicket(owner.token)).body.data;
    expect(await submit(ticket, blank)).toMatchObject({
      status: 400,
      body: { msg: 'The picture is blank; please draw or upload the seal again' },
    });
    expect((await submit(ticket)).status).toBe(200);
    const anonymous = await call(
      server.base,
      'GET',
      withQuery(PATHS.handwriteTicketState, { ticket }),
    );
    expect(anonymous.status).toBe(401);
  });

  it(`limits a person to ${HANDWRITE_TICKETS_PER_HOUR} tickets an hour`, async () => {
    const owner = await person();
    for (let i = 0; i < HANDWRITE_TICKETS_PER_HOUR; i++)
      expect((await newTicket(owner.token)).status).toBe(200);
    const refused = await call(server.base, 'POST', PATHS.handwriteTicketCreate, {
      token: owner.token,
      headers: { Lang: 'zh' },
    });
    expect(refused).toMatchObject({
      status: 429,
      body: { msg: '二维码生成或提交过于频繁，请稍后再试' },
    });
    // Another person is not held back by it.
    expect((await newTicket((await person()).token)).status).toBe(200);
  });
});

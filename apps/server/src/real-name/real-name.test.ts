import {
  PATHS,
  type OperatorReview,
  type RealNameFaceResult,
  type RealNameFaceStart,
  type RealNameReview,
  type RealNameState,
  type UserInfo,
} from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { outboxCode, withQuery, wrongCode } from '../test-support/account';
import { addUser } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { setOperator } from '../operator/access';
import { safeSvg } from './id-photos';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const pngUrl = `data:image/png;base64,${PNG.toString('base64')}`;
const svgUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const EVIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">' +
  '<script>alert(document.cookie)</script><a xlink:href="javascript:alert(2)"><rect width="9" height="9"/></a>' +
  '<foreignObject><iframe src="https://evil.example"/></foreignObject><image href="https://evil.example/x.png"/></svg>';

describe('safeSvg', () => {
  it('keeps the drawing and strips scripts, handlers, foreign objects and outside links', () => {
    const safe = safeSvg(EVIL_SVG)!;
    expect(safe).toContain('<rect width="9" height="9"/>');
    for (const bad of [
      'script',
      'onload',
      'javascript',
      'foreignObject',
      'iframe',
      'evil.example',
    ]) {
      expect(safe).not.toContain(bad);
    }
    expect(safeSvg('<svg><scr<script></script>ipt>alert(1)</script></svg>')).not.toMatch(
      /<script/i,
    );
    expect(safeSvg('<html><svg></svg></html>')).toBeNull();
    expect(safeSvg('<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>')).toBeNull();
  });
});

describe.each(BACKENDS)('personal real-name verification on $name', (backend) => {
  const server = useTestServer(backend);
  let serial = 0;

  /** A new account, not verified, signed in to the personal console. */
  async function person() {
    serial += 1;
    const phone = `1371000${String(serial).padStart(4, '0')}`;
    const id = await addUser(server.database, { phone });
    await server.database.query('UPDATE users SET real_name_verified = false WHERE id = $1', [id]);
    const { access_token } = await login(server.base, phone);
    return { id, phone, token: access_token };
  }
  /** A distinct ID number that the development providers accept (not ending in 4). */
  let ids = 0;
  const idNumber = () => `1101011990${String(++ids).padStart(7, '0')}1`;

  const post = <T>(path: string, token: string, body: unknown, headers?: Record<string, string>) =>
    call<T>(server.base, 'POST', path, { token, body, ...(headers ? { headers } : {}) });
  const get = <T>(
    path: string,
    token: string,
    query: Record<string, string> = {},
    lang: 'en' | 'zh' = 'en',
  ) =>
    call<T>(server.base, 'GET', Object.keys(query).length ? withQuery(path, query) : path, {
      token,
      headers: { Lang: lang },
    });
  const state = async (token: string) =>
    (await get<RealNameState>(PATHS.realNameState, token)).body.data;
  const userInfo = async (token: string) => (await get<UserInfo>(PATHS.userInfo, token)).body.data;
  const forgetLimits = () =>
    server.database.query("DELETE FROM rate_events WHERE bucket LIKE 'real-name%'");

  /** An operator, made as `npm run operator -- <phone>` makes one. */
  async function operator() {
    const account = await person();
    expect(await setOperator(server.database, account.phone, true)).toBe(1);
    return account;
  }

  async function byPhone(who: { phone: string; token: string }, name: string, id: string) {
    const sent = await post(PATHS.sendMsgForAuth, who.token, {
      name,
      idNumber: id,
      agreement: true,
    });
    expect(sent.status, sent.body.msg).toBe(200);
    const code = await outboxCode(server.base, who.phone);
    return post(PATHS.realNameAuth, who.token, { name, idNumber: id, code, agreement: true });
  }

  it('verifies by phone three-element: name, ID number and the account’s phone with its code', async () => {
    const who = await person();
    expect((await userInfo(who.token)).authStep).toBe('NOT');
    expect(await state(who.token)).toMatchObject({
      verified: false,
      development: { identity: true, face: true, bankCard: true },
    });
    const answer = await byPhone(who, '李四', idNumber());
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ verified: true, name: '李四' });
    expect(await userInfo(who.token)).toMatchObject({ authStep: 'VERIFIED', name: '李四' });
    const [row] = await server.database.query<{ id_hash: string }>(
      'SELECT id_hash FROM real_name_identities WHERE user_id = $1',
      [who.id],
    );
    expect(row!.id_hash).toMatch(/^[0-9a-f]{64}$/);
    const again = await post(PATHS.sendMsgForAuth, who.token, {
      name: '李四',
      idNumber: idNumber(),
      agreement: true,
    });
    expect(again.body.msg).toBe('Your real name is already verified');
  });

  it('refuses a wrong and an expired code, an identity the provider does not match, and no agreement', async () => {
    const who = await person();
    const id = idNumber();
    const noAgreement = await post(PATHS.sendMsgForAuth, who.token, { name: '王五', idNumber: id });
    expect(noAgreement.status).toBe(400);
    expect(noAgreement.body.msg).toContain('Please read and accept the agreement');
    const zh = await post(
      PATHS.sendMsgForAuth,
      who.token,
      { name: '王五', idNumber: id, agreement: false },
      { Lang: 'zh' },
    );
    expect(zh.body.msg).toContain('请阅读并同意协议');
    const tooLong = await post(PATHS.sendMsgForAuth, who.token, {
      name: 'x'.repeat(31),
      idNumber: id,
      agreement: true,
    });
    expect(tooLong.status).toBe(400);
    const badId = await post(PATHS.sendMsgForAuth, who.token, {
      name: '王五',
      idNumber: '1234',
      agreement: true,
    });
    expect(badId.body.msg).toContain('The ID number is 5-18 characters');

    await post(PATHS.sendMsgForAuth, who.token, { name: '王五', idNumber: id, agreement: true });
    const code = await outboxCode(server.base, who.phone);
    const wrong = await post(PATHS.realNameAuth, who.token, {
      name: '王五',
      idNumber: id,
      code: wrongCode(code),
      agreement: true,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Your verification code information is inconsistent');
    await server.database.query(
      "UPDATE sms_codes SET expires_at = now() - interval '1 second' WHERE phone = $1 AND purpose = 'real-name'",
      [who.phone],
    );
    const expired = await post(PATHS.realNameAuth, who.token, {
      name: '王五',
      idNumber: id,
      code,
      agreement: true,
    });
    expect(expired.status).toBe(400);
    expect(expired.body.msg).not.toBe(wrong.body.msg);
    expect((await userInfo(who.token)).authStep).toBe('NOT');

    await server.database.query('DELETE FROM sms_codes WHERE phone = $1', [who.phone]);
    const mismatch = await byPhone(who, '王五', '110101199003074'); // ends in 4: the development provider fails it
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.msg).toBe('The name, ID number and phone number do not belong together');
    expect((await state(who.token)).verified).toBe(false);
  });

  it('verifies one ID number for one account of the tenant, whatever the method', async () => {
    const first = await person();
    const second = await person();
    const id = idNumber();
    expect((await byPhone(first, '赵六', id)).status).toBe(200);
    const refused = await post(PATHS.authByBankcard, second.token, {
      name: '赵六',
      idNumber: id.toLowerCase(),
      bankCard: '6222020200112233',
      phone: second.phone,
      agreement: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('This ID number has already verified another account');
    const code = await post(PATHS.sendMsgForAuth, second.token, {
      name: '赵六',
      idNumber: id,
      agreement: true,
    });
    expect(code.status).toBe(409);
    expect((await state(second.token)).verified).toBe(false);
  });

  it('verifies by bank card four-element, and refuses what the bank card provider does not match', async () => {
    const who = await person();
    const body = {
      name: '钱七',
      idNumber: idNumber(),
      bankCard: '6222020200112234',
      phone: '13912345678',
      agreement: true,
    };
    const failed = await post(PATHS.authByBankcard, who.token, body);
    expect(failed.status).toBe(400);
    expect(failed.body.msg).toBe(
      'The name, ID number, bank card and phone number do not belong together',
    );
    const badCard = await post(PATHS.authByBankcard, who.token, { ...body, bankCard: '12ab' });
    expect(badCard.body.msg).toContain('The bank card number is 5-30 digits');
    const passed = await post(PATHS.authByBankcard, who.token, {
      ...body,
      bankCard: '6222020200112235',
    });
    expect(passed.status).toBe(200);
    expect(await userInfo(who.token)).toMatchObject({ authStep: 'VERIFIED', name: '钱七' });
  });

  it('verifies by face once the provider reports passed, and says when it failed', async () => {
    const answerFace = (reference: string, outcome: 'passed' | 'failed') =>
      fetch(`${server.base}/api${PATHS.devFaceCheck}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ reference, outcome }).toString(),
      });
    const who = await person();
    const query = { name: '孙八', idNumber: idNumber(), agreement: 'true' };
    const noAgreement = await get(PATHS.realNameFaceUrl, who.token, {
      ...query,
      agreement: 'false',
    });
    expect(noAgreement.body.msg).toContain('Please read and accept the agreement');
    const started = await get<RealNameFaceStart>(PATHS.realNameFaceUrl, who.token, query);
    expect(started.body.data).toMatchObject({ development: true });
    const { reference } = started.body.data;
    expect(
      (await get<RealNameFaceResult>(PATHS.realNameFaceResult, who.token, { reference })).body.data,
    ).toEqual({ status: 'pending' });
    // Another user cannot read the check.
    const other = await person();
    expect((await get(PATHS.realNameFaceResult, other.token, { reference })).status).toBe(404);
    await answerFace(reference, 'failed');
    const failed = await get(PATHS.realNameFaceResult, who.token, { reference });
    expect(failed.body.msg).toBe('Your face recognition is inconsistent');

    const retry = await get<RealNameFaceStart>(PATHS.realNameFaceUrl, who.token, query);
    await answerFace(retry.body.data.reference, 'passed');
    const passed = await get<RealNameFaceResult>(PATHS.realNameFaceResult, who.token, {
      reference: retry.body.data.reference,
    });
    expect(passed.body.data).toEqual({ status: 'passed', verified: true, name: '孙八' });
    expect((await userInfo(who.token)).authStep).toBe('VERIFIED');
  });

  it('limits checks per account and per address across processes (counted in the database)', async () => {
    await forgetLimits();
    const who = await person();
    const body = {
      name: '周九',
      idNumber: idNumber(),
      bankCard: '6222020200112234',
      phone: '13912345678',
      agreement: true,
    };
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await post(PATHS.authByBankcard, who.token, body)).status).toBe(400);
    }
    const limited = await post(PATHS.authByBankcard, who.token, {
      ...body,
      bankCard: '6222020200112235',
    });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toBe('Too many verification attempts; please try again tomorrow');
    // The address's limit: 50 checks a day from one address, whoever makes them.
    await forgetLimits();
    await server.database.query(
      "INSERT INTO rate_events (bucket) SELECT 'real-name:ip:127.0.0.1' FROM generate_series(1, 50)",
    );
    const fresh = await person();
    const byAddress = await post(PATHS.authByBankcard, fresh.token, {
      ...body,
      idNumber: idNumber(),
      bankCard: '6222020200112235',
    });
    expect(byAddress.status).toBe(429);
    await forgetLimits();
    expect(
      (
        await post(PATHS.authByBankcard, fresh.token, {
          ...body,
          idNumber: idNumber(),
          bankCard: '6222020200112235',
        })
      ).status,
    ).toBe(200);
  });

  it('takes a manual review with private photos, which an operator approves or rejects with a reason the applicant reads', async () => {
    await forgetLimits();
    const applicant = await person();
    const stranger = await person();
    const reviewer = await operator();
    const id = idNumber();
    const missing = await post(PATHS.artificialAuth, applicant.token, {
      name: '吴十',
      idNumber: id,
      front: '',
      back: pngUrl,
      agreement: true,
    });
    expect(missing.body.msg).toContain('Please upload the front and back of your ID card');
    const pdfAsPng = `data:image/png;base64,${Buffer.from('%PDF-1.7 not an image').toString('base64')}`;
    const wrongType = await post(PATHS.artificialAuth, applicant.token, {
      name: '吴十',
      idNumber: id,
      front: pdfAsPng,
      back: pngUrl,
      agreement: true,
    });
    expect(wrongType.body.msg).toBe('ID photos only support JPG, JPEG, PNG and SVG images');
    const huge = `data:image/png;base64,${Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]).toString('base64')}`;
    const tooBig = await post(PATHS.artificialAuth, applicant.token, {
      name: '吴十',
      idNumber: id,
      front: huge,
      back: pngUrl,
      agreement: true,
    });
    expect(tooBig.body.msg).toBe('An ID photo cannot exceed 4MB');

    const submitted = await post<RealNameReview>(PATHS.artificialAuth, applicant.token, {
      name: '吴十',
      idNumber: id,
      front: pngUrl,
      back: svgUrl(EVIL_SVG),
      agreement: true,
    });
    expect(submitted.status).toBe(200);
    const review = submitted.body.data;
    expect(review).toMatchObject({ status: 'pending', name: '吴十', reason: null });
    expect(review.idNumber).toMatch(/^110\*+\d{4}$/);
    const twice = await post(PATHS.artificialAuth, applicant.token, {
      name: '吴十',
      idNumber: id,
      front: pngUrl,
      back: pngUrl,
      agreement: true,
    });
    expect(twice.body.msg).toBe('Your manual review is waiting for an operator');

    // Photos: the owner and operators only; anyone else finds nothing.
    const photo = (token: string, side: 'front' | 'back') =>
      fetch(
        `${server.base}/api${withQuery(PATHS.idPhoto, { reviewId: String(review.id), side })}`,
        {
          headers: { 'Blade-Auth': `bearer ${token}` },
        },
      );
    const own = await photo(applicant.token, 'front');
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);
    const back = await photo(reviewer.token, 'back');
    expect(back.headers.get('content-type')).toBe('image/svg+xml');
    expect(back.headers.get('content-security-policy')).toContain('sandbox');
    const svg = await back.text();
    expect(svg).toContain('<rect');
    expect(svg).not.toMatch(/script|onload|javascript|foreignObject/i);
    expect((await photo(stranger.token, 'front')).status).toBe(404);

    // Operators only: an ordinary user is refused.
    const list = await get(PATHS.operatorReviews, stranger.token);
    expect(list.status).toBe(403);
    expect(list.body.msg).toBe('Only platform operators can review real-name applications');
    expect(
      (await post(PATHS.operatorDecide, applicant.token, { id: review.id, approve: true })).status,
    ).toBe(403);

    const pending = await get<OperatorReview[]>(PATHS.operatorReviews, reviewer.token);
    expect(pending.body.data.map((entry) => entry.id)).toContain(review.id);
    const noReason = await post(PATHS.operatorDecide, reviewer.token, {
      id: review.id,
      approve: false,
      reason: ' ',
    });
    expect(noReason.body.msg).toBe('Please give the reason for the rejection');
    const rejected = await post<OperatorReview>(PATHS.operatorDecide, reviewer.token, {
      id: review.id,
      approve: false,
      reason: 'The back of the card is blurred',
    });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reason: 'The back of the card is blurred',
    });
    expect(
      (await post(PATHS.operatorDecide, reviewer.token, { id: review.id, approve: true })).status,
    ).toBe(409);
    expect((await state(applicant.token)).review).toMatchObject({
      status: 'rejected',
      reason: 'The back of the card is blurred',
    });
    expect((await userInfo(applicant.token)).authStep).toBe('NOT');

    const resubmitted = await post<RealNameReview>(PATHS.artificialAuth, applicant.token, {
      name: '吴十',
      idNumber: id,
      front: pngUrl,
      back: pngUrl,
      agreement: true,
    });
    const approved = await post<OperatorReview>(PATHS.operatorDecide, reviewer.token, {
      id: resubmitted.body.data.id,
      approve: true,
    });
    expect(approved.body.data.status).toBe('approved');
    expect(await state(applicant.token)).toMatchObject({
      verified: true,
      name: '吴十',
      review: { status: 'approved' },
    });
    expect((await userInfo(applicant.token)).authStep).toBe('VERIFIED');
    const [notice] = await server.database.query<{ title: string; title_zh: string | null }>(
      'SELECT title, title_zh FROM messages WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [applicant.id],
    );
    expect(notice).toEqual({
      title: 'Real-name verification approved',
      title_zh: '实名认证审核通过',
    });
  });

  it('refuses an operator taken back (npm run operator -- <phone> --remove) at the operator calls', async () => {
    const reviewer = await operator();
    expect((await get(PATHS.operatorReviews, reviewer.token)).status).toBe(200);
    expect((await state(reviewer.token)).operator).toBe(true);
    expect(await setOperator(server.database, reviewer.phone, false)).toBe(1);
    const refused = await get(PATHS.operatorReviews, reviewer.token, {}, 'zh');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('仅平台运营人员可审核实名申请');
  });

  it('limits manual reviews per account', async () => {
    await forgetLimits();
    const applicant = await person();
    const reviewer = await operator();
    const submit = () =>
      post<RealNameReview>(PATHS.artificialAuth, applicant.token, {
        name: '郑一',
        idNumber: idNumber(),
        front: pngUrl,
        back: pngUrl,
        agreement: true,
      });
    for (let round = 0; round < 3; round++) {
      const review = await submit();
      expect(review.status).toBe(200);
      await post(PATHS.operatorDecide, reviewer.token, {
        id: review.body.data.id,
        approve: false,
        reason: 'Unreadable',
      });
    }
    const limited = await submit();
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toBe('Too many reviews submitted; please try again tomorrow');
  });
});

import {
  PATHS,
  type BankOption,
  type CompanyAuthApplication,
  type CompanyCheck,
  type CompanyCodeSentTo,
  type CompanyFaceStarted,
  type CompanyListItem,
  type DevPayment,
  type MicroPaymentSent,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxCode, withQuery, wrongCode } from '../test-support/account';
import { addUser } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { approveApplication } from './approve';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PDF_DATA_URL = `data:application/pdf;base64,${PDF.toString('base64')}`;

describe.each(BACKENDS)('company real-name verification on $name', (backend) => {
  const server = useTestServer(backend);
  let phones = 13900002000;
  let codes = 100;

  /** A fresh real-name-verified person (or not) and their personal session's token. */
  async function person(verified = true): Promise<{ id: number; phone: string; token: string }> {
    const phone = String(phones++);
    const id = await addUser(server.database, { phone });
    if (!verified) {
      await server.database.query('UPDATE users SET real_name_verified = false WHERE id = $1', [
        id,
      ]);
    }
    return { id, phone, token: (await login(server.base, phone)).access_token };
  }
  const creditCode = (prefix = '91') => `${prefix}110000${String(codes++).padStart(10, '0')}`;
  const info = (name: string, code = creditCode()) => ({
    companyName: name,
    creditCode: code,
    legalName: 'Zhang San',
  });
  const post = <T>(
    path: string,
    token: string,
    body: unknown,
    base = server.base,
    headers: Record<string, string> = {},
  ) => call<T>(base, 'POST', path, { token, body, headers });
  const get = <T>(path: string, token: string, query: Record<string, string> = {}) =>
    call<T>(server.base, 'GET', withQuery(path, query), { token });
  async function begin(token: string, body: object): Promise<CompanyAuthApplication> {
    const { status, body: answer } = await post<CompanyAuthApplication>(
      PATHS.beginCompanyAuth,
      token,
      body,
    );
    if (status !== 200) throw new Error(`begin failed: ${answer.msg}`);
    return answer.data;
  }
  const companies = async (token: string) =>
    (await get<CompanyListItem[]>(PATHS.companyList, token)).body.data;

  beforeAll(() => undefined);

  it('refuses a person who has not verified their real name', async () => {
    const who = await person(false);
    const refused = await post(PATHS.beginCompanyAuth, who.token, info('Unverified Co.'));
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Please authenticate your name first');
    expect((await get(PATHS.companyAuthList, who.token)).body.data).toEqual([]);
  });

  it('checks the details: credit code, an individual business’s code, names already verified', async () => {
    const who = await person();
    const bad = await post(PATHS.validateCompanyInfo, who.token, {
      ...info('Checked Co.'),
      creditCode: '12345',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Incorrect unified social credit code');
    const zh = await call(server.base, 'POST', PATHS.validateCompanyInfo, {
      token: who.token,
      body: { ...info('Checked Co.'), creditCode: '12345' },
      headers: { Lang: 'zh' },
    });
    expect(zh.body.msg).toContain('统一社会信用代码不正确');
    const business = await post(PATHS.validateCompanyInfo, who.token, {
      ...info('Corner Shop'),
      kind: 'business',
    });
    expect(business.status).toBe(400);
    expect(business.body.msg).toContain('begins with 92');
    expect(
      (
        await post(PATHS.validateCompanyInfo, who.token, {
          ...info('Corner Shop', creditCode('92')),
          kind: 'business',
        })
      ).body,
    ).toMatchObject({ success: true, data: { valid: true } });

    const demo = await post<CompanyCheck>(PATHS.checkCompany, who.token, {
      companyName: 'Demo Technology Co., Ltd.',
    });
    expect(demo.body.data).toMatchObject({ exists: true });
    expect(
      (await post<CompanyCheck>(PATHS.checkCompany, who.token, { companyName: 'Nobody Ltd.' })).body
        .data,
    ).toEqual({ exists: false, companyId: null });
    const taken = await post(PATHS.beginCompanyAuth, who.token, info('Demo Technology Co., Ltd.'));
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe(
      'This company is already verified on the platform: apply to join it instead',
    );
  });

  it('verifies by the legal representative’s code: the company exists, listed, with the applicant as administrator', async () => {
    const who = await person();
    const code = creditCode();
    const application = await begin(who.token, info('Legal Way Co., Ltd.', code));
    expect(application).toMatchObject({ status: 'pending', method: null, companyId: null });
    expect(await companies(who.token)).toEqual([]);
    const list = (await get<CompanyAuthApplication[]>(PATHS.companyAuthList, who.token)).body.data;
    expect(list.map((item) => item.id)).toEqual([application.id]);

    const early = await post(PATHS.companyAuthByLegal, who.token, {
      id: application.id,
      code: '123456',
    });
    expect(early.status).toBe(409);
    const sent = await post<CompanyCodeSentTo>(PATHS.companyLegalAuth, who.token, {
      id: application.id,
      legalPhone: '13700001111',
    });
    expect(sent.body.data).toMatchObject({ phone: '137****1111' });
    const right = await outboxCode(server.base, '13700001111');
    const wrong = await post(PATHS.companyAuthByLegal, who.token, {
      id: application.id,
      code: wrongCode(right),
    });
    expect(wrong.status).toBe(400);
    expect(await companies(who.token)).toEqual([]);

    const done = await post<CompanyAuthApplication>(PATHS.companyAuthByLegal, who.token, {
      id: application.id,
      code: right,
    });
    expect(done.body.data).toMatchObject({ status: 'approved', method: 'legal' });
    const companyId = done.body.data.companyId!;
    expect(await companies(who.token)).toEqual([
      { id: companyId, companyName: 'Legal Way Co., Ltd.', authStatus: 1, role: 'admin' },
    ]);
    const [row] = await server.database.query<{ credit_code: string; legal_phone: string }>(
      'SELECT credit_code, legal_name, legal_phone FROM companies WHERE id = $1',
      [companyId],
    );
    expect(row).toMatchObject({
      credit_code: code,
      legal_name: 'Zhang San',
      legal_phone: '13700001111',
    });

    // The name and the credit code are now taken, for anyone.
    const other = await person();
    const sameName = await post(PATHS.beginCompanyAuth, other.token, info('legal way co., ltd.'));
    expect(sameName.body.msg).toContain('already verified');
    const sameCode = await post(PATHS.beginCompanyAuth, other.token, info('Other Name Co.', code));
    expect(sameCode.status).toBe(409);
    expect(sameCode.body.msg).toBe(
      'This unified social credit code is already verified on the platform',
    );
    const finished = await post(PATHS.removeConnect, who.token, { id: application.id });
    expect(finished.status).toBe(409);
  });

  it('verifies by micro-payment: three wrong amounts end it, and a new application can begin', async () => {
    const who = await person();
    const banks = (await get<BankOption[]>(PATHS.bankDropDown, who.token)).body.data;
    expect(banks).toContainEqual({
      code: 'ICBC',
      name: 'Industrial and Commercial Bank of China',
      nameZh: '中国工商银行',
    });
    const first = await begin(who.token, info('Transfer Co., Ltd.'));
    const refusedAccount = await post(PATHS.applyMicroPayment, who.token, {
      id: first.id,
      bankCode: 'ICBC',
      bankAccount: '6222000000000004',
    });
    expect(refusedAccount.body.msg).toContain('The transfer to this account failed');
    const unknownBank = await post(PATHS.applyMicroPayment, who.token, {
      id: first.id,
      bankCode: 'NOPE',
      bankAccount: '6222000000000001',
    });
    expect(unknownBank.body.msg).toBe('Please choose the bank');
    const applied = await post<MicroPaymentSent>(PATHS.applyMicroPayment, who.token, {
      id: first.id,
      bankCode: 'ICBC',
      bankAccount: '6222 0000 0000 0001',
    });
    expect(applied.body.data).toMatchObject({
      expectedHours: 2,
      development: true,
      application: {
        method: 'payment',
        payment: { account: '****0001', attemptsLeft: 3, development: true },
      },
    });
    expect(applied.body.data.application.payment!.devReference).toBe(
      applied.body.data.devReference,
    );
    const paid = (
      await get<DevPayment>(PATHS.devPayment, who.token, {
        reference: applied.body.data.devReference!,
      })
    ).body.data;
    expect(Number(paid.amount)).toBeGreaterThanOrEqual(0.01);
    expect(Number(paid.amount)).toBeLessThanOrEqual(0.99);
    const wrongAmount = paid.amount === '0.50' ? '0.51' : '0.50';

    const malformed = await post(PATHS.companyAuthByMicroPayment, who.token, {
      id: first.id,
      amount: '1.5',
    });
    expect(malformed.body.msg).toContain('Enter an amount between 0 and 1 with at most 2 decimals');
    for (const left of [2, 1]) {
      const wrong = await post(PATHS.companyAuthByMicroPayment, who.token, {
        id: first.id,
        amount: wrongAmount,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ data: { attemptsLeft: left } });
    }
    const third = await post(PATHS.companyAuthByMicroPayment, who.token, {
      id: first.id,
      amount: wrongAmount,
    });
    expect(third.status).toBe(409);
    expect(third.body.msg).toBe(
      'Payment attempts exceeded three times, return home and re-authenticate',
    );
    const late = await post(PATHS.companyAuthByMicroPayment, who.token, {
      id: first.id,
      amount: paid.amount,
    });
    expect(late.body.msg).toBe('This company verification is already finished');
    expect((await get(PATHS.enterpriseInfo, who.token, { id: first.id })).body.data).toMatchObject({
      status: 'failed',
    });
    expect(await companies(who.token)).toEqual([]);

    const again = await begin(who.token, info('Transfer Co., Ltd.'));
    const reapplied = await post<MicroPaymentSent>(PATHS.applyMicroPayment, who.token, {
      id: again.id,
      bankCode: 'CMB',
      bankAccount: '6225880000000001',
    });
    const amount = (
      await get<DevPayment>(PATHS.devPayment, who.token, {
        reference: reapplied.body.data.devReference!,
      })
    ).body.data.amount;
    const right = await post<CompanyAuthApplication>(PATHS.companyAuthByMicroPayment, who.token, {
      id: again.id,
      amount: amount.replace(/0$/, ''),
    });
    expect(right.body.data).toMatchObject({ status: 'approved' });
    expect((await companies(who.token)).map((company) => company.companyName)).toEqual([
      'Transfer Co., Ltd.',
    ]);
  });

  it('verifies by the legal representative’s face: a failed check says so, a passed one makes the company', async () => {
    const answerFace = (url: string, outcome: 'passed' | 'failed') =>
      fetch(`${server.base}/api${PATHS.devFaceCheck}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          reference: new URL(url, server.base).searchParams.get('reference')!,
          outcome,
        }).toString(),
      });
    const who = await person();
    const application = await begin(who.token, info('Face Co., Ltd.'));
    const started = await get<CompanyFaceStarted>(PATHS.companyFaceAuthUrl, who.token, {
      id: application.id,
    });
    expect(started.body.data.development).toBe(true);
    expect(
      (await get(PATHS.companyFaceAuthResult, who.token, { id: application.id })).body.data,
    ).toMatchObject({ status: 'pending', method: 'face' });
    await answerFace(started.body.data.url, 'failed');
    const failed = await get(PATHS.companyFaceAuthResult, who.token, { id: application.id });
    expect(failed.body.msg).toBe('Your face recognition is inconsistent');
    expect(await companies(who.token)).toEqual([]);

    const again = await get<CompanyFaceStarted>(PATHS.companyFaceAuthUrl, who.token, {
      id: application.id,
    });
    await answerFace(again.body.data.url, 'passed');
    const passed = await get<CompanyAuthApplication>(PATHS.companyFaceAuthResult, who.token, {
      id: application.id,
    });
    expect(passed.body.data).toMatchObject({ status: 'approved' });
    expect((await companies(who.token))[0]).toMatchObject({ companyName: 'Face Co., Ltd.' });
  });

  it('keeps the authorisation letter private and pending until an operator approves it', async () => {
    const who = await person();
    const application = await begin(who.token, info('Letter Co., Ltd.'));
    const notALetter = await post(PATHS.certificateAuth, who.token, {
      id: application.id,
      letter: `data:application/pdf;base64,${Buffer.from('<html>').toString('base64')}`,
    });
    expect(notALetter.body.msg).toContain('PDF, JPG or PNG');
    const uploaded = await post<CompanyAuthApplication>(PATHS.certificateAuth, who.token, {
      id: application.id,
      letter: PDF_DATA_URL,
    });
    expect(uploaded.body.data).toMatchObject({ status: 'pendingReview', letter: true });
    const letter = await fetch(
      `${server.base}/api${withQuery(PATHS.certificateLetter, { id: application.id })}`,
      { headers: { 'Blade-Auth': `bearer ${who.token}` } },
    );
    expect(letter.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await letter.arrayBuffer()).equals(PDF)).toBe(true);
    const stranger = await person();
    const hidden = await fetch(
      `${server.base}/api${withQuery(PATHS.certificateLetter, { id: application.id })}`,
      { headers: { 'Blade-Auth': `bearer ${stranger.token}` } },
    );
    expect(hidden.status).toBe(404);
    expect((await get(PATHS.enterpriseInfo, stranger.token, { id: application.id })).status).toBe(
      404,
    );
    const [stored] = await server.database.query<{ letter_key: string }>(
      'SELECT letter_key FROM company_auth_applications WHERE id = $1',
      [application.id],
    );
    expect(stored!.letter_key).toMatch(/^company-auth\/[0-9a-f-]{36}\.pdf$/);

    const inReview = await post(PATHS.companyLegalAuth, who.token, {
      id: application.id,
      legalPhone: '13700002222',
    });
    expect(inReview.body.msg).toContain('being reviewed');
    expect(await companies(who.token)).toEqual([]);

    await server.database.transaction((tx) => approveApplication(tx, Number(application.id)));
    expect((await companies(who.token))[0]).toMatchObject({
      companyName: 'Letter Co., Ltd.',
      role: 'admin',
    });
  });

  it('allows one unfinished application at a time; withdrawing one lets another begin', async () => {
    const who = await person();
    const first = await begin(who.token, info('First Try Co.'));
    const second = await post(PATHS.beginCompanyAuth, who.token, info('Second Try Co.'));
    expect(second.status).toBe(409);
    expect(second.body.msg).toContain('unfinished company verification');
    const stranger = await person();
    expect((await post(PATHS.removeConnect, stranger.token, { id: first.id })).status).toBe(404);
    const withdrawn = await post<CompanyAuthApplication>(PATHS.removeConnect, who.token, {
      id: first.id,
    });
    expect(withdrawn.body.data.status).toBe('withdrawn');
    expect((await begin(who.token, info('Second Try Co.'))).status).toBe('pending');
  });

  it('limits how often one account begins applications, across server processes', async () => {
    const who = await person();
    const other = await server.startAnother();
    try {
      for (let round = 0; round < 10; round++) {
        const base = round % 2 === 0 ? server.base : other.base;
        const begun = await post<CompanyAuthApplication>(
          PATHS.beginCompanyAuth,
          who.token,
          info(`Round ${round} Co.`),
          base,
        );
        expect(begun.status).toBe(200);
        await post(PATHS.removeConnect, who.token, { id: begun.body.data.id }, base);
      }
      const refused = await post(
        PATHS.beginCompanyAuth,
        who.token,
        info('Too Many Co.'),
        other.base,
      );
      expect(refused.status).toBe(429);
      expect(refused.body.msg).toBe('Too many attempts: please try again later');
    } finally {
      await other.close();
    }
  });

  it('limits how many applications one address begins, across server processes', async () => {
    const proxied = [
      await server.startAnother({ trustProxy: true }),
      await server.startAnother({ trustProxy: true }),
    ];
    const from = { 'X-Forwarded-For': '203.0.113.77' };
    try {
      for (let round = 0; round < 30; round++) {
        const who = await person();
        const begun = await post(
          PATHS.beginCompanyAuth,
          who.token,
          info(`Address ${round} Co.`),
          proxied[round % 2]!.base,
          from,
        );
        expect(begun.status).toBe(200);
      }
      const last = await person();
      const refused = await post(
        PATHS.beginCompanyAuth,
        last.token,
        info('Address Too Many Co.'),
        proxied[0]!.base,
        from,
      );
      expect(refused.status).toBe(429);
      // Another address is not held back by that one.
      const elsewhere = await post(
        PATHS.beginCompanyAuth,
        last.token,
        info('Address Elsewhere Co.'),
        proxied[1]!.base,
        { 'X-Forwarded-For': '198.51.100.5' },
      );
      expect(elsewhere.status).toBe(200);
    } finally {
      for (const app of proxied.reverse()) await app.close();
    }
  });

  it('limits how many codes one account sends to legal representatives', async () => {
    const who = await person();
    const application = await begin(who.token, info('Many Phones Co.'));
    for (let round = 0; round < 10; round++) {
      const sent = await post(PATHS.companyLegalAuth, who.token, {
        id: application.id,
        legalPhone: `1360000${String(round).padStart(4, '0')}`,
      });
      expect(sent.status).toBe(200);
    }
    const refused = await post(PATHS.companyLegalAuth, who.token, {
      id: application.id,
      legalPhone: '13600009999',
    });
    expect(refused.status).toBe(429);
    const { body } = await call(
      server.base,
      'GET',
      withQuery(PATHS.devOutbox, { phone: '13600009999' }),
    );
    expect(body.data).toEqual([]);
  });
});

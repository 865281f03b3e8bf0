import { createHash } from 'node:crypto';
import {
  PATHS,
  type AccountClosingBlocked,
  type ContractDetail,
  type ContractPdfLink,
  type ContractSignatures,
  type UnfinishedContracts,
} from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit/audit-trail';
import { DEMO_COMPANY } from '../seed';
import { verifyContractPdf } from '../signing';
import { outboxCode, register, wrongCode } from '../test-support/account';
import { addUser, loginInto } from '../test-support/companies';
import { BACKENDS, call, login, requestToken, useTestServer } from '../test-support/server';
import {
  ADMIN_PHONE,
  PERSON_PHONE,
  forgetSmsLimits,
  sendForSigning,
  signAs,
  signingCast,
  type SigningCast,
} from '../test-support/signing';
import { latestContractFile } from '../contracts/contract-pdf';

const MEMBER_PHONE = '13900003001';

describe.each(BACKENDS)('closing an account on $name', (backend) => {
  const server = useTestServer(backend);
  let cast: SigningCast;
  let personToken: string;
  let contractId: number;

  const closeWith = (token: string, body: unknown) =>
    call<AccountClosingBlocked | null>(server.base, 'POST', PATHS.accountClose, { token, body });
  const sendCodeAs = (token: string) =>
    call<AccountClosingBlocked>(server.base, 'POST', PATHS.sendAccountClosingCode, { token });

  beforeAll(async () => {
    cast = await signingCast(server);
    personToken = (await login(server.base, PERSON_PHONE)).access_token;
    ({ id: contractId } = await sendForSigning(server, cast));
  });

  it('is refused while a contract waits for the user, and says how many', async () => {
    const unfinished = await call<UnfinishedContracts>(
      server.base,
      'GET',
      `${PATHS.contractHasUnfinished}`,
      { token: personToken },
    );
    expect(unfinished.status).toBe(200);
    expect(unfinished.body.data).toEqual({ hasUnfinished: true, count: 1 });

    const sent = await sendCodeAs(personToken);
    expect(sent.status).toBe(409);
    expect(sent.body.msg).toBe('The user to be processed contract is not processed');
    expect(sent.body.data).toEqual({ companies: [], unfinishedContracts: 1 });

    const closed = await closeWith(personToken, { reason: 'Moving away', code: '123456' });
    expect(closed.status).toBe(409);
    expect(closed.body.msg).toBe('The user to be processed contract is not processed');
    const [user] = await server.database.query<{ closed_at: Date | null }>(
      'SELECT closed_at FROM users WHERE id = $1',
      [cast.personId],
    );
    expect(user!.closed_at).toBeNull();
  });

  it('is refused to a member of a company, naming the company, in the user’s language', async () => {
    await addUser(server.database, {
      phone: MEMBER_PHONE,
      company: { id: cast.companyId, role: 'employee' },
    });
    const { access_token } = await login(server.base, MEMBER_PHONE);
    const sent = await sendCodeAs(access_token);
    expect(sent.status).toBe(409);
    expect(sent.body.msg).toBe('The user is associated with an enterprise');
    expect(sent.body.data.companies).toEqual([DEMO_COMPANY]);
    const zh = await call(server.base, 'POST', PATHS.accountClose, {
      token: access_token,
      body: { reason: '不再使用', code: '123456' },
      headers: { Lang: 'zh' },
    });
    expect(zh.status).toBe(409);
    expect(zh.body.msg).toBe('该用户已关联企业，请先退出企业');
    // Even in a company's console: the company is why.
    const inCompany = await loginInto(server.base, MEMBER_PHONE, cast.companyId);
    expect((await sendCodeAs(inCompany.access_token)).status).toBe(409);
  });

  it('closes once the contracts are done: sessions end, login is refused, the phone is free, the contract still verifies', async () => {
    expect((await signAs(server, cast.admin, ADMIN_PHONE, contractId)).status).toBe(200);
    const signed = await signAs(server, cast.person, PERSON_PHONE, contractId);
    expect(signed.body.data.status).toBe('completed');
    const fileBefore = await latestContractFile(server.database, contractId);

    const secondSession = (await login(server.base, PERSON_PHONE)).access_token;
    await forgetSmsLimits(server);
    expect((await sendCodeAs(personToken)).status).toBe(200);
    const code = await outboxCode(server.base, PERSON_PHONE);

    const noReason = await closeWith(personToken, { reason: '  ', code });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('reason: Please tell us why you are closing your account');
    const wrong = await closeWith(personToken, { reason: 'Moving away', code: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Your verification code information is inconsistent');

    // The personal console's counterpart book holds other people's numbers for this person.
    await server.database.query(
      `INSERT INTO counterparts (tenant_id, console_key, owner_user_id, kind, name, phone, source)
       VALUES ('000000', $1, $2, 'person', 'A friend', '13700000123', 'manual')`,
      [`u${cast.personId}`, cast.personId],
    );
    // A hardware key registered to log in with.
    await server.database.query(
      `INSERT INTO hardware_keys (tenant_id, user_id, name, source, serial, fingerprint, public_key,
         subject, issuer, certificate, not_before, not_after)
       VALUES ('000000', $1, 'Desk key', 'issued', 'ab12', repeat('a', 64), '04' || repeat('1', 128),
         'CN=Li Ming', 'CN=eSign Platform CA', 'AAAA', now(), now() + interval '1 year')`,
      [cast.personId],
    );
    const closed = await closeWith(personToken, { reason: 'Moving away', code });
    expect(closed.status).toBe(200);

    // Every session of the user ends at once, with the reason.
    for (const token of [personToken, secondSession]) {
      const info = await call(server.base, 'GET', PATHS.userInfo, { token });
      expect(info.status).toBe(401);
      expect(info.body.msg).toBe(
        'This account has been closed. The phone number can be used to register a new account',
      );
    }
    const refused = await requestToken(server.base, {
      grant_type: 'password',
      tenant_id: '000000',
      username: PERSON_PHONE,
      password: 'Demo12345',
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error_description: string }).error_description).toBe(
      'This account has been closed. The phone number can be used to register a new account',
    );
    const smsLogin = await call(server.base, 'GET', `${PATHS.smsLoginCode}?phone=${PERSON_PHONE}`);
    expect(smsLogin.status).toBe(400);
    expect(smsLogin.body.msg).toMatch(/^This account has been closed/);

    // What identified the person is gone; the row stays for the contracts that name it.
    const [row] = await server.database.query<{
      phone: string;
      name: string;
      password_hash: string | null;
    }>('SELECT phone, name, password_hash FROM users WHERE id = $1', [cast.personId]);
    expect(row).toEqual({ phone: `closed:${cast.personId}`, name: '', password_hash: null });
    const [kept] = await server.database.query<{ phone_hash: string; reason: string }>(
      'SELECT phone_hash, reason FROM closed_accounts WHERE user_id = $1',
      [cast.personId],
    );
    expect(kept!.reason).toBe('Moving away');
    expect(kept!.phone_hash).not.toContain(PERSON_PHONE);
    for (const table of ['real_name_identities', 'messages', 'user_addresses', 'hardware_keys']) {
      const [left] = await server.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`,
        [cast.personId],
      );
      expect(left!.n, table).toBe(0);
    }
    const [book] = await server.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM counterparts WHERE owner_user_id = $1',
      [cast.personId],
    );
    expect(book!.n, 'counterparts').toBe(0);

    // The other party still reads the contract as signed: the PDF untouched, both signatures
    // intact, the audit trail's chain whole, party B named as the contract names it.
    const signatures = await cast.admin.get<ContractSignatures>('contractSignatures', {
      id: contractId,
    });
    expect(signatures.status).toBe(200);
    expect(signatures.body.data.intact).toBe(true);
    expect(signatures.body.data.signatures.map((s) => s.party)).toEqual(['A', 'B']);
    expect(await latestContractFile(server.database, contractId)).toEqual(fileBefore);
    const link = await cast.admin.get<ContractPdfLink>('contractDownloadTicket', {
      id: contractId,
    });
    const pdfAfter = new Uint8Array(
      await (await fetch(`${server.base}${link.body.data.link}`)).arrayBuffer(),
    );
    expect(createHash('sha256').update(pdfAfter).digest('hex')).toBe(fileBefore!.sha256);
    const verified = await verifyContractPdf(server.database, pdfAfter);
    expect(verified.every((s) => s.valid && s.trusted)).toBe(true);
    expect((await verifyAuditChain(server.database, contractId)).ok).toBe(true);
    const detail = await cast.admin.get<ContractDetail<TemplateProject>>('contractDetail', {
      id: contractId,
    });
    expect(detail.body.data.participants.find((p) => p.party === 'B')?.name).toBe('Person');

    // The number registers anew, as a new account that sees nothing of the old one's contracts.
    await forgetSmsLimits(server);
    const fresh = await register(server.base, PERSON_PHONE, 'Fresh12345');
    const list = await call<{ total: number }>(
      server.base,
      'GET',
      `${PATHS.contractDetail}?id=${contractId}`,
      { token: fresh.access_token },
    );
    expect(list.status).not.toBe(200);
  });
});

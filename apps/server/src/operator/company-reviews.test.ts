import {
  PATHS,
  type CompanyAuthApplication,
  type CompanyListItem,
  type OperatorCompanyReview,
} from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { withQuery } from '../test-support/account';
import { addUser } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { setOperator } from './access';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PDF_DATA_URL = `data:application/pdf;base64,${PDF.toString('base64')}`;

describe.each(BACKENDS)('operators review companies’ authorisation letters on $name', (backend) => {
  const server = useTestServer(backend);
  let phones = 13900007000;
  let codes = 500;

  /** A fresh real-name-verified person and their personal session's token. */
  async function person(): Promise<{ id: number; phone: string; token: string }> {
    const phone = String(phones++);
    const id = await addUser(server.database, { phone });
    return { id, phone, token: (await login(server.base, phone)).access_token };
  }
  async function operator() {
    const account = await person();
    expect(await setOperator(server.database, account.phone, true)).toBe(1);
    return account;
  }
  const post = <T>(path: string, token: string, body: unknown, locale?: string) =>
    call<T>(server.base, 'POST', path, {
      token,
      body,
      headers: locale ? { Lang: locale } : {},
    });
  const get = <T>(path: string, token: string, query: Record<string, string> = {}) =>
    call<T>(server.base, 'GET', withQuery(path, query), { token });

  /** `who` begins an application for `companyName` and uploads the signed letter. */
  async function submitLetter(token: string, companyName: string): Promise<string> {
    const begun = await post<CompanyAuthApplication>(PATHS.beginCompanyAuth, token, {
      companyName,
      creditCode: `91110000${String(codes++).padStart(10, '0')}`,
      legalName: 'Zhang San',
    });
    expect(begun.status, begun.body.msg).toBe(200);
    const uploaded = await post<CompanyAuthApplication>(PATHS.certificateAuth, token, {
      id: begun.body.data.id,
      letter: PDF_DATA_URL,
    });
    expect(uploaded.body.data).toMatchObject({ status: 'pendingReview' });
    return begun.body.data.id;
  }
  const lastMessage = async (userId: number) =>
    (
      await server.database.query<{
        title: string;
        content: string;
        title_zh: string | null;
        content_zh: string | null;
      }>(
        'SELECT title, content, title_zh, content_zh FROM messages WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
        [userId],
      )
    )[0];

  it('lets an operator approve a letter: the company exists with the applicant as administrator', async () => {
    const applicant = await person();
    const reviewer = await operator();
    const id = await submitLetter(applicant.token, 'Reviewed Letter Co., Ltd.');

    // Nobody but an operator lists or decides, not even the applicant.
    const listed = await get(PATHS.operatorCompanyReviews, applicant.token);
    expect(listed.status).toBe(403);
    expect(listed.body.msg).toBe('Only platform operators can review real-name applications');
    const selfApproved = await post(PATHS.operatorCompanyDecide, applicant.token, {
      id,
      approve: true,
    });
    expect(selfApproved.status).toBe(403);
    expect(
      (await get<CompanyListItem[]>(PATHS.companyList, applicant.token)).body.data.map(
        (company) => company.companyName,
      ),
    ).not.toContain('Reviewed Letter Co., Ltd.');

    const pending = await get<OperatorCompanyReview[]>(
      PATHS.operatorCompanyReviews,
      reviewer.token,
    );
    expect(pending.status).toBe(200);
    const row = pending.body.data.find((review) => review.id === id);
    expect(row).toMatchObject({
      companyName: 'Reviewed Letter Co., Ltd.',
      legalName: 'Zhang San',
      applicantPhone: `${applicant.phone.slice(0, 3)}****${applicant.phone.slice(-4)}`,
      letterType: 'pdf',
      status: 'pendingReview',
      reason: null,
    });
    expect(row!.creditCode).toMatch(/^91110000/);
    // The stored spelling of the status answers the same.
    const stored = await get<OperatorCompanyReview[]>(
      PATHS.operatorCompanyReviews,
      reviewer.token,
      {
        status: 'pending_review',
      },
    );
    expect(stored.body.data.map((review) => review.id)).toContain(id);

    // The operator reads the letter itself.
    const letter = await fetch(`${server.base}/api${withQuery(PATHS.certificateLetter, { id })}`, {
      headers: { 'Blade-Auth': `bearer ${reviewer.token}` },
    });
    expect(Buffer.from(await letter.arrayBuffer()).equals(PDF)).toBe(true);

    const approved = await post<OperatorCompanyReview>(
      PATHS.operatorCompanyDecide,
      reviewer.token,
      {
        id,
        approve: true,
      },
    );
    expect(approved.status, approved.body.msg).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', reason: null });
    expect(approved.body.data.companyId).toBeGreaterThan(0);

    const companies = (await get<CompanyListItem[]>(PATHS.companyList, applicant.token)).body.data;
    expect(companies).toContainEqual(
      expect.objectContaining({
        id: approved.body.data.companyId,
        companyName: 'Reviewed Letter Co., Ltd.',
        role: 'admin',
        authStatus: 1,
      }),
    );
    const info = await get<CompanyAuthApplication>(PATHS.enterpriseInfo, applicant.token, { id });
    expect(info.body.data).toMatchObject({
      status: 'approved',
      companyId: approved.body.data.companyId,
    });
    expect(await lastMessage(applicant.id)).toMatchObject({
      title: 'Company verification approved',
      title_zh: '企业认证审核通过',
    });

    // Gone from the pending list, listed among the approved ones.
    const after = await get<OperatorCompanyReview[]>(PATHS.operatorCompanyReviews, reviewer.token);
    expect(after.body.data.map((review) => review.id)).not.toContain(id);
    const done = await get<OperatorCompanyReview[]>(PATHS.operatorCompanyReviews, reviewer.token, {
      status: 'approved',
    });
    expect(done.body.data.map((review) => review.id)).toContain(id);

    // Deciding twice, either way, is refused.
    const twice = await post(PATHS.operatorCompanyDecide, reviewer.token, {
      id,
      approve: false,
      reason: 'Too late',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('This company verification has already been decided');
  });

  it('rejects a letter only with a reason, which the applicant reads; then the applicant may begin again', async () => {
    const applicant = await person();
    const reviewer = await operator();
    const id = await submitLetter(applicant.token, 'Refused Letter Co., Ltd.');

    const noReason = await post(PATHS.operatorCompanyDecide, reviewer.token, {
      id,
      approve: false,
      reason: '   ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('Please give the reason for the rejection');
    const tooLong = await post(
      PATHS.operatorCompanyDecide,
      reviewer.token,
      { id, approve: false, reason: 'x'.repeat(201) },
      'zh',
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toContain('原因不能超过 200 个字符');
    // Nothing was decided by the refused calls.
    expect(
      (await get<CompanyAuthApplication>(PATHS.enterpriseInfo, applicant.token, { id })).body.data
        .status,
    ).toBe('pendingReview');

    const rejected = await post<OperatorCompanyReview>(
      PATHS.operatorCompanyDecide,
      reviewer.token,
      {
        id,
        approve: false,
        reason: 'The letter is not stamped',
      },
    );
    expect(rejected.status, rejected.body.msg).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reason: 'The letter is not stamped',
      companyId: null,
    });
    expect(rejected.body.data.reviewedAt).not.toBeNull();

    const info = await get<CompanyAuthApplication>(PATHS.enterpriseInfo, applicant.token, { id });
    expect(info.body.data).toMatchObject({
      status: 'rejected',
      reason: 'The letter is not stamped',
      companyId: null,
    });
    const [row] = await server.database.query<{ reviewed_by: string; reviewed_at: Date | null }>(
      'SELECT reviewed_by, reviewed_at FROM company_auth_applications WHERE id = $1',
      [id],
    );
    expect(Number(row!.reviewed_by)).toBe(reviewer.id);
    expect(row!.reviewed_at).not.toBeNull();
    const told = await lastMessage(applicant.id);
    expect(told!.content).toContain('The letter is not stamped');
    expect(told!.content_zh).toContain('审核未通过：The letter is not stamped');
    expect(
      (await get<CompanyListItem[]>(PATHS.companyList, applicant.token)).body.data.map(
        (company) => company.companyName,
      ),
    ).not.toContain('Refused Letter Co., Ltd.');

    const twice = await post(PATHS.operatorCompanyDecide, reviewer.token, { id, approve: true });
    expect(twice.status).toBe(409);
    const rejectedList = await get<OperatorCompanyReview[]>(
      PATHS.operatorCompanyReviews,
      reviewer.token,
      { status: 'rejected' },
    );
    expect(rejectedList.body.data.find((review) => review.id === id)?.reason).toBe(
      'The letter is not stamped',
    );

    // A rejected application is finished: the applicant may begin another.
    await submitLetter(applicant.token, 'Refused Letter Co., Ltd.');
  });

  it('answers 404 for an application that is not there', async () => {
    const reviewer = await operator();
    const missing = await post(PATHS.operatorCompanyDecide, reviewer.token, {
      id: 999999,
      approve: true,
    });
    expect(missing.status).toBe(404);
  });
});

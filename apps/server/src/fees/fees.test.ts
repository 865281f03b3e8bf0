/**
 * What a console spends (issue 33): the welcome gift, a contract taking one signing at
 * initiation from the source that expires first, consumed at completion and given back when it
 * ends otherwise; nothing left refuses initiating and writes nothing; two initiations never take
 * one last signing; expired sources are never spent; the wallet, gifts, bills, consume records,
 * their counts and their .xlsx exports; a tenant of system type 1 counts nothing.
 */
import {
  CONTRACT_SIGNING_SETTLEMENT,
  PATHS,
  type Bill,
  type ConsumeCount,
  type ConsumeRecord,
  type Gift,
  type Order,
  type Page,
  type QrCodePayment,
  type SignPackage,
  type Wallet,
} from '@esign/platform';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { signingKey } from '../auth/tokens';
import {
  DEVELOPMENT_SIGNATURE_HEADER,
  signDevelopmentNotice,
} from '../providers/qr-payment/development';
import { takeUnit } from './balance';
import { runGiftCommand } from './operator-command';
import { DEMO_COMPANY } from '../seed';
import { loginInto } from '../test-support/companies';
import { BACKENDS, useTestServer, type SuiteServer } from '../test-support/server';
import { templateClient } from '../test-support/templates';
import {
  PERSON_PHONE,
  ADMIN_PHONE,
  sendForSigning,
  sealFor,
  signAs,
  signTicketFor,
  signingCast,
  type SigningCast,
} from '../test-support/signing';

const DAY = 86_400_000;

describe.each(BACKENDS)('fees: signings taken, consumed and returned on $name', (backend) => {
  // The tests move the clock forward (a package's year, a gift's expiry).
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const server: SuiteServer = useTestServer(backend, {
    clock: now,
    fees: { welcome: { signing: 2, evidence: 1 } },
  });
  let cast: SigningCast;
  let key: Uint8Array;
  let adminToken = '';

  const wallet = async () => {
    const answer = await cast.admin.post<Wallet>('wallet', {});
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const signingUnit = async () => (await wallet()).units.find((u) => u.unit === 'signing')!;
  const contracts = async () =>
    Number(
      (
        await server.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM contracts WHERE company_id = $1',
          [cast.companyId],
        )
      )[0]!.n,
    );

  /** Buys and pays one package of the company (the development provider's signed notice). */
  const buy = async (unit: 'signing' | 'evidence' = 'signing') => {
    const packages = (await cast.admin.post<SignPackage[]>('signPackageList', {})).body.data;
    const chosen = packages.find((p) => p.unit === unit)!;
    const made = await cast.admin.post<Order>('buildOrder', {
      packageId: chosen.id,
      agreement: true,
    });
    expect(made.status, made.body.msg).toBe(200);
    const qr = await cast.admin.post<QrCodePayment>('qrCodePay', {
      orderId: made.body.data.id,
      method: 'alipay',
    });
    const reference = new URL(qr.body.data.qrText, server.base).searchParams.get('reference')!;
    const body = JSON.stringify({
      noticeId: `fees-${made.body.data.id}`,
      reference,
      outcome: 'paid',
      amountFen: made.body.data.amountFen,
    });
    const notified = await fetch(`${server.base}/api${PATHS.paymentNotify}/development`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [DEVELOPMENT_SIGNATURE_HEADER]: signDevelopmentNotice(key, body),
      },
      body,
    });
    expect(notified.status).toBe(200);
    return (await cast.admin.post<Order>('getOrder', { id: made.body.data.id })).body.data;
  };

  const records = async (extra: object = {}) =>
    (await cast.admin.post<Page<ConsumeRecord>>('consumeList', { current: 1, size: 50, ...extra }))
      .body.data;

  beforeAll(async () => {
    cast = await signingCast(server);
    key = await signingKey(server.database);
    adminToken = (await loginInto(server.base, ADMIN_PHONE, cast.companyId)).access_token;
  });

  it('gives a console its welcome gift once, and a contract holds one signing of it', async () => {
    const first = await wallet();
    expect(first.units).toEqual([
      { unit: 'signing', remaining: 2, held: 0, expiringSoon: 0, pending: 0 },
      { unit: 'evidence', remaining: 1, held: 0, expiringSoon: 0, pending: 0 },
    ]);
    expect(first.sources.map((s) => [s.kind, s.name, s.remaining])).toEqual([
      ['gift', 'Welcome gift', 2],
      ['gift', 'Welcome gift', 1],
    ]);
    // Asking again gives nothing more.
    expect((await wallet()).units[0]!.remaining).toBe(2);
    const gifts = await cast.admin.post<Page<Gift>>('giftList', { current: 1, size: 10 });
    expect(gifts.body.data.records.map((g) => [g.unit, g.reason, g.total, g.status])).toEqual([
      ['evidence', 'welcome', 1, 'inEffect'],
      ['signing', 'welcome', 2, 'inEffect'],
    ]);

    const sent = await sendForSigning(server, cast, { name: 'Held signing' });
    expect(await signingUnit()).toMatchObject({ remaining: 1, held: 1 });
    const [record] = (await records()).records;
    expect(record).toMatchObject({
      unit: 'signing',
      state: 'held',
      contractId: String(sent.id),
      contractNumber: sent.number,
      contractName: 'Held signing',
      sourceKind: 'gift',
      sourceName: 'Welcome gift',
      sourceNameZh: '新用户赠送',
      settledAt: null,
    });

    // Completing consumes it: both parties sign.
    expect((await signAs(server, cast.admin, ADMIN_PHONE, sent.id)).status).toBe(200);
    const last = await signAs(server, cast.person, PERSON_PHONE, sent.id);
    expect(last.body.data.status).toBe('completed');
    expect(await signingUnit()).toMatchObject({ remaining: 1, held: 0 });
    expect((await records()).records[0]).toMatchObject({ state: 'consumed' });
  });

  it('gives the signing back when a contract is withdrawn or refused', async () => {
    const withdrawn = await sendForSigning(server, cast, { name: 'To withdraw' });
    expect(await signingUnit()).toMatchObject({ remaining: 0, held: 1 });
    const revoked = await cast.admin.post('contractRevoke', { id: withdrawn.id, reason: 'Wrong' });
    expect(revoked.status, revoked.body.msg).toBe(200);
    expect(await signingUnit()).toMatchObject({ remaining: 1, held: 0 });

    const refused = await sendForSigning(server, cast, { name: 'To refuse' });
    const rejected = await cast.person.post('contractReject', {
      id: refused.id,
      reason: 'Not mine',
    });
    expect(rejected.status, rejected.body.msg).toBe(200);
    expect(await signingUnit()).toMatchObject({ remaining: 1, held: 0 });
    const states = (await records()).records.map((r) => [r.contractName, r.state]);
    expect(states).toEqual([
      ['To refuse', 'returned'],
      ['To withdraw', 'returned'],
      ['Held signing', 'consumed'],
    ]);
    const counts = await cast.admin.post<ConsumeCount[]>('consumeCount', {});
    expect(counts.body.data).toEqual([
      { unit: 'signing', held: 0, consumed: 1, returned: 2, consumedThisMonth: 1 },
      { unit: 'evidence', held: 0, consumed: 0, returned: 0, consumedThisMonth: 0 },
    ]);
  });

  it('refuses to initiate with no signing left, writing nothing, and sends to the mall', async () => {
    await sendForSigning(server, cast, { name: 'The last one' });
    expect(await signingUnit()).toMatchObject({ remaining: 0, held: 1 });
    const before = await contracts();
    const refused = await sendForSigning(server, cast, { name: 'One too many' }).catch(
      (error: Error & { answer?: unknown }) => error,
    );
    expect(refused).toMatchObject({
      message:
        'contract/create failed: No signings remain for this account: buy a signing package to initiate the contract',
      // The refusal names the mall of the console, which the web app offers.
      answer: { code: 409, data: { mall: '/enterprise-console/mall' } },
    });
    const zh = await sendForSigning(
      server,
      { ...cast, admin: templateClient(server.base, adminToken, 'zh') },
      { name: 'One too many' },
    ).catch((error: Error) => error.message);
    expect(zh).toBe('contract/create failed: 当前账户签署份数已用完，请购买签署套餐后再发起合同');
    expect(await contracts()).toBe(before);
    const direct = await server.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM fee_consumptions WHERE contract_name = 'One too many'",
    );
    expect(direct[0]!.n).toBe(0);
  });

  it('spends a package after buying one, the source that expires first before the others', async () => {
    const bought = await buy();
    expect(bought).toMatchObject({ status: 'inEffect', unit: 'signing', signingsUsed: 0 });
    const sources = (await wallet()).sources.filter((s) => s.unit === 'signing');
    expect(sources.map((s) => [s.kind, s.remaining])).toEqual([['order', 100]]);
    await sendForSigning(server, cast, { name: 'From the package' });
    expect(
      (await cast.admin.post<Order>('getOrder', { id: bought.id })).body.data.signingsUsed,
    ).toBe(1);
    // An operator's gift that ends before the package goes first; one that ends after it, last.
    const at = now();
    await server.database.query(
      `INSERT INTO fee_gifts (tenant_id, console_key, unit, reason, note, total, granted_at, expires_at)
       VALUES ('000000', $1, 'signing', 'operator', 'Soon', 1, $2, $3),
              ('000000', $1, 'signing', 'operator', 'Late', 1, $2, $4)`,
      [
        `c${cast.companyId}`,
        at,
        new Date(at.getTime() + 10 * DAY),
        new Date(at.getTime() + 500 * DAY),
      ],
    );
    const order = (await wallet()).sources.filter((s) => s.unit === 'signing');
    expect(order.map((s) => [s.kind, s.remaining, s.expiringSoon])).toEqual([
      ['gift', 1, true],
      ['order', 99, false],
      ['gift', 1, false],
    ]);
    expect((await signingUnit()).expiringSoon).toBe(1);
    await sendForSigning(server, cast, { name: 'From the soon gift' });
    const latest = (await records()).records[0]!;
    expect(latest).toMatchObject({ contractName: 'From the soon gift', sourceKind: 'gift' });
    await sendForSigning(server, cast, { name: 'From the package again' });
    expect((await records()).records[0]).toMatchObject({
      sourceKind: 'order',
      orderNumber: bought.number,
      sourceName: bought.packageName,
    });
  });

  it('never takes one last signing twice, however initiations race', async () => {
    // Only the late gift's one signing and the package's remain: use the package up first.
    const bought = (await wallet()).sources.find((s) => s.kind === 'order')!;
    await server.database.query(
      'UPDATE orders SET signings_used = signings_total - 1 WHERE id = $1',
      [bought.id],
    );
    expect((await signingUnit()).remaining).toBe(2);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) => sendForSigning(server, cast, { name: `Race ${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const failed of results.filter((r) => r.status === 'rejected')) {
      expect(String((failed as PromiseRejectedResult).reason)).toContain('No signings remain');
    }
    expect(await signingUnit()).toMatchObject({ remaining: 0 });
    const [sums] = await server.database.query<{ held: number; orders: number; gifts: number }>(
      `SELECT (SELECT count(*)::int FROM fee_consumptions WHERE contract_name LIKE 'Race %') AS held,
         (SELECT signings_used FROM orders WHERE id = $1) AS orders,
         (SELECT used FROM fee_gifts WHERE note = 'Late') AS gifts`,
      [bought.id],
    );
    expect(sums).toEqual({ held: 2, orders: bought.total, gifts: 1 });
  });

  it('consumes held signings exactly once when contracts complete at the same moment', async () => {
    const held = (await records({ state: 'held' })).records.filter((r) =>
      r.contractName.startsWith('Race '),
    );
    expect(held).toHaveLength(2);
    const ids = held.map((r) => Number(r.contractId));
    for (const id of ids) {
      expect((await signAs(server, cast.admin, ADMIN_PHONE, id)).status).toBe(200);
    }
    // Each person's last signature completes its contract; both at once.
    const tickets: string[] = [];
    for (const id of ids) tickets.push(await signTicketFor(server, cast.person, PERSON_PHONE, id));
    const seals = await Promise.all(ids.map((id) => sealFor(cast.person, id)));
    const done = await Promise.all(
      ids.map((id, i) =>
        cast.person.post<{ status: string }>('contractSign', {
          id,
          sealId: seals[i],
          ticket: tickets[i],
        }),
      ),
    );
    expect(done.map((d) => d.body.data.status)).toEqual(['completed', 'completed']);
    const after = (await records()).records.filter((r) => ids.includes(Number(r.contractId)));
    expect(after.map((r) => r.state)).toEqual(['consumed', 'consumed']);
    expect((await signingUnit()).remaining).toBe(0);
  });

  it('never spends a package or gift past its expiry', async () => {
    // A fresh package, then the clock a year and a day later: it expired unspent.
    const fresh = await buy();
    expect((await signingUnit()).remaining).toBe(100);
    offset = 366 * DAY;
    try {
      expect((await signingUnit()).remaining).toBe(0);
      expect((await cast.admin.post<Order>('getOrder', { id: fresh.id })).body.data).toMatchObject({
        status: 'invalid',
        invalidReason: 'expired',
        signingsUsed: 0,
      });
      const refused = await sendForSigning(server, cast, { name: 'After a year' }).catch(
        (error: Error) => error.message,
      );
      expect(refused).toContain('No signings remain');
      const gifts = await cast.admin.post<Page<Gift>>('giftList', { current: 1, size: 10 });
      expect(new Set(gifts.body.data.records.map((g) => g.status))).toEqual(
        new Set(['expired', 'usedUp']),
      );
    } finally {
      offset = 0;
    }
  });

  it('lists and exports the bills and the consume records as .xlsx, in the asked language', async () => {
    const bills = await cast.admin.post<Page<Bill> & { amountFen: number }>('billList', {
      current: 1,
      size: 10,
    });
    expect(bills.body.data.total).toBe(2);
    expect(bills.body.data.amountFen).toBe(100_000);
    expect(bills.body.data.records[0]).toMatchObject({
      unit: 'signing',
      units: 100,
      amountFen: 50_000,
    });
    const later = await cast.admin.post<Page<Bill>>('billList', { from: '2999-01-01' });
    expect(later.body.data.total).toBe(0);

    const workbook = async (path: 'billExport' | 'consumeExport', lang: 'en' | 'zh') => {
      const response = await fetch(`${server.base}/api${PATHS[path]}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'Blade-Auth': `bearer ${adminToken}`,
          Lang: lang,
        },
        body: '{}',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await response.arrayBuffer());
      const sheet = book.worksheets[0]!;
      const rows: string[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
      return rows;
    };
    const billRows = await workbook('billExport', 'zh');
    expect(billRows[0]).toContain('订单号');
    expect(billRows).toHaveLength(3);
    expect(billRows[1]).toContain('500.00');
    expect(billRows[1]).toContain('支付宝');
    const consumeRows = await workbook('consumeExport', 'en');
    expect(consumeRows[0]).toEqual([
      'Unit',
      'State',
      'Contract number',
      'Contract name',
      'Source',
      'Order number',
      'By',
      'Taken at (UTC)',
      'Settled at (UTC)',
    ]);
    const total = (await records()).total;
    expect(consumeRows).toHaveLength(total + 1);
    expect(consumeRows.map((r) => r[3])).toContain('Held signing');
  });

  it('counts nothing in a tenant of system type 1, whose fee screens do not exist', async () => {
    await server.database.query("UPDATE tenants SET sys_type = 1 WHERE id = '000000'");
    try {
      expect((await cast.admin.post('wallet', {})).status).toBe(403);
      expect((await cast.admin.post('consumeList', {})).status).toBe(403);
      const sent = await sendForSigning(server, cast, { name: 'No fees here' });
      const [taken] = await server.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM fee_consumptions WHERE contract_id = $1',
        [sent.id],
      );
      expect(taken!.n).toBe(0);
    } finally {
      await server.database.query("UPDATE tenants SET sys_type = 0 WHERE id = '000000'");
    }
  });

  it('settles a held signing as the platform table says, for every contract status', async () => {
    const at = now();
    await server.database.query(
      `INSERT INTO fee_gifts (tenant_id, console_key, unit, reason, note, total, granted_at, expires_at)
       VALUES ('000000', $1, 'signing', 'operator', 'Statuses', 20, $2, $3),
              ('000000', $1, 'evidence', 'operator', 'Reports', 20, $2, $3)`,
      [`c${cast.companyId}`, at, new Date(at.getTime() + 30 * DAY)],
    );
    for (const [status, settled] of Object.entries(CONTRACT_SIGNING_SETTLEMENT)) {
      const sent = await sendForSigning(server, cast, { name: `Status ${status}` });
      // An evidence copy a report of the contract holds is not the contract's signing.
      const copy = await takeUnit(
        server.database,
        {
          tenantId: '000000',
          consoleKey: `c${cast.companyId}`,
          companyId: cast.companyId,
          userId: cast.adminId,
        },
        { unit: 'evidence', hold: true, contractId: sent.id, label: 'A report' },
        now(),
      );
      // Whatever code moves a contract to a status, the trigger settles its signing.
      await server.database.query(
        "UPDATE contracts SET status = CASE WHEN $2 = 'signing' THEN 'filling' ELSE $2 END WHERE id = $1",
        [sent.id, status],
      );
      const [record] = await server.database.query<{ state: string }>(
        "SELECT state FROM fee_consumptions WHERE contract_id = $1 AND unit = 'signing'",
        [sent.id],
      );
      expect([status, record!.state]).toEqual([status, settled ?? 'held']);
      const [report] = await server.database.query<{ state: string }>(
        'SELECT state FROM fee_consumptions WHERE id = $1',
        [copy!.consumptionId],
      );
      expect([status, report!.state]).toEqual([status, 'held']);
    }
    const [gift] = await server.database.query<{ used: number }>(
      "SELECT used FROM fee_gifts WHERE note = 'Statuses'",
    );
    const kept = Object.values(CONTRACT_SIGNING_SETTLEMENT).filter((s) => s !== 'returned');
    expect(gift!.used).toBe(kept.length);
  });

  it('lets an operator give a console signings or copies with a note', async () => {
    const lines: string[] = [];
    const run = (args: string[]) =>
      runGiftCommand(server.database, args, {
        now: now(),
        out: (line) => lines.push(line),
        problem: (line) => lines.push(line),
      });
    const evidenceBefore = (await wallet()).units.find((u) => u.unit === 'evidence')!.remaining;
    expect(
      await run(['gift', '--company', DEMO_COMPANY, '--evidence', '3', '--note', 'Thanks']),
    ).toBe(0);
    expect(lines.pop()).toMatch(/^Gift \d+: 3 evidence report copies to .+, valid until /);
    expect((await wallet()).units.find((u) => u.unit === 'evidence')!.remaining).toBe(
      evidenceBefore + 3,
    );
    const gifts = await cast.admin.post<Page<Gift>>('giftList', { current: 1, size: 1 });
    expect(gifts.body.data.records[0]).toMatchObject({
      unit: 'evidence',
      reason: 'operator',
      note: 'Thanks',
      total: 3,
      status: 'inEffect',
    });
    // A person's console, by phone.
    expect(await run(['gift', '--phone', PERSON_PHONE, '--signings', '5', '--days', '30'])).toBe(0);
    const personal = await cast.person.post<Wallet>('wallet', {});
    expect(personal.body.data.sources).toContainEqual(
      expect.objectContaining({ kind: 'gift', name: 'Platform gift', total: 5 }),
    );
    // Misused or unknown: nothing given.
    expect(await run(['gift', '--phone', PERSON_PHONE, '--signings', '0'])).toBe(2);
    expect(await run(['gift', '--phone', PERSON_PHONE, '--signings', '1', '--evidence', '1'])).toBe(
      2,
    );
    expect(await run(['gift', '--phone', '13999999999', '--signings', '1'])).toBe(1);
    expect(lines.pop()).toBe('No account of tenant 000000 has the phone 13999999999.');
  });
});

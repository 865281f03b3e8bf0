/**
 * The fee center's calls beyond orders (spec 001 §2, §7 sicpay-account; issue 33): the wallet,
 * the platform's gifts, the bills and their export, the consume records, their counts and their
 * export. Each reads the session's console (`c<company>` / `u<user>`); the welcome gift is given
 * on the first of them (or the first initiation). Refused in a tenant of system type 1.
 *
 * Who: in a company `fee:wallet` (wallet, consume records), `fee:gift`, `fee:bill`; in the
 * personal console the person holds them all. Real-name verification is required as for orders.
 */
import {
  EXPIRING_SOON_DAYS,
  FEE_EXAMPLES,
  FEE_UNITS,
  GIFT_NAMES,
  PATHS,
  billFilterBody,
  billListBody,
  consumeCountBody,
  consumeFilterBody,
  consumeListBody,
  formatYuan,
  giftListBody,
  walletBody,
  type Bill,
  type ConsumeCount,
  type ConsumeRecord,
  type FeeUnit,
  type Gift,
  type GiftReason,
  type Locale,
  type Page,
  type Wallet,
  type WalletSource,
} from '@esign/platform';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { bookOf } from '../counterparts/book';
import { streamSheet } from '../counterparts/spreadsheet';
import { contentDisposition } from '../http/content-disposition';
import { ApiError, route } from '../http/route';
import { applyClock } from '../orders/orders';
import { SqlParams } from '../templates/access';
import { ensureWelcomeGifts, feesApply, type FeeOwner } from './balance';

const TAG = 'sicpay-account';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows an export reads at a time. */
const EXPORT_BATCH = 1_000;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The session's console as a fee owner, its gifts ensured and its orders' clock applied. */
async function ownerOf(
  context: AppContext,
  session: { tenantId: string; userId: number | string; companyId: number | string },
): Promise<FeeOwner> {
  if (!(await feesApply(context.database, session.tenantId))) {
    throw new ApiError('noPermission', 403);
  }
  const book = bookOf(session);
  const owner = {
    tenantId: book.tenantId,
    consoleKey: book.consoleKey,
    companyId: book.companyId,
    userId: book.userId,
  };
  const now = context.now();
  await ensureWelcomeGifts(context.database, owner, context.fees, now);
  const params = new SqlParams();
  await applyClock(
    context.database,
    now,
    `o.tenant_id = ${params.add(owner.tenantId)} AND o.console_key = ${params.add(owner.consoleKey)}`,
    params,
  );
  return owner;
}

/** `t.tenant_id` / `t.console_key` of the owner, as SQL. */
const ofOwner = (owner: FeeOwner, params: SqlParams, alias: string) =>
  `${alias}.tenant_id = ${params.add(owner.tenantId)} AND ${alias}.console_key = ${params.add(owner.consoleKey)}`;

/** A day (yyyy-MM-dd) as the start of that day, or of the next, in UTC. */
const dayStart = (day: string, next = false) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + (next ? 86_400_000 : 0));

function validDay(day: string | undefined): Date | undefined {
  if (day === undefined) return undefined;
  const at = dayStart(day);
  if (Number.isNaN(at.getTime())) throw new ApiError('invalidValue', 400);
  return at;
}

interface ConsumeRow {
  id: string;
  unit: FeeUnit;
  state: ConsumeRecord['state'];
  contract_id: string | null;
  contract_number: string;
  contract_name: string;
  report_id: string | null;
  source_kind: 'order' | 'gift';
  gift_reason: GiftReason | null;
  package_name: string | null;
  package_name_zh: string | null;
  order_number: string | null;
  user_name: string;
  taken_at: Date | string;
  settled_at: Date | string | null;
}

const CONSUME_COLUMNS = `c.id, c.unit, c.state, c.contract_id, c.contract_number, c.contract_name,
  c.report_id, c.source_kind, g.reason AS gift_reason, o.package_name, o.package_name_zh,
  o.number AS order_number, c.user_name, c.taken_at, c.settled_at`;
const CONSUME_FROM = `fee_consumptions c
  LEFT JOIN fee_gifts g ON c.source_kind = 'gift' AND g.id = c.source_id
  LEFT JOIN orders o ON c.source_kind = 'order' AND o.id = c.source_id`;

function consumeOf(row: ConsumeRow): ConsumeRecord {
  const gift = row.gift_reason ? GIFT_NAMES[row.gift_reason] : null;
  return {
    id: String(row.id),
    unit: row.unit,
    state: row.state,
    contractId: row.contract_id === null ? null : String(row.contract_id),
    contractNumber: row.contract_number,
    contractName: row.contract_name,
    reportId: row.report_id === null ? null : String(row.report_id),
    sourceKind: row.source_kind,
    sourceName: gift?.en ?? row.package_name ?? '',
    sourceNameZh: gift?.zh ?? row.package_name_zh ?? '',
    orderNumber: row.order_number,
    userName: row.user_name,
    takenAt: iso(row.taken_at)!,
    settledAt: iso(row.settled_at),
  };
}

/** The consume records' WHERE for a filter. */
function consumeWhere(
  owner: FeeOwner,
  params: SqlParams,
  filter: {
    unit?: FeeUnit | undefined;
    state?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): string {
  let where = ofOwner(owner, params, 'c');
  if (filter.unit) where += ` AND c.unit = ${params.add(filter.unit)}`;
  if (filter.state) where += ` AND c.state = ${params.add(filter.state)}`;
  const from = validDay(filter.from);
  if (from) where += ` AND c.taken_at >= ${params.add(from)}`;
  if (filter.to) {
    validDay(filter.to);
    where += ` AND c.taken_at < ${params.add(dayStart(filter.to, true))}`;
  }
  return where;
}

interface BillRow {
  id: string;
  number: string;
  paid_at: Date | string;
  package_name: string;
  package_name_zh: string;
  unit: FeeUnit;
  quantity: number;
  signings_total: number;
  amount_fen: string | number;
  payment_method: Bill['paymentMethod'];
}

const BILL_COLUMNS = `o.id, o.number, o.paid_at, o.package_name, o.package_name_zh, o.unit,
  o.quantity, o.signings_total, o.amount_fen, o.payment_method`;

function billOf(row: BillRow): Bill {
  return {
    id: String(row.id),
    orderNumber: row.number,
    paidAt: iso(row.paid_at)!,
    packageName: row.package_name,
    packageNameZh: row.package_name_zh,
    unit: row.unit,
    quantity: row.quantity,
    units: row.signings_total,
    amountFen: Number(row.amount_fen),
    paymentMethod: row.payment_method,
  };
}

function billWhere(
  owner: FeeOwner,
  params: SqlParams,
  filter: { from?: string | undefined; to?: string | undefined },
): string {
  let where = `${ofOwner(owner, params, 'o')} AND o.paid_at IS NOT NULL`;
  const from = validDay(filter.from);
  if (from) where += ` AND o.paid_at >= ${params.add(from)}`;
  if (filter.to) {
    validDay(filter.to);
    where += ` AND o.paid_at < ${params.add(dayStart(filter.to, true))}`;
  }
  return where;
}

/** What the exports write, in the request's language. */
const WORDS = {
  en: {
    signing: 'Signing',
    evidence: 'Evidence report copy',
    held: 'Held',
    consumed: 'Consumed',
    returned: 'Returned',
    alipay: 'Alipay',
    wechat: 'WeChat Pay',
    unionpay: 'UnionPay cloud flash pay',
  },
  zh: {
    signing: '签署',
    evidence: '出证',
    held: '占用中',
    consumed: '已消耗',
    returned: '已退回',
    alipay: '支付宝',
    wechat: '微信支付',
    unionpay: '云闪付',
  },
} as const;

const utcTime = (value: string | null) => (value ? value.replace('T', ' ').slice(0, 19) : '');

/** Streams an .xlsx answer while `write` fills it; a failure midway cuts the file (logged). */
function sendSheet(
  reply: FastifyReply,
  sheet: Awaited<ReturnType<typeof streamSheet>>,
  fileName: string,
  write: () => Promise<void>,
) {
  write()
    .then(() => sheet.end())
    .catch((error: unknown) => {
      reply.log.error({ err: error }, 'fee export failed');
      sheet.abort(error as Error);
    });
  return reply
    .type(XLSX)
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('cache-control', 'private, no-store')
    .send(sheet.readable);
}

const exportName = (what: 'bills' | 'consume', locale: Locale, now: Date) => {
  const date = now.toISOString().slice(0, 10);
  if (locale === 'zh') return `${what === 'bills' ? '账单' : '消耗记录'}-${date}.xlsx`;
  return `${what === 'bills' ? 'bills' : 'consume-records'}-${date}.xlsx`;
};

export async function feeRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.wallet,
    summary:
      'The console’s wallet: per unit (signings, evidence report copies) what can be spent now, what contracts under way hold, what ends within 30 days and what starts later; and each source with units left (packages, gifts) in the order they are spent — the first to expire first',
    tag: TAG,
    permission: 'fee:wallet',
    realName: true,
    body: walletBody,
    example: { body: {}, answer: FEE_EXAMPLES.wallet },
    handler: async ({ session }): Promise<Wallet> => {
      const owner = await ownerOf(context, session);
      const now = context.now();
      const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * 86_400_000);
      const rows = await database.query<{
        kind: 'order' | 'gift';
        id: string;
        unit: FeeUnit;
        name: string;
        name_zh: string;
        reason: GiftReason | null;
        total: number;
        used: number;
        starts_at: Date | string;
        expires_at: Date | string;
        pending: boolean;
      }>(
        `SELECT * FROM (
           SELECT 'gift' AS kind, g.id, g.unit, '' AS name, '' AS name_zh, g.reason, g.total,
             g.used, g.granted_at AS starts_at, g.expires_at, false AS pending
           FROM fee_gifts g
           WHERE g.tenant_id = $1 AND g.console_key = $2 AND g.expires_at > $3 AND g.used < g.total
           UNION ALL
           SELECT 'order', o.id, o.unit, o.package_name, o.package_name_zh, NULL, o.signings_total,
             o.signings_used, o.effective_at, o.expires_at, o.status = 'pendingEffect'
           FROM orders o
           WHERE o.tenant_id = $1 AND o.console_key = $2 AND o.status IN ('inEffect', 'pendingEffect')
             AND o.expires_at > $3 AND o.signings_used < o.signings_total
         ) s ORDER BY pending, expires_at, kind DESC, id`,
        [owner.tenantId, owner.consoleKey, now],
      );
      const held = await database.query<{ unit: FeeUnit; held: number }>(
        `SELECT unit, count(*)::int AS held FROM fee_consumptions
         WHERE tenant_id = $1 AND console_key = $2 AND state = 'held' GROUP BY unit`,
        [owner.tenantId, owner.consoleKey],
      );
      const sources: WalletSource[] = rows.map((row) => {
        const expiresAt = new Date(row.expires_at);
        const gift = row.reason ? GIFT_NAMES[row.reason] : null;
        return {
          kind: row.kind,
          id: String(row.id),
          unit: row.unit,
          name: gift?.en ?? row.name,
          nameZh: gift?.zh ?? row.name_zh,
          total: row.total,
          used: row.used,
          remaining: row.total - row.used,
          startsAt: iso(row.starts_at)!,
          expiresAt: expiresAt.toISOString(),
          pending: row.pending,
          expiringSoon: !row.pending && expiresAt <= soon,
        };
      });
      return {
        units: FEE_UNITS.map((unit) => {
          const of = sources.filter((source) => source.unit === unit);
          const sum = (list: WalletSource[]) => list.reduce((n, s) => n + s.remaining, 0);
          return {
            unit,
            remaining: sum(of.filter((s) => !s.pending)),
            held: held.find((row) => row.unit === unit)?.held ?? 0,
            expiringSoon: sum(of.filter((s) => s.expiringSoon)),
            pending: sum(of.filter((s) => s.pending)),
          };
        }),
        sources,
      };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.giftList,
    summary:
      'A page of the platform’s gifts to the console, newest first: the welcome gift (given on the console’s first fee activity) and operators’ gifts, each with its own expiry and what is left',
    tag: TAG,
    permission: 'fee:gift',
    realName: true,
    body: giftListBody,
    example: {
      body: { current: 1, size: 10 },
      answer: { records: FEE_EXAMPLES.gifts, total: 1, current: 1, size: 10 },
    },
    handler: async ({ session, body }): Promise<Page<Gift>> => {
      const owner = await ownerOf(context, session);
      const now = context.now();
      const params = new SqlParams();
      const where = ofOwner(owner, params, 'g');
      const [rows, [count]] = await Promise.all([
        database.query<{
          id: string;
          unit: FeeUnit;
          reason: GiftReason;
          note: string;
          total: number;
          used: number;
          granted_at: Date | string;
          expires_at: Date | string;
        }>(
          `SELECT g.id, g.unit, g.reason, g.note, g.total, g.used, g.granted_at, g.expires_at
           FROM fee_gifts g WHERE ${where}
           ORDER BY g.granted_at DESC, g.id DESC
           LIMIT ${params.add(body.size)} OFFSET ${params.add((body.current - 1) * body.size)}`,
          params.values,
        ),
        database.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM fee_gifts g WHERE ${where}`,
          params.values.slice(0, -2),
        ),
      ]);
      return {
        records: rows.map((row) => ({
          id: String(row.id),
          unit: row.unit,
          reason: row.reason,
          note: row.note,
          total: row.total,
          used: row.used,
          remaining: row.total - row.used,
          grantedAt: iso(row.granted_at)!,
          expiresAt: iso(row.expires_at)!,
          status:
            new Date(row.expires_at) <= now
              ? 'expired'
              : row.used >= row.total
                ? 'usedUp'
                : 'inEffect',
        })),
        total: count!.total,
        current: body.current,
        size: body.size,
      };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.billList,
    summary:
      'A page of the console’s bills: each paid order (its number, when it was paid, the package, units bought, the amount in fen and how), newest first, optionally paid between two days (UTC)',
    tag: TAG,
    permission: 'fee:bill',
    realName: true,
    body: billListBody,
    example: {
      body: { current: 1, size: 10, from: '2026-12-01' },
      answer: { records: FEE_EXAMPLES.bills, total: 1, current: 1, size: 10 },
    },
    handler: async ({ session, body }): Promise<Page<Bill> & { amountFen: number }> => {
      const owner = await ownerOf(context, session);
      const params = new SqlParams();
      const where = billWhere(owner, params, body);
      const [count] = await database.query<{ total: number; amount: string | number }>(
        `SELECT count(*)::int AS total, coalesce(sum(o.amount_fen), 0) AS amount FROM orders o WHERE ${where}`,
        params.values,
      );
      const rows = await database.query<BillRow>(
        `SELECT ${BILL_COLUMNS} FROM orders o WHERE ${where}
         ORDER BY o.paid_at DESC, o.id DESC
         LIMIT ${params.add(body.size)} OFFSET ${params.add((body.current - 1) * body.size)}`,
        params.values,
      );
      return {
        records: rows.map(billOf),
        total: count!.total,
        current: body.current,
        size: body.size,
        amountFen: Number(count!.amount),
      };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.billExport,
    summary:
      'The console’s bills as the list filters them, an .xlsx streamed as it is written (headers in the request’s language; amounts in yuan with two decimals)',
    tag: TAG,
    permission: 'fee:bill',
    realName: true,
    body: billFilterBody,
    example: { body: { from: '2026-12-01' } },
    handler: async ({ session, body, locale, reply }) => {
      const owner = await ownerOf(context, session);
      const zh = locale === 'zh';
      const words = WORDS[locale];
      const sheet = await streamSheet(
        zh ? '账单' : 'Bills',
        zh
          ? ['订单号', '支付时间 (UTC)', '套餐', '类型', '数量', '份数', '金额 (元)', '支付方式']
          : [
              'Order number',
              'Paid at (UTC)',
              'Package',
              'Unit',
              'Quantity',
              'Units',
              'Amount (yuan)',
              'Paid by',
            ],
        [0],
      );
      return sendSheet(reply, sheet, exportName('bills', locale, context.now()), async () => {
        let after: { paid: Date; id: string } | null = null;
        for (;;) {
          const params = new SqlParams();
          let where = billWhere(owner, params, body);
          if (after) {
            where += ` AND (o.paid_at, o.id) < (${params.add(after.paid)}, ${params.add(after.id)}::bigint)`;
          }
          const rows: BillRow[] = await database.query<BillRow>(
            `SELECT ${BILL_COLUMNS} FROM orders o WHERE ${where}
             ORDER BY o.paid_at DESC, o.id DESC LIMIT ${EXPORT_BATCH}`,
            params.values,
          );
          for (const row of rows) {
            const bill = billOf(row);
            sheet.addRow([
              bill.orderNumber,
              utcTime(bill.paidAt),
              zh ? bill.packageNameZh : bill.packageName,
              words[bill.unit],
              bill.quantity,
              bill.units,
              formatYuan(bill.amountFen, locale).slice(1),
              words[bill.paymentMethod],
            ]);
          }
          if (rows.length < EXPORT_BATCH) break;
          const last = rows[rows.length - 1]!;
          after = { paid: new Date(last.paid_at), id: String(last.id) };
        }
      });
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.consumeCount,
    summary:
      'Counts of the console’s consume records per unit: held by contracts (reports) under way, consumed, returned, and consumed since the first day of this month (UTC)',
    tag: TAG,
    permission: 'fee:wallet',
    realName: true,
    body: consumeCountBody,
    example: { body: {}, answer: FEE_EXAMPLES.consumeCount },
    handler: async ({ session, body }): Promise<ConsumeCount[]> => {
      const owner = await ownerOf(context, session);
      const now = context.now();
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const rows = await database.query<{
        unit: FeeUnit;
        held: number;
        consumed: number;
        returned: number;
        month: number;
      }>(
        `SELECT unit, count(*) FILTER (WHERE state = 'held')::int AS held,
           count(*) FILTER (WHERE state = 'consumed')::int AS consumed,
           count(*) FILTER (WHERE state = 'returned')::int AS returned,
           count(*) FILTER (WHERE state = 'consumed' AND settled_at >= $3)::int AS month
         FROM fee_consumptions WHERE tenant_id = $1 AND console_key = $2 GROUP BY unit`,
        [owner.tenantId, owner.consoleKey, month],
      );
      return FEE_UNITS.filter((unit) => !body.unit || unit === body.unit).map((unit) => {
        const row = rows.find((r) => r.unit === unit);
        return {
          unit,
          held: row?.held ?? 0,
          consumed: row?.consumed ?? 0,
          returned: row?.returned ?? 0,
          consumedThisMonth: row?.month ?? 0,
        };
      });
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.consumeList,
    summary:
      'A page of the console’s consume records, newest first: each unit a contract or an evidence report took, from which package or gift, by whom, and whether it is held, consumed or returned; filtered by unit, state and the day it was taken (UTC)',
    tag: TAG,
    permission: 'fee:wallet',
    realName: true,
    body: consumeListBody,
    example: {
      body: { current: 1, size: 10, unit: 'signing' },
      answer: { records: FEE_EXAMPLES.consumeRecords, total: 2, current: 1, size: 10 },
    },
    handler: async ({ session, body }): Promise<Page<ConsumeRecord>> => {
      const owner = await ownerOf(context, session);
      const params = new SqlParams();
      const where = consumeWhere(owner, params, body);
      const [count] = await database.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM fee_consumptions c WHERE ${where}`,
        params.values,
      );
      const rows = await database.query<ConsumeRow>(
        `SELECT ${CONSUME_COLUMNS} FROM ${CONSUME_FROM} WHERE ${where}
         ORDER BY c.taken_at DESC, c.id DESC
         LIMIT ${params.add(body.size)} OFFSET ${params.add((body.current - 1) * body.size)}`,
        params.values,
      );
      return {
        records: rows.map(consumeOf),
        total: count!.total,
        current: body.current,
        size: body.size,
      };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.consumeExport,
    summary:
      'The console’s consume records as the list filters them, an .xlsx streamed as it is written (headers in the request’s language)',
    tag: TAG,
    permission: 'fee:wallet',
    realName: true,
    body: consumeFilterBody,
    example: { body: { unit: 'signing' } },
    handler: async ({ session, body, locale, reply }) => {
      const owner = await ownerOf(context, session);
      const zh = locale === 'zh';
      const words = WORDS[locale];
      const sheet = await streamSheet(
        zh ? '消耗记录' : 'Consume records',
        zh
          ? [
              '类型',
              '状态',
              '合同编号',
              '合同名称',
              '来源',
              '订单号',
              '操作人',
              '占用时间 (UTC)',
              '结算时间 (UTC)',
            ]
          : [
              'Unit',
              'State',
              'Contract number',
              'Contract name',
              'Source',
              'Order number',
              'By',
              'Taken at (UTC)',
              'Settled at (UTC)',
            ],
        [2, 5],
      );
      return sendSheet(reply, sheet, exportName('consume', locale, context.now()), async () => {
        let after: { taken: Date; id: string } | null = null;
        for (;;) {
          const params = new SqlParams();
          let where = consumeWhere(owner, params, body);
          if (after) {
            where += ` AND (c.taken_at, c.id) < (${params.add(after.taken)}, ${params.add(after.id)}::bigint)`;
          }
          const rows: ConsumeRow[] = await database.query<ConsumeRow>(
            `SELECT ${CONSUME_COLUMNS} FROM ${CONSUME_FROM} WHERE ${where}
             ORDER BY c.taken_at DESC, c.id DESC LIMIT ${EXPORT_BATCH}`,
            params.values,
          );
          for (const row of rows) {
            const record = consumeOf(row);
            sheet.addRow([
              words[record.unit],
              words[record.state],
              record.contractNumber,
              record.contractName,
              zh ? record.sourceNameZh : record.sourceName,
              record.orderNumber ?? '',
              record.userName,
              utcTime(record.takenAt),
              utcTime(record.settledAt),
            ]);
          }
          if (rows.length < EXPORT_BATCH) break;
          const last = rows[rows.length - 1]!;
          after = { taken: new Date(last.taken_at), id: String(last.id) };
        }
      });
    },
  });
}

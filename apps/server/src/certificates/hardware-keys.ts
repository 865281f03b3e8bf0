/**
 * Applications for hardware keys (spec 001 §6 "Digital certificates: … apply for a hardware key";
 * the vendor's side is not in the spec): a company applies, and the key vendor's operator —
 * the platform operator, with the operator command (operator-command.ts) — records what became of
 * it by `HARDWARE_KEY_TRANSITIONS`. The applicant's company administrators get a message of each.
 */
import { randomInt } from 'node:crypto';
import {
  MESSAGE_REDIRECT,
  nextHardwareKeyStatus,
  type HardwareKeyApplication,
  type HardwareKeyEvent,
  type HardwareKeyStatus,
  type Page,
  type hardwareKeyApplyBody,
} from '@esign/platform';
import type { z } from 'zod/mini';
import type { Database, Queryable } from '../db';
import { ApiError } from '../http/route';
import { iso, type CertificateOwner } from './owner';
import { notifyAdministrators } from './notices';

type Sql = Pick<Queryable, 'query'>;

interface ApplicationRow {
  id: string;
  tenant_id: string;
  company_id: string;
  number: string;
  quantity: number;
  contact_name: string;
  phone: string;
  address: string;
  remark: string;
  status: HardwareKeyStatus;
  applied_by: string | null;
  applied_by_name: string | null;
  created_at: Date | string;
  issued_at: Date | string | null;
  shipped_at: Date | string | null;
  tracking_number: string | null;
  rejected_at: Date | string | null;
  reject_reason: string | null;
}

const COLUMNS = `h.id, h.tenant_id, h.company_id, h.number, h.quantity, h.contact_name, h.phone,
  h.address, h.remark, h.status, h.applied_by, u.name AS applied_by_name, h.created_at, h.issued_at,
  h.shipped_at, h.tracking_number, h.rejected_at, h.reject_reason`;
const FROM = 'hardware_key_applications h LEFT JOIN users u ON u.id = h.applied_by';

function toApplication(row: ApplicationRow): HardwareKeyApplication {
  return {
    id: String(row.id),
    number: row.number,
    quantity: row.quantity,
    contactName: row.contact_name,
    phone: row.phone,
    address: row.address,
    remark: row.remark,
    status: row.status,
    appliedBy: row.applied_by_name ?? '',
    appliedAt: iso(row.created_at)!,
    issuedAt: iso(row.issued_at),
    shippedAt: iso(row.shipped_at),
    trackingNumber: row.tracking_number,
    rejectedAt: iso(row.rejected_at),
    rejectReason: row.reject_reason,
  };
}

/** `HK` + the day (UTC, yyyyMMdd) + 6 random digits. */
function applicationNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `HK${day}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** systemDigitalCertificate/applyHardwareKey: recorded as `applied`. */
export async function applyForHardwareKey(
  database: Database,
  owner: CertificateOwner,
  body: z.output<typeof hardwareKeyApplyBody>,
  now: Date,
): Promise<HardwareKeyApplication> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await database.query<{ id: string }>(
        `INSERT INTO hardware_key_applications (tenant_id, company_id, number, applied_by,
           quantity, contact_name, phone, address, remark)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          owner.tenantId,
          owner.companyId,
          applicationNumber(now),
          owner.userId,
          body.quantity,
          body.contactName,
          body.phone,
          body.address,
          body.remark,
        ],
      );
      return toApplication((await applicationRow(database, Number(row!.id), owner))!);
    } catch (error) {
      // Two applications drew the same number on the same day: draw again.
      if (attempt < 3 && /duplicate key|unique/i.test(String(error))) continue;
      throw error;
    }
  }
}

async function applicationRow(
  db: Sql,
  id: number,
  owner?: CertificateOwner,
): Promise<ApplicationRow | undefined> {
  const [row] = await db.query<ApplicationRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE h.id = $1
       AND ($2::text IS NULL OR (h.tenant_id = $2 AND h.company_id = $3))`,
    [id, owner?.tenantId ?? null, owner?.companyId ?? null],
  );
  return row;
}

/** systemDigitalCertificate/hardwareKeyPage: the company's applications, newest first. */
export async function listHardwareKeyApplications(
  database: Database,
  owner: CertificateOwner,
  query: { current: number; size: number },
): Promise<Page<HardwareKeyApplication>> {
  const [rows, [count]] = await Promise.all([
    database.query<ApplicationRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE h.tenant_id = $1 AND h.company_id = $2
        ORDER BY h.id DESC LIMIT $3 OFFSET $4`,
      [owner.tenantId, owner.companyId, query.size, (query.current - 1) * query.size],
    ),
    database.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM hardware_key_applications
        WHERE tenant_id = $1 AND company_id = $2`,
      [owner.tenantId, owner.companyId],
    ),
  ]);
  return {
    records: rows.map(toApplication),
    total: count!.total,
    current: query.current,
    size: query.size,
  };
}

/** Every application still waiting for the vendor (applied, or issued and not shipped). */
export async function waitingHardwareKeyApplications(
  database: Database,
): Promise<(HardwareKeyApplication & { companyName: string })[]> {
  const rows = await database.query<ApplicationRow & { company_name: string }>(
    `SELECT ${COLUMNS}, c.full_name AS company_name FROM ${FROM}
       JOIN companies c ON c.id = h.company_id
      WHERE h.status IN ('applied', 'issued') ORDER BY h.created_at, h.id`,
  );
  return rows.map((row) => ({ ...toApplication(row), companyName: row.company_name }));
}

/** What the vendor's move records: a shipment's tracking number, a rejection's reason. */
export interface HardwareKeyMove {
  event: HardwareKeyEvent;
  trackingNumber?: string | undefined;
  reason?: string | undefined;
}

const NOTICES: Record<
  HardwareKeyStatus,
  (number: string, detail: string) => { en: [string, string]; zh: [string, string] }
> = {
  applied: () => ({ en: ['', ''], zh: ['', ''] }),
  issued: (number) => ({
    en: ['Hardware key ready', `The hardware keys of application ${number} are made.`],
    zh: ['硬件密钥已制作', `申请 ${number} 的硬件密钥已制作完成。`],
  }),
  shipped: (number, tracking) => ({
    en: [
      'Hardware key shipped',
      `The hardware keys of application ${number} were shipped: tracking number ${tracking}.`,
    ],
    zh: ['硬件密钥已寄出', `申请 ${number} 的硬件密钥已寄出，运单号 ${tracking}。`],
  }),
  rejected: (number, reason) => ({
    en: ['Hardware key application rejected', `Application ${number} was rejected: ${reason}`],
    zh: ['硬件密钥申请被驳回', `申请 ${number} 已被驳回：${reason}`],
  }),
};

/**
 * Moves an application by the vendor's `move` (the operator command; outside production, a
 * tester's call limited to the tester's company), under its row lock: 409 `hardwareKeyNotPossible`
 * where its state does not allow it; a shipment needs its tracking number, a rejection its reason.
 * Tells the company's administrators.
 */
export async function advanceHardwareKey(
  database: Database,
  id: number,
  move: HardwareKeyMove,
  owner?: CertificateOwner,
): Promise<HardwareKeyApplication> {
  return database.transaction(async (tx) => {
    const [locked] = await tx.query<{ status: HardwareKeyStatus }>(
      `SELECT status FROM hardware_key_applications WHERE id = $1
         AND ($2::text IS NULL OR (tenant_id = $2 AND company_id = $3)) FOR UPDATE`,
      [id, owner?.tenantId ?? null, owner?.companyId ?? null],
    );
    if (!locked) throw new ApiError('notFound', 404);
    const to = nextHardwareKeyStatus(locked.status, move.event);
    const tracking = move.trackingNumber?.trim();
    const reason = move.reason?.trim();
    if (!to || (to === 'shipped' && !tracking) || (to === 'rejected' && !reason)) {
      throw new ApiError('hardwareKeyNotPossible', 409);
    }
    await tx.query(
      `UPDATE hardware_key_applications SET status = $2,
         issued_at = CASE WHEN $2 = 'issued' THEN now() ELSE issued_at END,
         shipped_at = CASE WHEN $2 = 'shipped' THEN now() ELSE shipped_at END,
         tracking_number = CASE WHEN $2 = 'shipped' THEN $3 ELSE tracking_number END,
         rejected_at = CASE WHEN $2 = 'rejected' THEN now() ELSE rejected_at END,
         reject_reason = CASE WHEN $2 = 'rejected' THEN $4 ELSE reject_reason END
       WHERE id = $1`,
      [id, to, tracking ?? null, reason ?? null],
    );
    const row = (await applicationRow(tx, id))!;
    const notice = NOTICES[to](row.number, to === 'shipped' ? tracking! : (reason ?? ''));
    await notifyAdministrators(tx, {
      tenantId: row.tenant_id,
      companyId: Number(row.company_id),
      alsoUserId: row.applied_by === null ? null : Number(row.applied_by),
      title: { en: notice.en[0], zh: notice.zh[0] },
      content: { en: notice.en[1], zh: notice.zh[1] },
      redirectType: MESSAGE_REDIRECT.nothing,
    });
    return toApplication(row);
  });
}

/**
 * Expiry warnings: a company's administrators are told, once per certificate, when a digital or
 * communication certificate in force ends within `CERT_EXPIRY_WARNING_DAYS` (a message-centre
 * record opening the certificate's page). A recurring job (`certificates.expiry-warnings`), one
 * row queued at a time under an advisory lock as the storage sweep is (jobs/CONTEXT.md): due at
 * every start, then an hour after each run; each certificate is claimed `FOR UPDATE SKIP LOCKED`
 * and marked (`expiry_warned_at`) in the transaction that writes its messages, so two processes
 * never warn twice.
 */
import { CERT_EXPIRY_WARNING_DAYS, MESSAGE_REDIRECT } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Database, Queryable } from '../db';
import { enqueueJob } from '../jobs/queue';
import type { JobHandler } from '../jobs/worker';
import { notifyAdministrators } from './notices';

export const CERT_EXPIRY_JOB = 'certificates.expiry-warnings';
/** The wait between two checks. */
export const CERT_EXPIRY_INTERVAL_MS = 3600_000;
const FINISHED_JOBS_KEPT = '1 day';

const dayOf = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

interface Ending {
  id: string;
  tenant_id: string;
  company_id: string;
  label: string;
  serial: string;
  not_after: Date | string;
}

const KINDS = [
  {
    table: 'digital_certificates',
    // Revoked ones sign nothing; disabled ones too, but the company may enable them again.
    where: `status <> 'revoked'`,
    label: 'name',
    redirect: MESSAGE_REDIRECT.digitalCertificates,
    notice: (c: Ending) => ({
      title: { en: 'Digital certificate expiring', zh: '数字证书即将到期' },
      content: {
        en: `The digital certificate “${c.label}” (serial ${c.serial}) ends on ${dayOf(c.not_after)} (UTC). Apply for or import another before then, or the company’s contracts cannot be signed with it.`,
        zh: `数字证书“${c.label}”（序列号 ${c.serial}）将于 ${dayOf(c.not_after)}（UTC）到期，请在此之前申请或导入新证书，否则企业合同将无法使用该证书签署。`,
      },
    }),
  },
  {
    table: 'communication_certificates',
    where: 'revoked_at IS NULL',
    label: 'algorithm',
    redirect: MESSAGE_REDIRECT.communicationCertificates,
    notice: (c: Ending) => ({
      title: { en: 'Communication certificate expiring', zh: '通讯证书即将到期' },
      content: {
        en: `The ${c.label} communication certificate (serial ${c.serial}) ends on ${dayOf(c.not_after)} (UTC). Apply for another and give it to your software before then.`,
        zh: `${c.label} 通讯证书（序列号 ${c.serial}）将于 ${dayOf(c.not_after)}（UTC）到期，请在此之前申请新证书并配置到贵司系统中。`,
      },
    }),
  },
] as const;

/**
 * Warns about every certificate in force ending within the warning period and not warned about
 * yet, in batches of 100 a transaction; gives how many certificates.
 */
export async function warnExpiringCertificates(database: Database): Promise<number> {
  let warned = 0;
  for (const kind of KINDS) {
    for (;;) {
      const count = await database.transaction(async (tx) => {
        const ending = await tx.query<Ending>(
          `SELECT id, tenant_id, company_id, ${kind.label} AS label, serial, not_after
             FROM ${kind.table}
            WHERE ${kind.where} AND expiry_warned_at IS NULL AND not_after > now()
              AND not_after <= now() + make_interval(days => $1)
            ORDER BY not_after, id LIMIT 100 FOR UPDATE SKIP LOCKED`,
          [CERT_EXPIRY_WARNING_DAYS],
        );
        for (const certificate of ending) {
          await notifyAdministrators(tx, {
            tenantId: certificate.tenant_id,
            companyId: Number(certificate.company_id),
            alsoUserId: null,
            redirectType: kind.redirect,
            ...kind.notice(certificate),
          });
          await tx.query(`UPDATE ${kind.table} SET expiry_warned_at = now() WHERE id = $1`, [
            certificate.id,
          ]);
        }
        return ending.length;
      });
      warned += count;
      if (count < 100) break;
    }
  }
  return warned;
}

async function lockSchedule(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [CERT_EXPIRY_JOB]);
}

/** At a start: a check due now (the queued one moved, or one queued unless one runs). */
export async function ensureExpiryCheck(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    await lockSchedule(tx);
    const [pending] = await tx.query<{ status: string }>(
      `SELECT status FROM jobs WHERE kind = $1 AND status IN ('queued', 'running')
       ORDER BY status = 'running' DESC LIMIT 1`,
      [CERT_EXPIRY_JOB],
    );
    if (pending?.status === 'running') return;
    if (pending) {
      await tx.query(
        `UPDATE jobs SET run_at = LEAST(run_at, now()) WHERE kind = $1 AND status = 'queued'`,
        [CERT_EXPIRY_JOB],
      );
      return;
    }
    await enqueueJob(tx, CERT_EXPIRY_JOB, {}, { maxAttempts: 3 });
  });
}

async function scheduleNext(tx: Queryable, intervalMs: number): Promise<void> {
  await lockSchedule(tx);
  const [queued] = await tx.query(
    `SELECT 1 FROM jobs WHERE kind = $1 AND status = 'queued' LIMIT 1`,
    [CERT_EXPIRY_JOB],
  );
  if (!queued) await enqueueJob(tx, CERT_EXPIRY_JOB, {}, { delayMs: intervalMs, maxAttempts: 3 });
  await tx.query(
    `DELETE FROM jobs WHERE kind = $1 AND status IN ('done', 'failed')
       AND finished_at < now() - $2::interval`,
    [CERT_EXPIRY_JOB, FINISHED_JOBS_KEPT],
  );
}

/** The check's handler: warns, then queues the next check as it finishes (or fails for good). */
export function expiryCheckHandler(
  database: Database,
  intervalMs = CERT_EXPIRY_INTERVAL_MS,
): JobHandler<Record<string, never>, { warned: number }> {
  return {
    concurrency: 1,
    backoffMs: 60_000,
    run: async () => ({ warned: await warnExpiringCertificates(database) }),
    done: (tx) => scheduleNext(tx, intervalMs),
    failed: (tx) => scheduleNext(tx, intervalMs),
  };
}

/** Registers the check with this process's worker and makes one due now. */
export async function certificateExpiry(_app: FastifyInstance, context: AppContext): Promise<void> {
  context.jobs.handle(CERT_EXPIRY_JOB, expiryCheckHandler(context.database));
  await ensureExpiryCheck(context.database);
}

/**
 * The events of contracts raised for callbacks, in the transaction of the action that raised them
 * (audit-trail.ts's `appendAudit` calls `queueContractEvents`). Kept apart from the deliveries'
 * handler so that the audit trail imports nothing but this and the job queue.
 */
import {
  CALLBACK_GIVE_UP_HOURS,
  CALLBACK_EVENT_TYPES,
  callbackEventsOf,
  type CallbackEventType,
  type CallbackEventTypeInfo,
  type CALLBACK_TEST_EVENT,
} from '@esign/platform';
import type { AuditEntry } from '../audit/audit-trail';
import type { Queryable } from '../db';
import { enqueueJob } from '../jobs/queue';
import { newMessageId } from './webhooks';

type Db = Pick<Queryable, 'query'>;

/** The job of one attempt of a delivery (deliveries.ts handles it). */
export const CALLBACK_DELIVERY_JOB = 'callbacks.deliver';

const HOUR_MS = 3_600_000;

export interface NewDelivery {
  tenantId: string;
  companyId: number;
  callbackId: number;
  eventType: CallbackEventType | typeof CALLBACK_TEST_EVENT;
  contractId: number | null;
  /** The event's time: the body's `timestamp`. */
  at: Date;
  data: Record<string, unknown>;
  test?: boolean;
}

/**
 * Makes a delivery and queues its first attempt, in the caller's transaction: if that rolls back,
 * neither exists. The body is fixed here, so that every attempt signs and sends the same bytes.
 */
export async function queueDelivery(tx: Db, delivery: NewDelivery): Promise<number> {
  const body = JSON.stringify({
    type: delivery.eventType,
    timestamp: delivery.at.toISOString(),
    data: delivery.data,
  });
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO callback_deliveries (tenant_id, company_id, callback_id, message_id, event_type,
       contract_id, body, test, next_attempt_at, give_up_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9) RETURNING id`,
    [
      delivery.tenantId,
      delivery.companyId,
      delivery.callbackId,
      newMessageId(),
      delivery.eventType,
      delivery.contractId,
      body,
      delivery.test ?? false,
      delivery.at.toISOString(),
      new Date(delivery.at.getTime() + CALLBACK_GIVE_UP_HOURS * HOUR_MS).toISOString(),
    ],
  );
  const id = Number(row!.id);
  await enqueueJob(tx, CALLBACK_DELIVERY_JOB, { deliveryId: id, attempt: 1 }, { maxAttempts: 5 });
  return id;
}

/**
 * The events a contract's new audit entry raises, queued for every callback that wants them, in
 * the transaction appending the entry (audit-trail.ts calls it). A callback hears of a contract
 * when its access party and it are enabled, it chose the event's type, and the party acts for the
 * contract's initiating company or a company that is a party of the contract.
 */
export async function queueContractEvents(tx: Db, entry: AuditEntry): Promise<void> {
  // Most entries (views, downloads) raise nothing: no query for them.
  const raising = CALLBACK_EVENT_TYPES.some((info: CallbackEventTypeInfo) =>
    info.actions.includes(entry.action),
  );
  if (!raising) return;
  const [contract] = await tx.query<{
    status: string;
    company_id: string | null;
    number: string;
    name: string;
    external_id: string | null;
  }>('SELECT status, company_id, number, name, external_id FROM contracts WHERE id = $1', [
    entry.contractId,
  ]);
  if (!contract) return;
  const types = callbackEventsOf(entry.action, contract.status);
  if (types.length === 0) return;
  const callbacks = await tx.query<{ id: string; company_id: string; event_types: string[] }>(
    `SELECT cb.id, cb.company_id, cb.event_types
       FROM access_callbacks cb JOIN access_parties p ON p.id = cb.party_id
      WHERE cb.tenant_id = $1 AND cb.enabled AND p.enabled AND cb.event_types && $2::text[]
        AND EXISTS (
          SELECT 1 FROM (
            SELECT p.company_id
            UNION ALL
            SELECT a.company_id FROM access_party_companies a
              JOIN sub_companies s ON s.main_company_id = p.company_id
                                  AND s.sub_company_id = a.company_id
             WHERE a.party_id = p.id
          ) acting (company_id)
          WHERE acting.company_id = $3
             OR acting.company_id IN (SELECT company_id FROM contract_participants
                                       WHERE contract_id = $4 AND company_id IS NOT NULL))
      ORDER BY cb.id`,
    [entry.tenantId, types, contract.company_id, entry.contractId],
  );
  if (callbacks.length === 0) return;
  const details = entry.details;
  const data: Record<string, unknown> = {
    contract: {
      id: String(entry.contractId),
      number: contract.number,
      name: contract.name,
      status: contract.status,
      // The partner's own reference, when it initiated the contract through the open API.
      externalId: contract.external_id,
    },
    action: entry.action,
    seq: entry.seq,
    ...(typeof details.party === 'string' ? { party: details.party } : {}),
    ...(typeof details.reason === 'string' && ['refuse', 'withdraw'].includes(entry.action)
      ? { reason: details.reason }
      : {}),
    ...(entry.action === 'approve' ||
    entry.action === 'reject_approval' ||
    entry.action === 'approve_initiation'
      ? { approval: { decision: details.decision ?? null, result: details.approval ?? null } }
      : {}),
  };
  for (const callback of callbacks) {
    for (const type of types.filter((t) => callback.event_types.includes(t))) {
      await queueDelivery(tx, {
        tenantId: entry.tenantId,
        companyId: Number(callback.company_id),
        callbackId: Number(callback.id),
        eventType: type,
        contractId: entry.contractId,
        at: entry.at,
        data,
      });
    }
  }
}

/**
 * Handwriting a signature on a phone (issue 14; spec 001 §9: the QR code is valid 3 minutes): the
 * desktop asks for a ticket and shows it as a QR code; the phone, without a session, opens
 * /seal-handwrite?ticket=…, draws and submits; the drawing becomes the ticket owner's seal, once;
 * the desktop polls the ticket's state until it is done or expired.
 *
 * Only the ticket's SHA-256 is stored: whoever reads the table cannot draw a seal for anyone.
 * Expiry is counted on `context.now()` throughout (the app's clock, which tests move).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  MESSAGE_REDIRECT,
  PATHS,
  SEAL_QR_TTL_SECONDS,
  handwriteSubmitBody,
  handwriteTicketQuery,
  type HandwriteTicket,
  type HandwriteTicketInfo,
  type HandwriteTicketState,
  type Locale,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, route } from '../http/route';
import { insertMessage } from '../messages/write';
import { firstReached, lockBuckets, recordEvents, type Limit } from '../rate-limits';
import { SEAL_IMAGE_BODY_LIMIT, sanitizeSealImage } from './images';
import {
  insertPersonalSeal,
  lockOwner,
  ownSeal,
  toPersonalSeal,
  withStoredImage,
  type SealOwner,
  type Sql,
} from './personal';

const TAG = 'sicpay-seal';

/** Tickets a person may ask for in an hour: a QR code refreshed every 3 minutes is 20. */
export const HANDWRITE_TICKETS_PER_HOUR = 20;
/** Submissions one ticket takes (refused drawings included) before it is refused outright. */
export const HANDWRITE_SUBMITS_PER_TICKET = 10;

/** The name of a seal drawn on a phone, in the phone's language (within a seal name's 20). */
const HANDWRITTEN_NAME: Readonly<Record<Locale, string>> = {
  en: 'Hand-drawn signature',
  zh: '手写签名',
};

/** The message centre's note to the owner (opens /user-center/seal: redirect type 5). */
const DRAWN_TITLE = { en: 'Signature drawn on your phone', zh: '手机手写签名已添加' };
const DRAWN_CONTENT = {
  en: 'A signature you drew on your phone through a QR code was added to your seals.',
  zh: '您通过扫码在手机上手写的签名已添加到您的印章中。',
};

interface TicketRow {
  tenant_id: string;
  user_id: string;
  expires_at: Date | string;
  used_at: Date | string | null;
  seal_id: string | null;
  expired: boolean;
}

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A ticket by its text, as it stands at `now`; undefined for a made-up one. */
async function ticketOf(
  db: Sql,
  ticket: string,
  now: Date,
  { lock = false } = {},
): Promise<TicketRow | undefined> {
  const [row] = await db.query<TicketRow>(
    `SELECT tenant_id, user_id, expires_at, used_at, seal_id, expires_at <= $2 AS expired
     FROM seal_handwrite_tickets WHERE ticket_sha256 = $1${lock ? ' FOR UPDATE' : ''}`,
    [ticketHash(ticket), now],
  );
  return row;
}

/**
 * A ticket the phone may still draw with: `sealQrExpired` for a made-up or expired one,
 * `sealQrUsed` once a drawing was submitted with it.
 */
function requireOpen(row: TicketRow | undefined): TicketRow {
  if (!row) throw new ApiError('sealQrExpired');
  if (row.used_at !== null) throw new ApiError('sealQrUsed');
  if (row.expired) throw new ApiError('sealQrExpired');
  return row;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Counts one event in each limit's bucket, or refuses (429 `sealQrTooMany`) once one is full. */
async function spend(context: AppContext, limits: Limit[]): Promise<void> {
  const buckets = limits.map((limit) => limit.bucket);
  await context.database.transaction(async (tx) => {
    await lockBuckets(tx, buckets);
    if (await firstReached(tx, limits)) throw new ApiError('sealQrTooMany', 429);
    await recordEvents(tx, buckets);
  });
}

/** The desktop's ticket calls (signed in, verified) and the phone's (public, with the ticket). */
export function handwriteRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.handwriteTicketCreate,
    summary: `A QR ticket for drawing the signed-in person's signature on a phone, valid ${SEAL_QR_TTL_SECONDS} seconds`,
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    example: {
      answer: {
        ticket: 'q3Vd0c2xJm8hR1f5Zt7yLk9PwA4sE6uB2nG0iO3xYzQ',
        path: '/seal-handwrite?ticket=q3Vd0c2xJm8hR1f5Zt7yLk9PwA4sE6uB2nG0iO3xYzQ',
        expiresAt: '2026-11-24T08:03:00.000Z',
      } satisfies HandwriteTicket,
    },
    handler: async ({ session }): Promise<HandwriteTicket> => {
      await spend(context, [
        {
          bucket: `seal-handwrite:user:${session.userId}`,
          max: HANDWRITE_TICKETS_PER_HOUR,
          windowS: 60 * 60,
        },
      ]);
      const ticket = randomBytes(32).toString('base64url');
      const now = context.now();
      const expiresAt = new Date(now.getTime() + SEAL_QR_TTL_SECONDS * 1000);
      // Old tickets of the person go as new ones come: a day is long past any use of them.
      await database.query(
        `DELETE FROM seal_handwrite_tickets
         WHERE user_id = $1 AND expires_at < $2::timestamptz - interval '1 day'`,
        [session.userId, now],
      );
      await database.query(
        `INSERT INTO seal_handwrite_tickets (ticket_sha256, tenant_id, user_id, expires_at)
         VALUES ($1, $2, $3, $4)`,
        [ticketHash(ticket), session.tenantId, session.userId, expiresAt],
      );
      return {
        ticket,
        path: `/seal-handwrite?ticket=${ticket}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.handwriteTicketState,
    summary:
      "Whether the phone has drawn with the signed-in person's ticket: waiting, done (with the seal made) or expired",
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    query: handwriteTicketQuery,
    example: {
      query: { ticket: 'q3Vd0c2xJm8hR1f5Zt7yLk9PwA4sE6uB2nG0iO3xYzQ' },
      answer: { status: 'waiting', seal: null } satisfies HandwriteTicketState,
    },
    handler: async ({ session, query }): Promise<HandwriteTicketState> => {
      const row = await ticketOf(database, query.ticket, context.now());
      // Someone else's ticket, or a made-up one, is as good as expired to this person.
      if (!row || Number(row.user_id) !== session.userId || row.tenant_id !== session.tenantId)
        return { status: 'expired', seal: null };
      if (row.used_at !== null) {
        const owner = { tenantId: session.tenantId, userId: session.userId };
        const seal =
          row.seal_id === null
            ? null
            : await ownSeal(database, owner, Number(row.seal_id)).then(toPersonalSeal, () => null);
        return { status: 'done', seal };
      }
      return { status: row.expired ? 'expired' : 'waiting', seal: null };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.handwriteTicketInfo,
    summary:
      "The phone's page before drawing: whose signature it draws (the verified name) and until when",
    tag: TAG,
    permission: 'public',
    query: handwriteTicketQuery,
    example: {
      query: { ticket: 'q3Vd0c2xJm8hR1f5Zt7yLk9PwA4sE6uB2nG0iO3xYzQ' },
      answer: { name: '张三', expiresAt: '2026-11-24T08:03:00.000Z' } satisfies HandwriteTicketInfo,
    },
    handler: async ({ query }): Promise<HandwriteTicketInfo> => {
      const row = requireOpen(await ticketOf(database, query.ticket, context.now()));
      const [user] = await database.query<{ name: string; real_name_verified: boolean }>(
        'SELECT name, real_name_verified FROM users WHERE id = $1 AND tenant_id = $2',
        [row.user_id, row.tenant_id],
      );
      if (!user?.real_name_verified) throw new ApiError('realNameRequired', 403);
      // The full verified name: the phone is the owner's own, the QR code shown on their screen.
      return { name: user.name, expiresAt: iso(row.expires_at) };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.handwriteTicketSubmit,
    summary:
      "The phone's drawing (PNG, base64) becomes the ticket owner's seal, named in the phone's language; once per ticket",
    tag: TAG,
    permission: 'public',
    body: handwriteSubmitBody,
    bodyLimit: SEAL_IMAGE_BODY_LIMIT,
    example: {
      body: {
        ticket: 'q3Vd0c2xJm8hR1f5Zt7yLk9PwA4sE6uB2nG0iO3xYzQ',
        image:
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      },
      answer: null,
    },
    handler: async ({ body, locale }): Promise<null> => {
      // Checked before the costly decoding, and again under the ticket's lock below.
      const ticket = requireOpen(await ticketOf(database, body.ticket, context.now()));
      await spend(context, [
        {
          bucket: `seal-handwrite:ticket:${ticketHash(body.ticket)}`,
          max: HANDWRITE_SUBMITS_PER_TICKET,
          windowS: SEAL_QR_TTL_SECONDS,
        },
      ]);
      const image = await sanitizeSealImage(body.image);
      const owner: SealOwner = { tenantId: ticket.tenant_id, userId: Number(ticket.user_id) };
      await withStoredImage(context, owner, image, async (tx, stored) => {
        requireOpen(await ticketOf(tx, body.ticket, context.now(), { lock: true }));
        await lockOwner(tx, owner);
        const seal = await insertPersonalSeal(tx, owner, stored, {
          name: HANDWRITTEN_NAME[locale],
          makeWay: 'handwrite',
          shape: null,
          image,
          makeDefault: false,
        });
        await tx.query(
          `UPDATE seal_handwrite_tickets SET used_at = now(), seal_id = $2 WHERE ticket_sha256 = $1`,
          [ticketHash(body.ticket), seal.id],
        );
        await insertMessage(tx, {
          tenantId: owner.tenantId,
          userId: owner.userId,
          companyId: null,
          title: DRAWN_TITLE,
          content: DRAWN_CONTENT,
          redirectType: MESSAGE_REDIRECT.personalSeals,
        });
      });
      return null;
    },
  });
}

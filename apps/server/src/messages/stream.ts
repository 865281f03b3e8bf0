/**
 * Messages that arrive by themselves: the user's new messages as server-sent events, fed by the
 * database's notifications (migration 38), so that they reach a tab on whichever server process
 * it is connected to. See CONTEXT.md for the design.
 */
import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  MESSAGE_STREAM_EVENTS,
  PATHS,
  PERSONAL_CONSOLE_ID,
  type Locale,
  type MessageStreamEnd,
  type MessageStreamTicket,
} from '@esign/platform';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import * as z from 'zod/mini';
import type { SessionClaims } from '../auth/tokens';
import { liveSessionConsole } from '../companies/console';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { ApiError, route } from '../http/route';
import { requestLocale } from '../locale';
import { MESSAGE_COLUMNS, messageItem, type MessageRow } from './read';

/** The channel migration 38's triggers notify (`m <user> <message>`, `s <user>`). */
export const MESSAGE_STREAM_CHANNEL = 'esign_message_stream';

/** How the streams keep time; tests and benchmarks may shorten them. */
export const STREAM_TIMINGS = {
  /** A ticket opens a stream for this long after it is issued. */
  ticketTtlS: 60,
  /** A comment line keeps idle connections (and proxies) from timing out. */
  heartbeatMs: 20_000,
  /**
   * Every open stream's session and console are checked again this often, in one query for all
   * the process's streams: the triggers tell of revocations at once, this catches what they do not
   * (a company written off, a notification lost while the listening connection was down).
   */
  recheckMs: 5_000,
  /** What the browser waits before reconnecting (the SSE `retry:` field). */
  retryMs: 3_000,
};

/** Messages sent in one round; a stream that has more goes on with another round. */
const ROUND = 100;
/** A client that reads nothing while this much is queued for it is cut off (it may reconnect). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Ids of messages a stream sent lately, not sent twice when notified again. */
const RECENT = 256;

interface Stream {
  session: SessionClaims;
  locale: Locale;
  response: ServerResponse;
  /** The newest message id sent (or caught up to); null until the stream knows where it starts. */
  cursor: number | null;
  /** Message ids notified and not yet read. */
  pending: number[];
  recent: number[];
  running: boolean;
  again: boolean;
  closed: boolean;
}

const ticketAudience = 'message-stream';

/** The key of stream tickets: derived from the token key, so that no ticket is an access token. */
const ticketKey = (key: Uint8Array) =>
  new Uint8Array(createHmac('sha256', key).update('message-stream-ticket').digest());

/** A ticket that opens the message stream of `session` (its console), for a minute. */
export async function issueStreamTicket(
  key: Uint8Array,
  session: SessionClaims,
): Promise<MessageStreamTicket> {
  const now = Math.floor(Date.now() / 1000);
  const ticket = await new SignJWT({
    tenant_id: session.tenantId,
    company_id: session.companyId,
    sid: session.sessionId,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(session.userId))
    .setAudience(ticketAudience)
    .setIssuedAt(now)
    .setExpirationTime(now + STREAM_TIMINGS.ticketTtlS)
    .sign(ticketKey(key));
  return { ticket, expiresIn: STREAM_TIMINGS.ticketTtlS };
}

/** The session a valid, unexpired stream ticket names, or null. */
export async function readStreamTicket(
  key: Uint8Array,
  ticket: string,
): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(ticket, ticketKey(key), {
      algorithms: ['HS256'],
      audience: ticketAudience,
    });
    const userId = Number(payload.sub);
    const { tenant_id: tenantId, company_id: companyId, sid: sessionId } = payload;
    if (!Number.isSafeInteger(userId) || typeof tenantId !== 'string') return null;
    if (typeof sessionId !== 'number' || !Number.isSafeInteger(sessionId)) return null;
    if (typeof companyId !== 'number' || !Number.isSafeInteger(companyId)) return null;
    return { userId, tenantId, companyId, sessionId };
  } catch {
    return null;
  }
}

/** One event in the text/event-stream format. */
function event(name: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** What ended a stream, if its session or console did. */
type Verdict = MessageStreamEnd['reason'] | null;

/**
 * The message streams open on this server process: one listening connection for all of them,
 * started with the first stream; each stream gets its user's messages as they are committed.
 */
export class MessageStreams {
  private readonly byUser = new Map<number, Set<Stream>>();
  private listening: Promise<() => Promise<void>> | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  private recheck: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** How many streams are open. */
  get size(): number {
    let size = 0;
    for (const streams of this.byUser.values()) size += streams.size;
    return size;
  }

  /** Listens to the channel (once for the process); throws when the database cannot. */
  async listen(): Promise<void> {
    this.listening ??= this.database
      .listen(
        MESSAGE_STREAM_CHANNEL,
        (payload) => this.notified(payload),
        (error) => {
          // Notifications stop: every stream ends and its tab reconnects, catching up from the
          // database with Last-Event-ID; the first new stream listens again.
          this.log.warn({ err: error }, 'message stream notifications stopped; streams end');
          this.listening = null;
          for (const stream of this.all()) this.end(stream, null);
        },
      )
      .catch((error: unknown) => {
        this.listening = null;
        throw error;
      });
    await this.listening;
  }

  /**
   * Serves a stream on `response` (the route's checks passed): the messages after `lastEventId`
   * first (a reconnecting tab catches up), then each new message of the user as it is committed.
   * Without `lastEventId` the stream starts at the user's newest message.
   */
  async open(
    session: SessionClaims,
    locale: Locale,
    response: ServerResponse,
    lastEventId: number | null,
  ): Promise<void> {
    const stream: Stream = {
      session,
      locale,
      response,
      cursor: null,
      pending: [],
      recent: [],
      running: false,
      again: false,
      closed: false,
    };
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Proxies (nginx) pass each event on at once instead of buffering the answer.
      'x-accel-buffering': 'no',
    });
    response.write(`retry: ${STREAM_TIMINGS.retryMs}\n: connected\n\n`);
    response.on('close', () => this.forget(stream));
    // Registered before its starting point is read, so that nothing committed meanwhile is missed.
    let streams = this.byUser.get(session.userId);
    if (!streams) this.byUser.set(session.userId, (streams = new Set()));
    streams.add(stream);
    this.startTimers();
    try {
      if (lastEventId !== null) stream.cursor = lastEventId;
      else {
        const [row] = await this.database.query<{ newest: string | number }>(
          'SELECT COALESCE(max(id), 0) AS newest FROM messages WHERE user_id = $1 AND tenant_id = $2',
          [session.userId, session.tenantId],
        );
        stream.cursor = Number(row!.newest);
      }
    } catch (error) {
      this.log.error({ err: error }, 'could not start a message stream');
      this.end(stream, null);
      return;
    }
    this.schedule(stream);
  }

  /** Ends every stream (the server is closing: the tabs reconnect to another process) and stops. */
  async close(): Promise<void> {
    this.closing = true;
    // Cut, not ended: an ended answer leaves its connection open for the next request, which a
    // closing server would wait for.
    for (const stream of this.all()) {
      this.forget(stream);
      stream.response.destroy();
    }
    this.stopTimers();
    const unlisten = await this.listening?.catch(() => undefined);
    this.listening = null;
    await unlisten?.().catch((error: unknown) =>
      this.log.warn({ err: error }, 'could not stop listening for messages'),
    );
  }

  private *all(): Generator<Stream> {
    for (const streams of this.byUser.values()) yield* [...streams];
  }

  private notified(payload: string): void {
    const [kind, user, id] = payload.split(' ');
    const streams = this.byUser.get(Number(user));
    if (!streams) return;
    if (kind === 'm') {
      for (const stream of streams) {
        stream.pending.push(Number(id));
        this.schedule(stream);
      }
    } else if (kind === 's') {
      void this.checkSessions([...streams]);
    }
  }

  /** Runs a round for `stream`, or another after the one under way. */
  private schedule(stream: Stream): void {
    if (stream.closed || stream.cursor === null) return;
    if (stream.running) {
      stream.again = true;
      return;
    }
    stream.running = true;
    void this.rounds(stream).finally(() => {
      stream.running = false;
    });
  }

  private async rounds(stream: Stream): Promise<void> {
    try {
      do {
        stream.again = false;
        const notified = stream.pending.splice(0);
        // A notification is also the moment to make sure the session still goes on.
        if (notified.length > 0 && (await this.checkSessions([stream])).has(stream)) return;
        if (stream.closed) return;
        const { userId, tenantId } = stream.session;
        // Ids are given in the order rows were inserted, not committed: a message committed
        // after a newer one is sent because it was notified (`notified`), not missed.
        const rows = await this.database.query<MessageRow>(
          `SELECT ${MESSAGE_COLUMNS(stream.locale)} FROM messages
           WHERE user_id = $1 AND tenant_id = $2 AND (id > $3 OR id = ANY($4::bigint[]))
           ORDER BY id LIMIT ${ROUND}`,
          [userId, tenantId, stream.cursor, notified],
        );
        for (const row of rows) {
          const id = Number(row.id);
          if (stream.recent.includes(id)) continue;
          if (!this.write(stream, event(MESSAGE_STREAM_EVENTS.message, messageItem(row), id))) {
            return;
          }
          stream.recent.push(id);
          if (stream.recent.length > RECENT) stream.recent.shift();
          stream.cursor = Math.max(stream.cursor!, id);
        }
        if (rows.length === ROUND) stream.again = true;
      } while (stream.again && !stream.closed);
    } catch (error) {
      // The tab reconnects and catches up from where it stopped.
      this.log.warn({ err: error }, 'a message stream failed; it ends');
      this.end(stream, null);
    }
  }

  /**
   * Checks the sessions and consoles of `streams` in one query, ends those whose session ended
   * or whose company the user may no longer enter, and gives the ones it ended.
   */
  private async checkSessions(streams: readonly Stream[]): Promise<Set<Stream>> {
    const ended = new Set<Stream>();
    const open = streams.filter((stream) => !stream.closed);
    if (open.length === 0) return ended;
    const keyOf = ({ session }: Stream) => `${session.sessionId}:${session.companyId}`;
    const sessions = new Map(open.map((stream) => [keyOf(stream), stream.session]));
    const list = [...sessions.values()];
    let rows: { key: string; session_live: boolean; console_live: boolean }[];
    try {
      rows = await this.database.query(
        `SELECT k.sid::text || ':' || k.cid::text AS key,
                EXISTS (SELECT 1 FROM refresh_tokens s
                        WHERE s.id = k.sid AND s.user_id = k.uid AND s.revoked_at IS NULL)
                  AS session_live,
                (k.cid = $5 OR EXISTS (
                  SELECT 1 FROM company_members m JOIN companies c ON c.id = m.company_id
                  WHERE m.company_id = k.cid AND m.user_id = k.uid AND c.tenant_id = k.tid
                    AND m.status = 'active' AND c.written_off_at IS NULL)) AS console_live
         FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[]) AS k(sid, uid, cid, tid)`,
        [
          list.map((session) => session.sessionId),
          list.map((session) => session.userId),
          list.map((session) => session.companyId),
          list.map((session) => session.tenantId),
          PERSONAL_CONSOLE_ID,
        ],
      );
    } catch (error) {
      // Checked again at the next round; a stream is not ended for a database's hiccup.
      this.log.warn({ err: error }, 'could not check the message streams’ sessions');
      return ended;
    }
    const verdicts = new Map<string, Verdict>(
      rows.map((row) => [
        row.key,
        !row.session_live ? 'sessionEnded' : !row.console_live ? 'companyAccessEnded' : null,
      ]),
    );
    for (const stream of open) {
      const verdict = verdicts.get(keyOf(stream));
      if (!verdict) continue;
      this.end(stream, verdict);
      ended.add(stream);
    }
    return ended;
  }

  /** Writes to a stream; false (and the stream cut off) when its client reads nothing. */
  private write(stream: Stream, text: string): boolean {
    if (stream.closed) return false;
    if (stream.response.writableLength > MAX_BUFFERED_BYTES) {
      this.forget(stream);
      stream.response.destroy();
      return false;
    }
    stream.response.write(text);
    return true;
  }

  /**
   * Ends a stream: with `reason`, an `end` event tells the client not to reconnect with its
   * ticket but to ask for a new one (and so learn that its session ended or its company is
   * closed to it); without, the client reconnects by itself and catches up.
   */
  private end(stream: Stream, reason: Verdict): void {
    if (stream.closed) return;
    if (reason) stream.response.write(event(MESSAGE_STREAM_EVENTS.end, { reason }));
    this.forget(stream);
    stream.response.end();
  }

  private forget(stream: Stream): void {
    stream.closed = true;
    const streams = this.byUser.get(stream.session.userId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byUser.delete(stream.session.userId);
    if (this.byUser.size === 0) this.stopTimers();
  }

  private startTimers(): void {
    if (this.closing) return;
    this.heartbeat ??= setInterval(() => {
      for (const stream of this.all()) this.write(stream, ': heartbeat\n\n');
    }, STREAM_TIMINGS.heartbeatMs).unref();
    this.recheck ??= setInterval(
      () => void this.checkSessions([...this.all()]),
      STREAM_TIMINGS.recheckMs,
    ).unref();
  }

  private stopTimers(): void {
    clearInterval(this.heartbeat);
    clearInterval(this.recheck);
    this.heartbeat = undefined;
    this.recheck = undefined;
  }
}

/** The largest message id a client can name (bigint ids, as the page's). */
const messageId = z.string().check(z.regex(/^\d{1,18}$/, { error: 'invalidValue' }));

const streamQuery = z.object({
  /** From POST stream-ticket: an EventSource cannot send the Blade-Auth header. */
  ticket: z.string().check(z.minLength(1), z.maxLength(2_000)),
  /**
   * The last message the client got, for a client that opens a new EventSource (a new ticket);
   * a reconnecting EventSource sends the Last-Event-ID header itself.
   */
  lastEventId: z.optional(messageId),
  /** The language of the messages (an EventSource cannot send the Lang header either). */
  lang: z.optional(z.enum(['en', 'zh'])),
});

/** The newest of the ids the client names (header and query), or null. */
function lastEventIdOf(header: string | string[] | undefined, query: string | undefined) {
  const ids = [Array.isArray(header) ? header[0] : header, query]
    .filter((id): id is string => id !== undefined && /^\d{1,18}$/.test(id))
    .map(Number);
  return ids.length > 0 ? Math.max(...ids) : null;
}

/** POST stream-ticket and GET stream (the message centre's own; see CONTEXT.md). */
export async function messageStreamRoutes(
  app: FastifyInstance,
  context: AppContext,
): Promise<void> {
  const streams = new MessageStreams(context.database, app.log);
  // Open streams would keep a closing server waiting (http/drain.ts waits for busy connections).
  app.addHook('preClose', async () => streams.close());

  route(app, context, {
    method: 'POST',
    path: PATHS.messageStreamTicket,
    summary:
      'A ticket, good for a minute, that opens the message stream of this session and console',
    tag: 'sicpay-message',
    permission: 'signedIn',
    realName: true,
    example: { answer: { ticket: 'eyJhbGciOiJIUzI1NiJ9…', expiresIn: 60 } },
    handler: async ({ session }) => issueStreamTicket(context.key, session),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.messageStream,
    summary:
      'The user’s new messages as server-sent events, opened with a ticket (EventSource); Last-Event-ID catches up',
    tag: 'sicpay-message',
    permission: 'public',
    query: streamQuery,
    example: { query: { ticket: 'eyJhbGciOiJIUzI1NiJ9…', lastEventId: '42', lang: 'en' } },
    eventStream:
      'text/event-stream: `message` events (id: the message id, data: a MessageItem) for each message of the ticket’s user committed after Last-Event-ID (header) or lastEventId (query), or after connecting; a comment every 20 s; `end` (data: { reason: sessionEnded | companyAccessEnded }) when the session or the company’s access ends — ask for a new ticket then',
    handler: async ({ request, reply, query }) => {
      const session = await readStreamTicket(context.key, query.ticket);
      if (!session) throw new ApiError('loginExpired', 401);
      // 401 once the session ended, 403 companyAccessEnded: as every signed-in call.
      await liveSessionConsole(context.database, session);
      try {
        await streams.listen();
      } catch (error) {
        request.log.error({ err: error }, 'cannot listen for messages');
        throw new ApiError('serviceUnavailable', 503);
      }
      reply.hijack();
      await streams.open(
        session,
        query.lang ?? requestLocale(request),
        reply.raw,
        lastEventIdOf(request.headers['last-event-id'], query.lastEventId),
      );
      return reply;
    },
  });
}

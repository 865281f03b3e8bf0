import { PATHS, type MessageStreamTicket } from '@esign/platform';
import { call } from './server';
import { until } from './until';

/** One server-sent event as a browser's EventSource would see it. */
export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
  /** When it arrived (performance.now()). */
  at: number;
}

/** An open text/event-stream answer, read as it comes, as an EventSource reads it. */
export interface EventStreamClient {
  status: number;
  contentType: string | null;
  /** The events so far, in order. */
  events: StreamEvent[];
  /** How many comment lines (heartbeats) arrived. */
  comments: number;
  /** Resolves when the server ends the answer. */
  ended: Promise<void>;
  /** Whether the server has ended the answer. */
  done(): boolean;
  /** The body of a refused answer (the envelope), or '' while streaming. */
  refusal: string;
  close(): void;
}

/** Opens `/api` + `apiPath` and parses its events as they arrive. */
export async function openEventStream(
  base: string,
  apiPath: string,
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api${apiPath}`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const client: EventStreamClient = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events: [],
    comments: 0,
    ended: Promise.resolve(),
    done: () => finished,
    refusal: '',
    close: () => controller.abort(),
  };
  let finished = false;
  if (response.status !== 200) {
    client.refusal = await response.text();
    finished = true;
    return client;
  }
  client.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    let current: Omit<StreamEvent, 'at'> = { id: null, event: 'message', data: '' };
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            if (current.data !== '') client.events.push({ ...current, at: performance.now() });
            current = { id: null, event: 'message', data: '' };
          } else if (line.startsWith(':')) client.comments++;
          else {
            const colon = line.indexOf(':');
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') current.id = value;
            else if (field === 'event') current.event = value;
            else if (field === 'data') current.data += value;
          }
        }
      }
    } catch {
      // Cut off (the server closed the connection, or the test did): the stream has ended, as
      // an EventSource sees it.
    } finally {
      finished = true;
    }
  })();
  return client;
}

/** A message stream ticket of the session of `token`. */
export async function streamTicket(base: string, token: string): Promise<string> {
  const answer = await call<MessageStreamTicket>(base, 'POST', PATHS.messageStreamTicket, {
    token,
  });
  if (answer.status !== 200) throw new Error(`no ticket: ${JSON.stringify(answer.body)}`);
  return answer.body.data.ticket;
}

/** Opens the message stream of the session of `token` with a new ticket. */
export async function openMessageStream(
  base: string,
  token: string,
  { lastEventId, headers }: { lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<EventStreamClient> {
  const query = new URLSearchParams({ ticket: await streamTicket(base, token) });
  if (lastEventId !== undefined) query.set('lastEventId', lastEventId);
  return openEventStream(base, `${PATHS.messageStream}?${query}`, headers);
}

/** The ids of the `message` events a stream got so far. */
export const messageIds = (stream: EventStreamClient): string[] =>
  stream.events.filter((event) => event.event === 'message').map((event) => event.id!);

/** Waits until the stream has had the message `id`. */
export const received = (stream: EventStreamClient, id: string, timeoutMs = 10_000) =>
  until(async () => messageIds(stream).includes(id), timeoutMs, 10);

/**
 * Messages that arrive by themselves: one EventSource a tab while the user is signed in (and
 * real-name verified, as messages need), opened with a short-lived ticket (an EventSource sends no
 * Blade-Auth header). Each new message reads the bell's count and list and the message centre
 * again; the tab's title shows the unread count. See apps/server/src/messages/CONTEXT.md.
 */
import {
  API_BASE,
  MESSAGE_STREAM_EVENTS,
  PATHS,
  type MessageItem,
  type MessageStreamTicket,
} from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentLocale } from '../i18n';
import { useSession } from '../session';
import { call } from './client';
import { messageKeys } from './messages';
import { queries } from './queries';

/** The longest wait before asking for a new ticket after failures. */
const MAX_RETRY_MS = 30_000;

export interface MessageStreamHandlers {
  /** A new message of the user (in the language of the moment the stream opened). */
  onMessage(item: MessageItem): void;
  /** The stream (re)connected: whatever changed while it was away is read again. */
  onOpen(): void;
}

/** Where the stream picks up after a new ticket: the last message this tab was sent. */
let lastEventId: string | null = null;

/**
 * Opens the message stream and keeps it open: the browser reconnects by itself after a network
 * drop or a server restart (sending Last-Event-ID to catch up); when the server refuses the old
 * ticket (expired, the session ended) or ends the stream, a new ticket is asked for — through the
 * ordinary request module, so that an ended session or a closed company is handled as for any
 * call. Gives the function that closes it.
 */
export function openMessageStream(handlers: MessageStreamHandlers): () => void {
  let source: EventSource | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const again = () => {
    source?.close();
    source = null;
    if (closed) return;
    const wait = Math.min(MAX_RETRY_MS, 1_000 * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => void connect(), wait);
  };

  async function connect(): Promise<void> {
    let ticket: MessageStreamTicket;
    try {
      ticket = await call<MessageStreamTicket>({
        method: 'POST',
        url: PATHS.messageStreamTicket,
        quiet: true,
      });
    } catch {
      again();
      return;
    }
    if (closed) return;
    const query = new URLSearchParams({ ticket: ticket.ticket, lang: currentLocale() });
    if (lastEventId !== null) query.set('lastEventId', lastEventId);
    const opened = new EventSource(`${API_BASE}${PATHS.messageStream}?${query}`);
    source = opened;
    opened.onopen = () => {
      failures = 0;
      handlers.onOpen();
    };
    opened.addEventListener(MESSAGE_STREAM_EVENTS.message, (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) lastEventId = message.lastEventId;
      handlers.onMessage(JSON.parse(message.data) as MessageItem);
    });
    // The session ended or the company closed to the user: a new ticket says which, to the app.
    opened.addEventListener(MESSAGE_STREAM_EVENTS.end, again);
    // CONNECTING: the browser is reconnecting by itself; CLOSED: it was refused.
    opened.onerror = () => {
      if (opened.readyState === EventSource.CLOSED) again();
    };
  }

  void connect();
  return () => {
    closed = true;
    clearTimeout(retry);
    source?.close();
    source = null;
  };
}

/** Whether this tab may have the stream: signed in, and verified (messages need it). */
function useStreamable(): boolean {
  const signedIn = useSession((state) => state.token !== null);
  const verified = useSession((state) => state.userInfo?.authStep === 'VERIFIED');
  return signedIn && verified;
}

/**
 * Keeps the message stream open while the user is signed in, in the console of the moment (a new
 * stream after each switch, picking up where the last stopped); closed on logout.
 */
export function useMessageStream(): void {
  const client = useQueryClient();
  const streamable = useStreamable();
  const companyId = useSession((state) => state.companyId);
  useEffect(() => {
    if (!streamable) return;
    const readAgain = () => void client.invalidateQueries({ queryKey: messageKeys.all });
    return openMessageStream({ onMessage: readAgain, onOpen: readAgain });
  }, [client, streamable, companyId]);
}

/** The user's unread messages for the tab's title: the bell's count, 0 when signed out. */
export function useUnreadCount(): number {
  const streamable = useStreamable();
  const companyId = useSession((state) => state.companyId);
  const count = useQuery({ ...queries.unreadCount(companyId), enabled: streamable });
  return streamable ? (count.data ?? 0) : 0;
}

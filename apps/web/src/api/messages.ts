/**
 * The message centre's calls (spec 001 §7 sicpay-message/messageMessageCenter): a page of the
 * user's messages (all, unread or read), marking them read or unread, removing them; their
 * TanStack Query keys and mutations. Every message key starts with ['messages'], so that a change
 * reads the bell's count and list again too.
 */
import {
  MESSAGE_PAGE_SIZE,
  PATHS,
  type MessageItem,
  type MessagesMarked,
  type MessagesRemoved,
  type Page,
} from '@esign/platform';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

/** Which messages a page lists: every one, the unread or the read ones (?menu=0, 1, 2). */
export type MessageFilter = 'all' | 'unread' | 'read';

export const fetchMessagePage = (filter: MessageFilter, current: number) =>
  call<Page<MessageItem>>({
    url: PATHS.unreadMessages,
    params: {
      ...(filter === 'all' ? {} : { isRead: filter === 'read' ? 1 : 0 }),
      current,
      size: MESSAGE_PAGE_SIZE,
    },
  });

/**
 * Marks messages read (or unread with `read` false): those named, or every one of the user's
 * (`'all'`). Quiet: a failure is the caller's to tell, or to pass over when a message is opened.
 */
export const markMessages = ({
  ids,
  read = true,
}: {
  ids: readonly string[] | 'all';
  read?: boolean;
}) =>
  call<MessagesMarked>({
    method: 'POST',
    url: PATHS.markMessagesRead,
    params: {
      isRead: read ? 1 : 0,
      ...(ids === 'all' ? { all: 1 } : { messageCenterIds: ids.join(',') }),
    },
    quiet: true,
  });

export const removeMessages = (ids: readonly string[]) =>
  call<MessagesRemoved>({
    method: 'POST',
    url: PATHS.removeMessages,
    data: { messageCenterIds: ids },
  });

export const messageKeys = {
  all: ['messages'] as const,
  page: (companyId: number, filter: MessageFilter, current: number) =>
    ['messages', 'page', companyId, filter, current] as const,
};

export const messageQueries = {
  page: (companyId: number, filter: MessageFilter, current: number) =>
    queryOptions({
      queryKey: messageKeys.page(companyId, filter, current),
      queryFn: () => fetchMessagePage(filter, current),
      placeholderData: keepPreviousData,
    }),
};

/** A change to the user's messages; every message query (the bell's too) is read again after. */
export function useMessageMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

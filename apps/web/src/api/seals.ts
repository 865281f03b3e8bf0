/**
 * The personal seal calls (spec 001 §3 Seal, §5): the person's seals, made by hand, from a
 * template or from an upload, renamed, made the default or removed; the QR ticket of handwriting
 * on a phone and the phone's own calls, which need no session. Their TanStack Query keys and
 * mutations.
 */
import {
  PATHS,
  type HandwriteSubmitBody,
  type HandwriteTicket,
  type HandwriteTicketInfo,
  type HandwriteTicketState,
  type PersonalSeal,
  type PersonalSealCreateBody,
  type PersonalSealShape,
  type SealRemoved,
  type SealRenameBody,
} from '@esign/platform';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, send } from './client';

export const fetchPersonalSeals = () => call<PersonalSeal[]>({ url: PATHS.personalSealList });

/** The PNG a template seal of this shape would be, drawn by the server with the verified name. */
export const fetchPersonalSealPreview = (shape: PersonalSealShape, signal?: AbortSignal) =>
  send<Blob>({
    url: PATHS.personalSealPreview,
    params: { shape },
    responseType: 'blob',
    signal,
    quiet: true,
  });

export const createPersonalSeal = (data: PersonalSealCreateBody) =>
  call<PersonalSeal>({ method: 'POST', url: PATHS.personalSealCreate, data });

export const renamePersonalSeal = (data: SealRenameBody) =>
  call<unknown>({ method: 'POST', url: PATHS.personalSealRename, data });

export const setDefaultPersonalSeal = (id: string) =>
  call<unknown>({ method: 'POST', url: PATHS.personalSealSetDefault, data: { id } });

/** Deletes the seal, or keeps it as disused when it signed contracts: the answer says which. */
export const removePersonalSeal = (id: string) =>
  call<SealRemoved>({ method: 'POST', url: PATHS.personalSealRemove, data: { id } });

/** A QR ticket for drawing on a phone, valid `SEAL_QR_TTL_SECONDS`. */
export const createHandwriteTicket = () =>
  call<HandwriteTicket>({ method: 'POST', url: PATHS.handwriteTicketCreate });

/** Whether the phone has drawn yet; asked again and again, so a failure shows no toast. */
export const fetchHandwriteTicketState = (ticket: string) =>
  call<HandwriteTicketState>({
    url: PATHS.handwriteTicketState,
    params: { ticket },
    quiet: true,
  });

/**
 * The phone's first call, without a session: whose signature it draws. Quiet: the page says an
 * expired or used ticket's message itself, with what to do next.
 */
export const fetchHandwriteTicketInfo = (ticket: string) =>
  call<HandwriteTicketInfo>({ url: PATHS.handwriteTicketInfo, params: { ticket }, quiet: true });

/** The phone's drawing becomes the ticket owner's seal (once). Quiet, as the info call. */
export const submitHandwriting = (data: HandwriteSubmitBody) =>
  call<unknown>({ method: 'POST', url: PATHS.handwriteTicketSubmit, data, quiet: true });

export const sealKeys = {
  all: ['seals', 'personal'] as const,
  list: ['seals', 'personal', 'list'] as const,
  preview: (shape: PersonalSealShape) => ['seals', 'personal', 'preview', shape] as const,
  ticketState: (ticket: string) => ['seals', 'personal', 'ticket', ticket] as const,
  ticketInfo: (ticket: string) => ['seals', 'handwrite', ticket] as const,
};

export const sealQueries = {
  list: () => queryOptions({ queryKey: sealKeys.list, queryFn: fetchPersonalSeals }),
  ticketInfo: (ticket: string) =>
    queryOptions({
      queryKey: sealKeys.ticketInfo(ticket),
      queryFn: () => fetchHandwriteTicketInfo(ticket),
      // Asked once: after the drawing is sent the ticket is used, and asking again would say so.
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
};

/** The list is read again after any change: the default and the order may move with it. */
function useSealMutation<T, R>(mutationFn: (value: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: sealKeys.list }),
  });
}

export const useCreatePersonalSeal = () => useSealMutation(createPersonalSeal);
export const useRenamePersonalSeal = () => useSealMutation(renamePersonalSeal);
export const useSetDefaultPersonalSeal = () => useSealMutation(setDefaultPersonalSeal);
export const useRemovePersonalSeal = () => useSealMutation(removePersonalSeal);

/** A picture as base64 without the `data:` prefix, as the seal calls take it. */
export function base64Of(picture: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read'));
    reader.readAsDataURL(picture);
  });
}

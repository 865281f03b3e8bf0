/**
 * The calls of a template's making (spec 001 §7): the contract document (upload, document/create,
 * document/status while a DOC or DOCX converts), the new template (saveInfo), the editor's
 * template (detail, edit, updateStatus) and the public preview (nologin/preview, no session),
 * with their TanStack Query hooks. Every call here is quiet: the screens say in place what failed.
 */
import {
  PATHS,
  type ContractDocument,
  type ProjectIssue,
  type TemplateCreated,
  type TemplateDetail,
  type TemplateParticipant,
  type TemplatePreview,
  type TemplateProblem,
  type TemplateSaved,
  type TemplateStatus,
  type UploadedFile,
} from '@esign/platform';
// Types only: the editor's code stays in the chunks of the screens that show it.
import type { TemplateProject } from '@esign/template-editor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { useSession } from '../session';
import { call } from './client';
import { RequestError } from './request';

export type EditorTemplateDetail = TemplateDetail<TemplateProject>;
export type PublicTemplatePreview = TemplatePreview<TemplateProject>;

/** How often a converting document is asked about (spec: every second). */
export const DOCUMENT_POLL_MS = 1_000;

// ---- Calls ----

export interface UploadOptions {
  /** Share of the file sent so far, 0 to 1. */
  onProgress?(share: number): void;
  signal?: AbortSignal;
}

/**
 * Uploads a contract file (multipart field `file`). No time limit: a 100 MB file on a slow line
 * takes longer than the 40 s of other calls, and the progress bar shows that it moves.
 */
export function uploadContractFile(file: File, { onProgress, signal }: UploadOptions = {}) {
  const data = new FormData();
  data.append('file', file);
  return call<UploadedFile>({
    method: 'POST',
    url: PATHS.upload,
    data,
    timeout: 0,
    signal,
    quiet: true,
    onUploadProgress: (event: AxiosProgressEvent) => {
      const total = event.total ?? file.size;
      if (total > 0) onProgress?.(Math.min(1, event.loaded / total));
    },
  });
}

/** Makes a contract document of an uploaded file: ready at once for a PDF, converting otherwise. */
export const createContractDocument = (fileId: string) =>
  call<ContractDocument>({
    method: 'POST',
    url: PATHS.documentCreate,
    data: { fileId },
    quiet: true,
  });

export const fetchDocumentStatus = (id: string) =>
  call<ContractDocument>({ url: PATHS.documentStatus, params: { id }, quiet: true });

/** What the new-template form sends (template/saveInfo). */
export interface TemplateInfo {
  name: string;
  classifyId: string | null;
  description: string;
  documentId: string;
  participants: TemplateParticipant[];
}

export const saveTemplateInfo = (info: TemplateInfo) =>
  call<TemplateCreated>({ method: 'POST', url: PATHS.templateSaveInfo, data: info, quiet: true });

export const fetchTemplateDetail = (id: string) =>
  call<EditorTemplateDetail>({ url: PATHS.templateDetail, params: { id }, quiet: true });

/** Stores the editor's project; the server derives the lists and stamp locations itself. */
export const saveTemplateProject = (id: string, project: TemplateProject) =>
  call<TemplateSaved>({
    method: 'POST',
    url: PATHS.templateEdit,
    data: { id, project },
    quiet: true,
  });

/** Enables (1) or disables (0); an enable refused for problems answers them (`refusalProblems`). */
export const setTemplateStatus = (id: string, status: TemplateStatus) =>
  call<TemplateSaved>({
    method: 'POST',
    url: PATHS.templateUpdateStatus,
    data: { id, status },
    quiet: true,
  });

/**
 * Opens a public preview with its ticket. No session is needed: the request module sends
 * Blade-Auth only when there is a token, and the server does not read it here.
 */
export const openTemplatePreview = (ticket: string) =>
  call<PublicTemplatePreview>({ url: PATHS.templatePreview, params: { ticket }, quiet: true });

// ---- What a refusal says ----

/** The envelope's `data` of a failed call, when the server answered one. */
function refusalData(error: unknown): unknown {
  if (!(error instanceof RequestError)) return undefined;
  const body = error.body as { data?: unknown } | null | undefined;
  return body?.data;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The bad fields of a project the server refused (template/edit's 400), or none. */
export function refusalIssues(error: unknown): ProjectIssue[] {
  const data = refusalData(error);
  if (!Array.isArray(data)) return [];
  return data.filter(
    (issue): issue is ProjectIssue => isRecord(issue) && typeof issue.message === 'string',
  );
}

/** The problems of a template whose enabling the server refused (updateStatus's 400), or none. */
export function refusalProblems(error: unknown): TemplateProblem[] {
  const data = refusalData(error);
  if (!Array.isArray(data)) return [];
  return data.filter(
    (problem): problem is TemplateProblem =>
      isRecord(problem) &&
      typeof problem.message === 'string' &&
      Array.isArray(problem.elementUuids),
  );
}

/** Whether a call failed without an answer (no network, timeout): nothing reached the server. */
export function isUnanswered(error: unknown): boolean {
  return error instanceof RequestError && error.status === null;
}

/** The text to show for a failed call: the server's message, or the request module's. */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// ---- Server state ----

/**
 * Keys under the list's `['templates', console]`, so that a change in the list (enable, delete)
 * also marks an open template stale, and a save here marks the list stale.
 */
export const templateEditorKeys = {
  all: (companyId: number) => ['templates', companyId] as const,
  detail: (companyId: number, id: string) => ['templates', companyId, 'detail', id] as const,
  document: (companyId: number, id: string) => ['documents', companyId, id] as const,
  preview: (ticket: string) => ['template-preview', ticket] as const,
};

export const templateEditorQueries = {
  /**
   * Read again on every visit: reopening shows what was saved last, and the PDF link (good for 5
   * minutes) is fresh when the editor opens it.
   */
  detail: (companyId: number, id: string) =>
    queryOptions({
      queryKey: templateEditorKeys.detail(companyId, id),
      queryFn: () => fetchTemplateDetail(id),
      staleTime: 0,
      refetchOnMount: 'always',
      enabled: id !== '',
    }),
  /** A ticket opens one preview: asked once, never again while the page lives. */
  preview: (ticket: string) =>
    queryOptions({
      queryKey: templateEditorKeys.preview(ticket),
      queryFn: () => openTemplatePreview(ticket),
      staleTime: Infinity,
      gcTime: Infinity,
      refetchOnMount: false,
      refetchOnReconnect: false,
      enabled: ticket !== '',
    }),
};

/** A template for the editor and the in-app previews, in the current console. */
export function useTemplateDetail(id: string) {
  const companyId = useSession((state) => state.companyId);
  return useQuery(templateEditorQueries.detail(companyId, id));
}

/** The public preview of a ticket. */
export function usePublicTemplatePreview(ticket: string) {
  return useQuery(templateEditorQueries.preview(ticket));
}

/**
 * A contract document, asked about every second while it converts; `created` is what
 * document/create answered.
 */
export function useContractDocument(created: ContractDocument | null) {
  const companyId = useSession((state) => state.companyId);
  return useQuery({
    queryKey: templateEditorKeys.document(companyId, created?.id ?? ''),
    queryFn: () => fetchDocumentStatus(created!.id),
    enabled: created !== null && created.status === 'converting',
    initialData: created ?? undefined,
    // The created answer is as good as a first poll: the next one comes a second later.
    initialDataUpdatedAt: Date.now,
    staleTime: DOCUMENT_POLL_MS,
    refetchInterval: (query) =>
      query.state.data?.status === 'converting' ? DOCUMENT_POLL_MS : false,
  });
}

/** Marks the console's template list stale (read again when next shown). */
function useTemplatesChanged() {
  const client = useQueryClient();
  const companyId = useSession((state) => state.companyId);
  return () =>
    client.invalidateQueries({
      queryKey: templateEditorKeys.all(companyId),
      refetchType: 'none',
    });
}

export function useSaveTemplateInfo() {
  const changed = useTemplatesChanged();
  return useMutation({ mutationFn: saveTemplateInfo, onSuccess: changed });
}

export function useSaveTemplateProject(id: string) {
  const changed = useTemplatesChanged();
  return useMutation({
    mutationFn: (project: TemplateProject) => saveTemplateProject(id, project),
    onSuccess: changed,
  });
}

export function useSetTemplateStatus(id: string) {
  const changed = useTemplatesChanged();
  return useMutation({
    mutationFn: (status: TemplateStatus) => setTemplateStatus(id, status),
    // A refused enable stores the problems found: the list is stale either way.
    onSettled: changed,
  });
}

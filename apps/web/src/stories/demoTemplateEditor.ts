/**
 * The demo API's answers to a template's making: the upload of a contract file, its document
 * (ready at once for a PDF; for a DOC or DOCX converting, ready or failed as the story says), a new
 * template (saveInfo), the editor's template (detail, edit) over the templates of
 * demoTemplates.ts, and the public preview of a ticket. Like the server, the editor's core checks
 * every saved project and the problems it finds keep a template from being enabled.
 */
import {
  CODES,
  DOCUMENT_CONTENT_TYPES,
  PATHS,
  TEMPLATE_PDF_LINK_TTL_S,
  check,
  fail,
  message,
  ok,
  templateSaveInfoBody,
  type ContractDocument,
  type Locale,
  type MessageKey,
  type TemplateParticipant,
  type UploadedFile,
} from '@esign/platform';
import {
  createEditorStore,
  createPage,
  createProject,
  parseProject,
  toStoredProject,
  validateTemplate,
  type TemplateProject,
} from '@esign/template-editor/core';
import type { AxiosProgressEvent } from 'axios';
import type { Answer, DemoRequest } from './demoApi';
import type { DemoConsole } from './demoData';
import { A4, contractPdfLink } from './demoPdf';
import type { ConsoleCall, DemoTemplate } from './demoTemplates';
import { paramOf } from './demoRequest';
import { bodyOf } from './demoRequest';

/**
 * How the conversion of an uploaded DOC or DOCX goes in a story: stays queued or running, is
 * ready or failed at once, or `converts`: runs until the story releases it
 * (`releaseDemoConversions`), or for twenty seconds of asking when someone browses the story.
 */
export type DemoConversion = 'queued' | 'running' | 'ready' | 'failed' | 'converts';

/** What the demo API keeps about a template's making in one console. */
export interface DemoTemplateEditor {
  conversion: DemoConversion;
  /** Projects saved in this story, by template id; the others show the sample contract. */
  projects: Readonly<Record<string, TemplateProject>>;
  /** Documents made in this story, by id. */
  documents: Readonly<Record<string, ContractDocument>>;
}

export const DEMO_TEMPLATE_EDITOR: DemoTemplateEditor = {
  conversion: 'running',
  projects: {},
  documents: {},
};

/** The tickets of the public preview: one that opens template 202, and one past its time. */
export const DEMO_PREVIEW_TICKET = 'demo-preview-ticket';
export const DEMO_EXPIRED_TICKET = 'demo-expired-ticket';
/** The template the preview ticket opens. */
const PREVIEW_TEMPLATE_ID = '202';

/** Every contract document of the demo has two A4 pages. */
const PAGE_SIZES = [A4, A4];

const answer = (data: unknown): Answer => ({ status: 200, body: ok(data) });

/** A 400 envelope saying `text`, as the server refuses a request. */
const refusalText = (text: string, data: unknown = null): Answer => ({
  status: CODES.badRequest,
  body: fail(CODES.badRequest, text, data),
});

const refusal = (text: MessageKey, locale: Locale, data: unknown = null): Answer =>
  refusalText(message(text, locale), data);

const PARTICIPANTS: TemplateParticipant[] = [
  { party: 'A', name: 'Seller', sign: true, fill: false },
  { party: 'B', name: 'Buyer', sign: true, fill: true },
];

/** A blank project on the document's pages, as saveInfo makes one. */
function blankProject(participants: readonly TemplateParticipant[]): TemplateProject {
  const project = createProject(PAGE_SIZES[0]);
  project.pages = PAGE_SIZES.map((size) => createPage(size));
  project.hasSource = true;
  project.participants = [...participants];
  return parseProject(project);
}

/**
 * The sample contract's fields: the buyer's name and the signing date to fill in, the seller's
 * seal on every page and the buyer's signature — left out for a template the list shows with
 * problems, which then cannot be enabled.
 */
function sampleProject(complete: boolean): TemplateProject {
  const store = createEditorStore(blankProject(PARTICIPANTS));
  const [first, second] = store.getState().project.pages.map((page) => page.uuid);
  const add = store.getState().addElement;
  add(first!, 'text', {
    title: 'Buyer name',
    config: { party: 'B', required: true },
    commonStyle: { left: 56, top: 470, width: 220, height: 30 },
  });
  add(second!, 'date', {
    title: 'Signing date',
    config: { party: 'B' },
    commonStyle: { left: 56, top: 560, width: 180, height: 30 },
  });
  add(first!, 'seal', { config: { party: 'A' }, commonStyle: { left: 380, top: 640 } });
  if (complete) {
    add(second!, 'signature', {
      config: { party: 'B' },
      commonStyle: { left: 56, top: 640, width: 160, height: 60 },
    });
  }
  return toStoredProject(store.getState().project);
}

const samples = new Map<boolean, TemplateProject>();

function projectOf(current: DemoConsole, template: DemoTemplate): TemplateProject {
  const saved = current.templateEditor.projects[template.id];
  if (saved) return saved;
  const complete = template.problems.length === 0;
  if (!samples.has(complete)) samples.set(complete, sampleProject(complete));
  return samples.get(complete)!;
}

/** The document's PDF, good for five minutes as the server's signed link is. */
function pdfLinkOf(template: DemoTemplate) {
  const title = template.name.replace(/[^\x20-\x7e]/g, '').trim() || 'Contract';
  return {
    pdfLink: contractPdfLink(title, PAGE_SIZES.length),
    pdfLinkExpiresAt: new Date(Date.now() + TEMPLATE_PDF_LINK_TTL_S * 1000).toISOString(),
  };
}

/**
 * Stores a template's project as the server does: checked by the editor's core, its problems
 * recorded in the list (an enabled template with problems is disabled again).
 */
function store(current: DemoConsole, template: DemoTemplate, project: TemplateProject) {
  const checked = toStoredProject(parseProject(project));
  const problems = validateTemplate(checked);
  const updated: DemoTemplate = {
    ...template,
    problems,
    status: problems.length > 0 ? 0 : template.status,
  };
  current.templates = {
    ...current.templates,
    templates: current.templates.templates.map((item) =>
      item.id === template.id ? updated : item,
    ),
  };
  current.templateEditor = {
    ...current.templateEditor,
    projects: { ...current.templateEditor.projects, [template.id]: checked },
  };
  return updated;
}

function findTemplate(current: DemoConsole, id: unknown): DemoTemplate | undefined {
  return current.templates.templates.find((item) => item.id === String(id));
}

/** GET template/detail */
const detail: ConsoleCall = (current, locale, request) => {
  const template = findTemplate(current, paramOf(request, 'id'));
  if (!template)
    return { status: CODES.notFound, body: fail(CODES.notFound, message('notFound', locale)) };
  const project = projectOf(current, template);
  const stored = store(current, template, project);
  const category = current.templates.categories.find(({ id }) => id === template.classifyId);
  return answer({
    ...stored,
    classifyName: category?.name ?? null,
    right: 'manage',
    problems: stored.problems.map((problem) => ({ ...problem, message: problem.message[locale] })),
    documentId: `doc-${template.id}`,
    documentName: `${template.name}.pdf`,
    pageSizes: PAGE_SIZES,
    participants: project.participants,
    project: {
      ...project,
      name: template.name,
      description: template.description,
      status: stored.status,
      templateId: template.id,
    },
    ...pdfLinkOf(template),
  });
};

/** POST template/edit */
const edit: ConsoleCall = (current, locale, request) => {
  const { id, project } = bodyOf<{ id: string; project: TemplateProject }>(request);
  const template = findTemplate(current, id);
  if (!template) return refusal('notFound', locale);
  const stored = store(current, template, project);
  return answer({
    id: template.id,
    status: stored.status,
    problems: stored.problems.map((problem) => ({ ...problem, message: problem.message[locale] })),
  });
};

/** POST template/saveInfo: a disabled template on a ready document. */
const saveInfo: ConsoleCall = (current, locale, request) => {
  const checked = check(templateSaveInfoBody, bodyOf(request), locale);
  if (!checked.ok) {
    const [first] = checked.issues;
    return refusalText(`${first!.path ? `${first!.path}: ` : ''}${first!.message}`);
  }
  const body = checked.value;
  const name = body.name;
  if (current.templates.templates.some((item) => item.name === name)) {
    return refusal('nameNotUnique', locale);
  }
  const template: DemoTemplate = {
    id: String(300 + current.templates.templates.length),
    name,
    description: body.description,
    classifyId: body.classifyId ? String(body.classifyId) : null,
    creatorId: current.user.id,
    creatorName: current.user.name,
    createTime: '2025-03-15 08:00:00',
    updateTime: '2025-03-15 08:00:00',
    status: 0,
    problems: [],
    right: 'manage',
  };
  current.templates = {
    ...current.templates,
    templates: [template, ...current.templates.templates],
  };
  store(current, template, blankProject(body.participants));
  return answer({ id: template.id });
};

/** POST buis-upload/upload: the multipart `file`, its type judged by its name here. */
const upload: ConsoleCall = (_current, _locale, { config }) => {
  const file = (config.data as FormData).get('file') as File;
  // The whole file at once: the demo has no network to wait for.
  config.onUploadProgress?.({
    loaded: file.size,
    total: file.size,
    progress: 1,
    bytes: file.size,
    lengthComputable: true,
    upload: true,
  } as AxiosProgressEvent);
  const type = (/\.(docx?|pdf)$/i.exec(file.name)?.[1]?.toLowerCase() ??
    'pdf') as keyof typeof DOCUMENT_CONTENT_TYPES;
  return answer({
    id: `file-${file.name}`,
    name: file.name,
    contentType: DOCUMENT_CONTENT_TYPES[type],
    size: file.size,
    link: `${PATHS.download}?id=file-${file.name}`,
  } satisfies UploadedFile);
};

/** A document in the state the story's conversion says. */
function documentIn(
  conversion: Exclude<DemoConversion, 'converts'>,
  id: string,
  name: string,
  locale: Locale,
): ContractDocument {
  const base = {
    id,
    name,
    pageCount: null,
    sha256: null,
    size: null,
    error: null,
    link: null,
    conversion: null,
    removedContent: [],
  };
  switch (conversion) {
    case 'ready':
      return {
        ...base,
        status: 'ready',
        pageCount: PAGE_SIZES.length,
        size: 4_400,
        link: `${PATHS.documentPdf}?id=${id}`,
      };
    case 'failed':
      return { ...base, status: 'failed', error: message('conversionFailed', locale) };
    case 'queued':
    case 'running':
      return {
        ...base,
        status: 'converting',
        conversion: {
          state: conversion,
          queuePosition: conversion === 'queued' ? 2 : 0,
          elapsedSeconds: 3,
          attempt: 1,
          maxAttempts: 3,
        },
      };
  }
}

/** POST document/create */
const createDocument: ConsoleCall = (current, locale, request) => {
  const { fileId } = bodyOf<{ fileId: string }>(request);
  const name = fileId.replace(/^file-/, '');
  const id = `00000000-0000-4000-8000-${String(Object.keys(current.templateEditor.documents).length + 1).padStart(12, '0')}`;
  const conversion = current.templateEditor.conversion;
  conversionsReleased = false;
  const made = documentIn(
    /\.pdf$/i.test(name) ? 'ready' : conversion === 'converts' ? 'running' : conversion,
    id,
    name,
    locale,
  );
  // A PDF named as carrying scripts comes back cleaned, as the server answers one that does.
  const document: ContractDocument = /script/i.test(name)
    ? { ...made, removedContent: ['javascript', 'embeddedFiles', 'outsideBytes'] }
    : made;
  current.templateEditor = {
    ...current.templateEditor,
    documents: { ...current.templateEditor.documents, [id]: document },
  };
  return answer(document);
};

/** How many seconds a `converts` conversion runs unreleased (it starts at 3). */
const CONVERTS_AFTER_S = 23;

/**
 * Whether the story let its `converts` conversions finish: a play function that must act while a
 * document converts holds it for as long as it needs, however slow the machine, then releases it.
 */
let conversionsReleased = false;

export function releaseDemoConversions(): void {
  conversionsReleased = true;
}

/** GET document/status: a converting document is a second further along at every ask. */
const documentStatus: ConsoleCall = (current, locale, request) => {
  const document = current.templateEditor.documents[paramOf(request, 'id')];
  if (!document) return refusal('notFound', locale);
  const conversion = document.conversion && {
    ...document.conversion,
    elapsedSeconds: document.conversion.elapsedSeconds + 1,
  };
  const next =
    current.templateEditor.conversion === 'converts' &&
    conversion &&
    (conversionsReleased || conversion.elapsedSeconds >= CONVERTS_AFTER_S)
      ? documentIn('ready', document.id, document.name, locale)
      : { ...document, conversion };
  current.templateEditor = {
    ...current.templateEditor,
    documents: { ...current.templateEditor.documents, [document.id]: next },
  };
  return answer(next);
};

/** The demo API's answers to a template's making, in the console of the request's token. */
export const TEMPLATE_EDITOR_CALLS: Record<string, ConsoleCall> = {
  [PATHS.upload]: upload,
  [PATHS.documentCreate]: createDocument,
  [PATHS.documentStatus]: documentStatus,
  [PATHS.templateSaveInfo]: saveInfo,
  [PATHS.templateDetail]: detail,
  [PATHS.templateEdit]: edit,
};

/**
 * GET template/nologin/preview?ticket= (no session), answered from the company's console: the
 * demo's ticket opens its purchase agreement; another, expired or unknown, is refused.
 */
export function publicPreview(company: DemoConsole, locale: Locale, request: DemoRequest): Answer {
  const ticket = paramOf(request, 'ticket');
  if (ticket === DEMO_EXPIRED_TICKET) return refusal('previewTicketExpired', locale);
  const template = ticket === DEMO_PREVIEW_TICKET && findTemplate(company, PREVIEW_TEMPLATE_ID);
  if (!template) return refusal('previewTicketInvalid', locale);
  const project = projectOf(company, template);
  return answer({
    templateId: template.id,
    name: template.name,
    participants: project.participants,
    project,
    ...pdfLinkOf(template),
  });
}

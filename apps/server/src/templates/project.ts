import {
  TEMPLATE_MAX_ELEMENTS,
  type Locale,
  type PageSize,
  type ProjectIssue,
  type TemplateParticipant,
  type TemplateProblem,
} from '@esign/platform';
import {
  ProjectValidationError,
  createEditorStore,
  createPage,
  createProject,
  deriveStampLocations,
  parseProject,
  toStoredProject,
  validateTemplate,
  type EditorStore,
  type StampLocation,
  type TemplateCheck,
  type TemplateProject,
} from '@esign/template-editor/core';
import { ApiError } from '../http/route';

/** A project the server accepted, with what it derives from it (never from the client). */
export interface CheckedProject {
  /** As `parseProject` gives it, the derived lists recomputed by `toStoredProject`. */
  project: TemplateProject;
  stampLocations: StampLocation[];
  /** `validateTemplate`'s checks: a template holding any stays disabled. */
  problems: TemplateCheck[];
}

/** Points a page may differ from its document page's size (rounding in either reader). */
const PAGE_SIZE_TOLERANCE = 1;
/** Bad fields answered at most; the message names the first few, `data` this many. */
const MAX_ANSWERED_ISSUES = 100;

/** A `ProjectValidationError` as the 400 answer: its bad paths in `data`, in the request's language. */
export function projectRefusal(error: ProjectValidationError, locale: Locale): ApiError {
  const issues: ProjectIssue[] = error.issues.slice(0, MAX_ANSWERED_ISSUES).map((issue) => ({
    path: issue.path,
    code: issue.code,
    message: locale === 'zh' ? issue.messageZh : issue.message,
  }));
  return new ApiError('templateInvalid', 400, 400, issues, error.localizedMessage(locale));
}

/** Runs a step of the editor's core; its `ProjectValidationError` becomes the 400 answer. */
export function withCore<T>(locale: Locale, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof ProjectValidationError) throw projectRefusal(error, locale);
    throw error;
  }
}

/** How many elements the pages of an unchecked project hold, counting only what is there. */
function countElements(pages: unknown): number {
  if (!Array.isArray(pages)) return 0;
  let count = 0;
  for (const page of pages) {
    const elements = (page as { elements?: unknown } | null)?.elements;
    if (Array.isArray(elements)) count += elements.length;
  }
  return count;
}

function refuseTooManyElements(pages: unknown): void {
  if (countElements(pages) > TEMPLATE_MAX_ELEMENTS) {
    throw new ApiError('templateTooManyElements', 400, 400, { max: TEMPLATE_MAX_ELEMENTS });
  }
}

/**
 * Checks a project the client sent with the editor's own `parseProject` and against the
 * template's document; gives it with what the server derives. Refuses (nothing is stored) a
 * malformed project with its bad paths, more than `TEMPLATE_MAX_ELEMENTS` fields, more pages than
 * the document or a page of another size than the document's.
 */
export function checkProject(
  input: unknown,
  pageSizes: PageSize[],
  locale: Locale,
): CheckedProject {
  // Counted before parsing too, so that a huge project costs little to refuse.
  refuseTooManyElements((input as { pages?: unknown } | null)?.pages);
  return deriveFrom(
    withCore(locale, () => parseProject(input)),
    pageSizes,
  );
}

/** What the server derives from a parsed project; refuses one that does not fit its document. */
export function deriveFrom(project: TemplateProject, pageSizes: PageSize[]): CheckedProject {
  refuseTooManyElements(project.pages);
  if (project.pages.length > pageSizes.length) {
    throw new ApiError('templateTooManyPages', 400, 400, {
      pages: project.pages.length,
      documentPages: pageSizes.length,
    });
  }
  project.pages.forEach((page, index) => {
    const expected = pageSizes[index]!;
    const { width, height } = page.config;
    if (
      Math.abs(width - expected.width) > PAGE_SIZE_TOLERANCE ||
      Math.abs(height - expected.height) > PAGE_SIZE_TOLERANCE
    ) {
      throw new ApiError('templatePageSizeMismatch', 400, 400, {
        page: index + 1,
        expected,
        actual: { width, height },
      });
    }
  });
  const stored = toStoredProject(project);
  return {
    project: stored,
    stampLocations: deriveStampLocations(stored),
    problems: validateTemplate(stored),
  };
}

/** A blank project of a document's pages for these participants, as the editor makes one. */
export function blankProject(
  pageSizes: PageSize[],
  participants: TemplateParticipant[],
): TemplateProject {
  const first = pageSizes[0]!;
  const project = createProject({ width: first.width, height: first.height });
  project.pages = pageSizes.map((size) => createPage(size));
  project.hasSource = true;
  project.participants = participants;
  return parseProject(project);
}

/**
 * An editor store over a stored project, for changes made with the editor's own commands
 * (participants, field details, pages); read the result with `store.getState().project`.
 */
export function storeOf(project: unknown): EditorStore {
  return createEditorStore(project, { historyLimit: 0 });
}

/**
 * Puts a project on another document: each page takes the new document's page size, pages the
 * document lacks are removed (refused while they hold fields), and pages it has beyond the
 * project's are added (with every seal group, as the editor adds pages).
 */
export function moveToDocument(store: EditorStore, pageSizes: PageSize[]): void {
  const state = () => store.getState();
  const pages = state().project.pages;
  if (pages.slice(pageSizes.length).some((page) => page.elements.length > 0)) {
    throw new ApiError('templateTooManyPages', 400, 400, {
      pages: pages.length,
      documentPages: pageSizes.length,
    });
  }
  for (const page of pages.slice(pageSizes.length)) state().removePage(page.uuid);
  while (state().project.pages.length < pageSizes.length) state().addPage();
  state().project.pages.forEach((page, index) => {
    state().updatePage(page.uuid, { config: pageSizes[index]! });
  });
}

/** The checks of `validateTemplate` in a language. */
export function localizeProblems(problems: TemplateCheck[], locale: Locale): TemplateProblem[] {
  return problems.map(({ code, message, party, page, elementUuids }) => ({
    code,
    message: message[locale],
    ...(party ? { party } : {}),
    ...(page ? { page } : {}),
    elementUuids,
  }));
}

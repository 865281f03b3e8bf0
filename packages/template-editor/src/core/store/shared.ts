/**
 * What every slice of the editor store shares: producing a command's patches with immer, recording
 * them as one history step, validating input, and finding elements in the project. Kept in one
 * module so that a slice never carries its own copy of the history rules.
 */
import { Immer, enablePatches, freeze, type Draft } from 'immer';
import type { StoreApi } from 'zustand/vanilla';
import type * as z from 'zod/mini';
import { HISTORY_LIMIT } from '../constants';
import { ProjectValidationError, type Locale } from '../errors';
import { pinCrossPage } from '../crossPage';
import { createPage } from '../factory';
import type { TemplateElement, TemplatePage, TemplateProject } from '../model';
import { parseProject } from '../project';
import { toValidationIssues, validate } from '../schema';
import type { EditorState, EditorStoreOptions, HistoryEntry } from './types';

enablePatches();

/** The one immer instance of the store: frozen results, patches on. */
export const immer = new Immer({ autoFreeze: true });

/** The store's `setState`, as a slice receives it. */
export type SetState = StoreApi<EditorState>['setState'];
/** The store's `getState`, as a slice receives it. */
export type GetState = StoreApi<EditorState>['getState'];

/** The part of `EditorState` that tells what undo and redo would do. */
export type HistoryFlags = Pick<
  EditorState,
  'canUndo' | 'canRedo' | 'undoDepth' | 'redoDepth' | 'undoLabel' | 'redoLabel'
>;

/** The machinery one store's slices share; made once per store by `createShared`. */
export interface StoreShared {
  /** The steps undo and redo take, and the step `batch` is gathering (null outside a batch). */
  readonly history: {
    readonly past: HistoryEntry[];
    readonly future: HistoryEntry[];
    pending: HistoryEntry | null;
    /** How many steps `past` keeps. */
    readonly limit: number;
  };
  /** The language of the titles given to new fields. */
  locale: Locale;
  /** The undo/redo flags as the history now stands. */
  flags(): HistoryFlags;
  /** Appends a finished step to the past (dropping the oldest beyond the limit) and clears the future. */
  record(entry: HistoryEntry): void;
  /**
   * Applies one command through immer as one history step (or into the pending batch), setting
   * `extra` with the new project. Returns false, recording nothing, when the project did not change.
   */
  commit(
    label: string,
    recipe: (draft: Draft<TemplateProject>) => void,
    extra?: Partial<EditorState>,
  ): boolean;
  /** The selection without the uuids no longer in `project` (the same array when none went). */
  pruneSelection(project: TemplateProject, selection: string[]): string[];
  /** Drops removed elements from the selection after a command that removes some. */
  afterRemoval(): void;
}

/**
 * A slice: the commands (and the state they own) of one area of the editor, made from the store's
 * `set` and `get` and the machinery every slice shares.
 */
export type EditorSlice<K extends keyof EditorState> = (
  set: SetState,
  get: GetState,
  shared: StoreShared,
) => Pick<EditorState, K>;

/** Makes the shared machinery of one store. */
export function createShared(
  set: SetState,
  get: GetState,
  options: EditorStoreOptions,
): StoreShared {
  const history: StoreShared['history'] = {
    past: [],
    future: [],
    pending: null,
    limit: Math.max(0, Math.floor(options.historyLimit ?? HISTORY_LIMIT)),
  };

  function flags(): HistoryFlags {
    const { past, future } = history;
    return {
      canUndo: past.length > 0,
      canRedo: future.length > 0,
      undoDepth: past.length,
      redoDepth: future.length,
      undoLabel: past.at(-1)?.label ?? null,
      redoLabel: future.at(-1)?.label ?? null,
    };
  }

  function record(entry: HistoryEntry): void {
    if (history.limit > 0) {
      history.past.push(entry);
      if (history.past.length > history.limit) history.past.shift();
    }
    history.future.length = 0;
  }

  function pruneSelection(project: TemplateProject, selection: string[]): string[] {
    if (selection.length === 0) return selection;
    const alive = new Set(locateAll(project, selection).map((l) => l.element.uuid));
    return alive.size === selection.length ? selection : selection.filter((id) => alive.has(id));
  }

  return {
    history,
    locale: options.locale ?? 'en',
    flags,
    record,
    pruneSelection,

    commit(label, recipe, extra = {}) {
      const base = get().project;
      const [next, patches, inversePatches] = immer.produceWithPatches(
        base,
        hasCrossPage(base)
          ? (draft: Draft<TemplateProject>) => {
              recipe(draft);
              pinCrossPageSeals(draft);
            }
          : recipe,
      );
      if (patches.length === 0) {
        if (Object.keys(extra).length > 0) set(extra);
        return false;
      }
      const pending = history.pending;
      if (pending) {
        pending.patches.push(...patches);
        pending.inversePatches = inversePatches.concat(pending.inversePatches);
        set({ project: next, ...extra });
        return true;
      }
      record({ label, patches, inversePatches });
      set({ project: next, ...flags(), ...extra });
      return true;
    },

    afterRemoval() {
      const { project, selection } = get();
      const pruned = pruneSelection(project, selection);
      if (pruned !== selection) set({ selection: pruned });
    },
  };
}

/**
 * Validates `value` against `schema` and returns the parsed value; throws `ProjectValidationError`
 * with the issues under `path` otherwise.
 */
export function validOrThrow<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  path: (string | number)[],
): z.output<S> {
  const checked = validate(schema, value);
  if (!checked.success) throw new ProjectValidationError(toValidationIssues(checked.error, path));
  return checked.data;
}

/** Parses a project for the store; the derived lists stay empty there (see `TemplateProject`). */
export function load(project: unknown): TemplateProject {
  const parsed =
    project === undefined
      ? parseProject({ pages: [createPage()] as TemplatePage[] })
      : parseProject(project);
  return freeze(
    { ...parsed, signList: [], dateList: [], fillsInList: [], imageTypeList: [] },
    true,
  );
}

/** An element found in the project, with where it is. */
export interface Located {
  pageIndex: number;
  elementIndex: number;
  element: TemplateElement;
}

/** Finds elements by uuid in one pass over the project. */
export function locateAll(project: TemplateProject, ids: readonly string[]): Located[] {
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  const found: Located[] = [];
  const pages = project.pages;
  for (let p = 0; p < pages.length; p++) {
    const elements = pages[p]!.elements;
    for (let e = 0; e < elements.length; e++) {
      const element = elements[e]!;
      if (wanted.has(element.uuid)) {
        found.push({ pageIndex: p, elementIndex: e, element });
        if (found.length === wanted.size) return found;
      }
    }
  }
  return found;
}

/** The index of a page by uuid, or -1. */
export function pageIndexOf(project: TemplateProject, pageId: string): number {
  return project.pages.findIndex((page) => page.uuid === pageId);
}

/** `wanted` if no element has that title, else its stem with the first free number ("Text 2"). */
export function uniqueTitle(project: TemplateProject, wanted: string, taken?: Set<string>): string {
  const titles = taken ?? takenTitles(project);
  if (!titles.has(wanted)) return wanted;
  const stem = wanted.replace(/\s*\d+$/, '');
  for (let n = 2; ; n++) {
    const candidate = `${stem} ${n}`;
    if (!titles.has(candidate)) return candidate;
  }
}

/** Every element title in the project, for `uniqueTitle` over several new elements. */
export function takenTitles(project: TemplateProject): Set<string> {
  return new Set(project.pages.flatMap((page) => page.elements.map((element) => element.title)));
}

/** Whether any page holds a cross-page seal (a scan of frozen plain objects: no drafts made). */
export function hasCrossPage(project: TemplateProject): boolean {
  return project.pages.some((page) => page.elements.some((e) => e.elName === 'crosspage'));
}

/**
 * Pins every cross-page seal after a change (`pinCrossPage`): flush with its edge, unturned, on
 * every page of its range. Every command commits through it, so a move, an alignment, a resize or
 * a page of another size can never leave a slice off its page.
 */
export function pinCrossPageSeals(draft: Draft<TemplateProject>): void {
  const pages = draft.pages;
  for (const page of pages) {
    for (const element of page.elements) {
      if (element.elName === 'crosspage') pinCrossPage(element, page.config, pages);
    }
  }
}

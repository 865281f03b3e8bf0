/**
 * The editor's headless store: a zustand vanilla store whose commands change the project through
 * immer, one history step each. History keeps immer patches and their inverses, never snapshots,
 * so its memory grows with the size of each change, not with the template.
 */
import { Immer, enablePatches, freeze, type Draft, type Patch } from 'immer';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ELEMENT_KINDS, HISTORY_LIMIT, PASTE_OFFSET, type ElementKind } from './constants';
import { ProjectValidationError, issue, type Locale } from './errors';
import { checkElement, createElement, createPage, mergeElement, newId } from './factory';
import { boundsOf, clampMove, placeOnPage, type Bounds } from './geometry';
import type {
  ElementPatch,
  ElementStyle,
  PagePatch,
  Participant,
  ProjectPatch,
  TemplateElement,
  TemplatePage,
  TemplateProject,
} from './model';
import { parseProject, sortParticipants } from './project';
import { ELEMENT_MODELS } from './registry';
import {
  pageSchema,
  participantsSchema,
  projectSchema,
  toValidationIssues,
  validate,
} from './schema';
import { sealCopyFor } from './seals';

enablePatches();
const immer = new Immer({ autoFreeze: true });

/** Which edge or centre `align` lines the selection up on. */
export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/** Paint-order moves within a page. */
export type ReorderDirection = 'up' | 'down' | 'top' | 'bottom';

/** One undoable step: the patches that made it and those that take it back. */
export interface HistoryEntry {
  /** The command that made the step (or the label given to `batch`). */
  label: string;
  patches: Patch[];
  inversePatches: Patch[];
}

/** The typographic style a new text or date field inherits from the last one edited. */
export type InheritedStyle = Partial<
  Pick<ElementStyle, 'fontFamily' | 'fontSize' | 'lineHeight' | 'textAlign' | 'color'>
>;

export interface EditorState {
  /** The template being edited. Frozen: change it only through the commands. */
  project: TemplateProject;
  /** Uuids of the selected elements. Not part of history. */
  selection: string[];
  canUndo: boolean;
  canRedo: boolean;
  /** How many steps undo and redo can take. */
  undoDepth: number;
  redoDepth: number;
  /** The label of the step undo would take back, or null. */
  undoLabel: string | null;
  redoLabel: string | null;
  /** Copies of the elements last copied, for `paste`. */
  clipboard: readonly TemplateElement[];
  /** Style of the last text or date field edited; new fields of those kinds take it. */
  lastStyle: InheritedStyle;

  /** Adds a blank page (at the end, or at `index`) holding a copy of every seal group; returns its uuid. */
  addPage(index?: number): string;
  /** Removes a page; removing the last page leaves one new blank page. */
  removePage(pageId: string): void;
  /** Changes a page's name, background or size. */
  updatePage(pageId: string, patch: PagePatch): void;
  /**
   * Adds an element of `kind` to a page and selects it; returns the uuids created. A seal is added
   * to every page at the same place (the uuid on `pageId` comes first).
   */
  addElement(pageId: string, kind: ElementKind, init?: ElementPatch): string[];
  /** Removes elements; removing any member of a seal group removes the whole group. */
  removeElements(ids: readonly string[]): void;
  /**
   * Merges `patch` into each element (nested objects key by key). A seal group shares every change
   * but its position. Throws `ProjectValidationError` and changes nothing when the result would be
   * invalid.
   */
  updateElements(ids: readonly string[], patch: ElementPatch): void;
  /** Moves elements by (dx, dy) points, as far as they stay on their page. */
  moveElements(ids: readonly string[], dx: number, dy: number): void;
  /**
   * Lines elements up on an edge or centre of the selection's bounds (of the page when one element
   * is given), page by page, as one step.
   */
  align(ids: readonly string[], edge: AlignEdge): void;
  /** Spaces three or more elements evenly between the outermost two, page by page, as one step. */
  distribute(ids: readonly string[], axis: 'horizontal' | 'vertical'): void;
  /** Changes an element's paint order within its page. */
  reorder(id: string, direction: ReorderDirection): void;
  /** Copies elements to the clipboard (not a history step). */
  copy(ids: readonly string[]): void;
  /**
   * Pastes the clipboard onto a page (by default the page it was copied from), each copy offset by
   * `PASTE_OFFSET` in left and top; pasting again cascades. Returns the uuids created.
   */
  paste(pageId?: string): string[];
  /** Copies and pastes in one step without touching the clipboard; returns the uuids created. */
  duplicate(ids: readonly string[]): string[];
  /** Selects elements (unknown uuids are ignored). */
  select(ids: readonly string[]): void;
  /** Sets the contract's parties and what each does. Throws `ProjectValidationError` on a malformed list. */
  setParticipants(list: readonly Participant[]): void;
  /** Changes the template's own fields (name, title, description, …). */
  updateProject(patch: ProjectPatch): void;
  undo(): void;
  redo(): void;
  /**
   * Runs several commands as one history step (a drag, a multi-field edit). If `fn` throws, every
   * change it made is taken back and the error is rethrown.
   */
  batch(fn: () => void, label?: string): void;
  /** The language of the titles given to new fields from now on. */
  setLocale(locale: Locale): void;
  /** Replaces the project (parsed like `parseProject`) and clears history and selection. */
  reset(project: unknown): void;
}

export type EditorStore = StoreApi<EditorState>;

export interface EditorStoreOptions {
  /** How many steps history keeps (default `HISTORY_LIMIT`, 100). */
  historyLimit?: number;
  /** The language of the titles given to new fields ("Text 1" or "文本 1"). Default 'en'. */
  locale?: Locale;
}

interface Located {
  pageIndex: number;
  elementIndex: number;
  element: TemplateElement;
}

/** Finds elements by uuid in one pass over the project. */
function locateAll(project: TemplateProject, ids: readonly string[]): Located[] {
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

interface Move {
  l: Located;
  left: number;
  top: number;
}

function groupByPage(located: Located[]): Map<number, Located[]> {
  const byPage = new Map<number, Located[]>();
  for (const l of located) {
    const list = byPage.get(l.pageIndex);
    if (list) list.push(l);
    else byPage.set(l.pageIndex, [l]);
  }
  return byPage;
}

function pageIndexOf(project: TemplateProject, pageId: string): number {
  return project.pages.findIndex((page) => page.uuid === pageId);
}

/** Every member of the seal groups among `located`, plus the other elements themselves. */
function withSealGroups(project: TemplateProject, located: Located[]): Located[] {
  const groups = new Set(
    located
      .filter((l) => l.element.elName === 'seal' && l.element.config.sealGroup)
      .map((l) => l.element.config.sealGroup),
  );
  if (groups.size === 0) return located;
  const out = located.filter((l) => !groups.has(l.element.config.sealGroup));
  project.pages.forEach((page, pageIndex) => {
    page.elements.forEach((element, elementIndex) => {
      if (element.elName === 'seal' && groups.has(element.config.sealGroup))
        out.push({ pageIndex, elementIndex, element });
    });
  });
  return out;
}

function uniqueTitle(project: TemplateProject, wanted: string, taken?: Set<string>): string {
  const titles =
    taken ??
    new Set(project.pages.flatMap((page) => page.elements.map((element) => element.title)));
  if (!titles.has(wanted)) return wanted;
  const stem = wanted.replace(/\s*\d+$/, '');
  for (let n = 2; ; n++) {
    const candidate = `${stem} ${n}`;
    if (!titles.has(candidate)) return candidate;
  }
}

/** Assigns into a draft only the fields that differ, so that history holds small patches. */
function assignChanged(draft: Draft<TemplateElement>, next: TemplateElement): void {
  const target = draft as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(next)) {
    const current = target[key];
    if (
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      current &&
      typeof current === 'object'
    ) {
      const nested = current as Record<string, unknown>;
      for (const [innerKey, innerValue] of Object.entries(value as Record<string, unknown>)) {
        if (!Object.is(nested[innerKey], innerValue)) nested[innerKey] = innerValue;
      }
    } else if (Array.isArray(value)) {
      if (JSON.stringify(value) !== JSON.stringify(current)) target[key] = value;
    } else if (!Object.is(current, value)) {
      target[key] = value;
    }
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

const INHERITED_KEYS = ['fontFamily', 'fontSize', 'lineHeight', 'textAlign', 'color'] as const;

/** Creates an editor store for `project` (a new one-page template when omitted). */
export function createEditorStore(
  project?: unknown,
  options: EditorStoreOptions = {},
): EditorStore {
  const historyLimit = Math.max(0, Math.floor(options.historyLimit ?? HISTORY_LIMIT));
  let locale: Locale = options.locale ?? 'en';
  const past: HistoryEntry[] = [];
  const future: HistoryEntry[] = [];
  let pending: HistoryEntry | null = null;

  const initial = load(project);

  return createStore<EditorState>()((set, get) => {
    function flags() {
      return {
        canUndo: past.length > 0,
        canRedo: future.length > 0,
        undoDepth: past.length,
        redoDepth: future.length,
        undoLabel: past.at(-1)?.label ?? null,
        redoLabel: future.at(-1)?.label ?? null,
      };
    }

    /** Applies one command through immer; returns false (and records nothing) when nothing changed. */
    function commit(
      label: string,
      recipe: (draft: Draft<TemplateProject>) => void,
      extra: Partial<EditorState> = {},
    ): boolean {
      const [next, patches, inversePatches] = immer.produceWithPatches(get().project, recipe);
      if (patches.length === 0) {
        if (Object.keys(extra).length > 0) set(extra);
        return false;
      }
      if (pending) {
        pending.patches.push(...patches);
        pending.inversePatches = inversePatches.concat(pending.inversePatches);
        set({ project: next, ...extra });
        return true;
      }
      if (historyLimit > 0) {
        past.push({ label, patches, inversePatches });
        if (past.length > historyLimit) past.shift();
      }
      future.length = 0;
      set({ project: next, ...flags(), ...extra });
      return true;
    }

    function pruneSelection(projectAfter: TemplateProject, selection: string[]): string[] {
      if (selection.length === 0) return selection;
      const alive = new Set(locateAll(projectAfter, selection).map((l) => l.element.uuid));
      return alive.size === selection.length ? selection : selection.filter((id) => alive.has(id));
    }

    function afterRemoval() {
      const { project: current, selection } = get();
      const pruned = pruneSelection(current, selection);
      if (pruned !== selection) set({ selection: pruned });
    }

    function applyMoves(label: string, moves: Move[]): void {
      if (moves.length === 0) return;
      commit(label, (draft) => {
        for (const { l, left, top } of moves) {
          const style = draft.pages[l.pageIndex]!.elements[l.elementIndex]!.commonStyle;
          if (style.left !== left) style.left = left;
          if (style.top !== top) style.top = top;
        }
      });
    }

    function newTitle(current: TemplateProject, kind: ElementKind, taken: Set<string>): string {
      const label = ELEMENT_MODELS[kind].label[locale];
      const count = current.pages.reduce(
        (n, page) => n + page.elements.filter((e) => e.elName === kind).length,
        0,
      );
      return uniqueTitle(current, `${label} ${count + 1}`, taken);
    }

    /** Places copies of `sources` (each with the page index it goes to) and returns their uuids. */
    function placeCopies(
      label: string,
      sources: { element: TemplateElement; pageIndex: number }[],
      offset: number,
    ): string[] {
      const current = get().project;
      const taken = new Set(
        current.pages.flatMap((page) => page.elements.map((element) => element.title)),
      );
      const primary: string[] = [];
      const created: string[] = [];
      const additions: { pageIndex: number; element: TemplateElement }[] = [];
      for (const { element, pageIndex } of sources) {
        const page = current.pages[pageIndex]!;
        const copy: TemplateElement = structuredClone(element);
        copy.uuid = newId();
        copy.commonStyle.left += offset;
        copy.commonStyle.top += offset;
        Object.assign(copy.commonStyle, placeOnPage(copy.commonStyle, page.config));
        copy.title = uniqueTitle(current, copy.title, taken);
        taken.add(copy.title);
        primary.push(copy.uuid);
        created.push(copy.uuid);
        additions.push({ pageIndex, element: copy });
        if (copy.elName === 'seal') {
          copy.config.sealGroup = newId();
          current.pages.forEach((other, otherIndex) => {
            if (otherIndex === pageIndex) return;
            const member = sealCopyFor(copy, other);
            created.push(member.uuid);
            additions.push({ pageIndex: otherIndex, element: member });
          });
        }
      }
      if (additions.length === 0) return [];
      commit(
        label,
        (draft) => {
          for (const { pageIndex, element } of additions) {
            const elements = draft.pages[pageIndex]!.elements;
            elements.push({
              ...element,
              commonStyle: { ...element.commonStyle, zIndex: elements.length + 1 },
            });
          }
        },
        { selection: primary },
      );
      return created;
    }

    return {
      project: initial,
      selection: [],
      ...flags(),
      clipboard: [],
      lastStyle: {},

      addPage(index) {
        const current = get().project;
        const page = createPage({ width: current.width, height: current.height });
        const seen = new Set<string>();
        for (const element of current.pages[0]?.elements ?? []) {
          if (element.elName === 'seal' && !seen.has(element.config.sealGroup)) {
            seen.add(element.config.sealGroup);
            const copy = sealCopyFor(element, page);
            copy.commonStyle.zIndex = page.elements.length + 1;
            page.elements.push(copy);
          }
        }
        const at =
          index === undefined || !Number.isInteger(index)
            ? current.pages.length
            : Math.min(Math.max(index, 0), current.pages.length);
        commit('addPage', (draft) => {
          draft.pages.splice(at, 0, page);
        });
        return page.uuid;
      },

      removePage(pageId) {
        const current = get().project;
        const index = pageIndexOf(current, pageId);
        if (index < 0) return;
        const blank =
          current.pages.length === 1
            ? createPage({ width: current.width, height: current.height })
            : null;
        commit('removePage', (draft) => {
          draft.pages.splice(index, 1);
          if (blank) draft.pages.push(blank);
        });
        afterRemoval();
      },

      updatePage(pageId, patch) {
        const current = get().project;
        const index = pageIndexOf(current, pageId);
        if (index < 0) return;
        const page = current.pages[index]!;
        const checked = validate(pageSchema, {
          ...page,
          elements: [],
          name: patch.name ?? page.name,
          commonStyle: { ...page.commonStyle, ...patch.commonStyle },
          config: { ...page.config, ...patch.config },
        });
        if (!checked.success) {
          throw new ProjectValidationError(toValidationIssues(checked.error, ['pages', index]));
        }
        const next = checked.data;
        commit('updatePage', (draft) => {
          const target = draft.pages[index]!;
          if (target.name !== next.name) target.name = next.name;
          for (const key of ['backgroundColor', 'backgroundImage', 'backgroundSize'] as const) {
            if (target.commonStyle[key] !== next.commonStyle[key])
              target.commonStyle[key] = next.commonStyle[key];
          }
          if (next.config.width !== undefined && target.config.width !== next.config.width)
            target.config.width = next.config.width;
          if (next.config.height !== undefined && target.config.height !== next.config.height)
            target.config.height = next.config.height;
        });
      },

      addElement(pageId, kind, init = {}) {
        if (!(ELEMENT_KINDS as readonly string[]).includes(kind)) {
          throw new ProjectValidationError([
            issue(['elName'], 'invalid_value', {
              en: `Unknown field kind; must be one of: ${ELEMENT_KINDS.join(', ')}`,
              zh: `未知的字段类型，必须是：${ELEMENT_KINDS.join('、')}`,
            }),
          ]);
        }
        const current = get().project;
        const pageIndex = pageIndexOf(current, pageId);
        if (pageIndex < 0) return [];
        const taken = new Set(
          current.pages.flatMap((page) => page.elements.map((element) => element.title)),
        );
        const inherited = kind === 'text' || kind === 'date' ? get().lastStyle : {};
        const element = createElement(kind, current.pages[pageIndex]!.config, {
          ...init,
          title: init.title ?? newTitle(current, kind, taken),
          commonStyle: { ...inherited, ...init.commonStyle },
        });
        if (kind !== 'seal') {
          commit(
            'addElement',
            (draft) => {
              const elements = draft.pages[pageIndex]!.elements;
              elements.push({
                ...element,
                commonStyle: { ...element.commonStyle, zIndex: elements.length + 1 },
              });
            },
            { selection: [element.uuid] },
          );
          return [element.uuid];
        }
        element.config.sealGroup = newId();
        const members = current.pages.map((page, index) =>
          index === pageIndex ? element : sealCopyFor(element, page),
        );
        commit(
          'addElement',
          (draft) => {
            draft.pages.forEach((page, index) => {
              page.elements.push({
                ...members[index]!,
                commonStyle: { ...members[index]!.commonStyle, zIndex: page.elements.length + 1 },
              });
            });
          },
          { selection: [element.uuid] },
        );
        return [
          element.uuid,
          ...members.filter((member) => member !== element).map((member) => member.uuid),
        ];
      },

      removeElements(ids) {
        const current = get().project;
        const targets = withSealGroups(current, locateAll(current, ids));
        if (targets.length === 0) return;
        const doomed = new Set(targets.map((t) => t.element.uuid));
        commit('removeElements', (draft) => {
          for (const page of draft.pages) {
            if (!page.elements.some((element) => doomed.has(element.uuid))) continue;
            page.elements = page.elements.filter((element) => !doomed.has(element.uuid));
            page.elements.forEach((element, index) => {
              if (element.commonStyle.zIndex !== index + 1) element.commonStyle.zIndex = index + 1;
            });
          }
        });
        afterRemoval();
      },

      updateElements(ids, patch) {
        const current = get().project;
        const direct = locateAll(current, ids);
        if (direct.length === 0) return;
        const directIds = new Set(direct.map((d) => d.element.uuid));
        const targets = withSealGroups(current, direct);
        const { left: _left, top: _top, ...sharedStyle } = patch.commonStyle ?? {};
        const shared: ElementPatch = { ...patch, commonStyle: sharedStyle };
        const updates = targets.map((target) => {
          const own = directIds.has(target.element.uuid) ? patch : shared;
          const next = mergeElement(target.element, own);
          ELEMENT_MODELS[next.elName].normalise?.(next, own);
          const checked = checkElement(next, [
            'pages',
            target.pageIndex,
            'elements',
            target.elementIndex,
          ]);
          return { target, next: checked };
        });
        const styleKeys = INHERITED_KEYS.filter((key) => patch.commonStyle?.[key] !== undefined);
        const edited = direct.find(
          (d) => d.element.elName === 'text' || d.element.elName === 'date',
        );
        const extra: Partial<EditorState> = {};
        if (styleKeys.length > 0 && edited) {
          const style = updates.find((u) => u.target.element.uuid === edited.element.uuid)!.next
            .commonStyle;
          extra.lastStyle = Object.fromEntries(INHERITED_KEYS.map((key) => [key, style[key]]));
        }
        commit(
          'updateElements',
          (draft) => {
            for (const { target, next } of updates) {
              assignChanged(draft.pages[target.pageIndex]!.elements[target.elementIndex]!, next);
            }
          },
          extra,
        );
      },

      moveElements(ids, dx, dy) {
        if (!Number.isFinite(dx) || !Number.isFinite(dy) || (dx === 0 && dy === 0)) return;
        const current = get().project;
        const located = locateAll(current, ids);
        if (located.length === 0) return;
        const moves: Move[] = [];
        for (const [pageIndex, onPage] of groupByPage(located)) {
          const page = current.pages[pageIndex]!;
          const step = clampMove(
            onPage.map((l) => l.element.commonStyle),
            page.config,
            dx,
            dy,
          );
          for (const l of onPage) {
            moves.push({
              l,
              left: round(l.element.commonStyle.left + step.dx),
              top: round(l.element.commonStyle.top + step.dy),
            });
          }
        }
        applyMoves('moveElements', moves);
      },

      align(ids, edge) {
        const current = get().project;
        const moves: Move[] = [];
        for (const [pageIndex, onPage] of groupByPage(locateAll(current, ids))) {
          const boxes = onPage.map((l) => boundsOf(l.element.commonStyle));
          const page = current.pages[pageIndex]!.config;
          const frame: Bounds =
            onPage.length === 1
              ? { left: 0, top: 0, right: page.width, bottom: page.height }
              : {
                  left: Math.min(...boxes.map((b) => b.left)),
                  top: Math.min(...boxes.map((b) => b.top)),
                  right: Math.max(...boxes.map((b) => b.right)),
                  bottom: Math.max(...boxes.map((b) => b.bottom)),
                };
          onPage.forEach((l, i) => {
            const b = boxes[i]!;
            const dx =
              edge === 'left'
                ? frame.left - b.left
                : edge === 'right'
                  ? frame.right - b.right
                  : edge === 'center'
                    ? (frame.left + frame.right) / 2 - (b.left + b.right) / 2
                    : 0;
            const dy =
              edge === 'top'
                ? frame.top - b.top
                : edge === 'bottom'
                  ? frame.bottom - b.bottom
                  : edge === 'middle'
                    ? (frame.top + frame.bottom) / 2 - (b.top + b.bottom) / 2
                    : 0;
            moves.push({
              l,
              left: round(l.element.commonStyle.left + dx),
              top: round(l.element.commonStyle.top + dy),
            });
          });
        }
        applyMoves('align', moves);
      },

      distribute(ids, axis) {
        const current = get().project;
        const moves: Move[] = [];
        const horizontal = axis === 'horizontal';
        for (const [, onPage] of groupByPage(locateAll(current, ids))) {
          if (onPage.length < 3) continue;
          const items = onPage
            .map((l) => ({ l, b: boundsOf(l.element.commonStyle) }))
            .sort((a, b) =>
              horizontal
                ? a.b.left + a.b.right - b.b.left - b.b.right
                : a.b.top + a.b.bottom - b.b.top - b.b.bottom,
            );
          const start = horizontal ? items[0]!.b.left : items[0]!.b.top;
          const end = horizontal ? items.at(-1)!.b.right : items.at(-1)!.b.bottom;
          const total = items.reduce(
            (sum, item) =>
              sum + (horizontal ? item.b.right - item.b.left : item.b.bottom - item.b.top),
            0,
          );
          const gap = (end - start - total) / (items.length - 1);
          let cursor = start;
          for (const { l, b } of items) {
            const delta = cursor - (horizontal ? b.left : b.top);
            moves.push({
              l,
              left: round(l.element.commonStyle.left + (horizontal ? delta : 0)),
              top: round(l.element.commonStyle.top + (horizontal ? 0 : delta)),
            });
            cursor += (horizontal ? b.right - b.left : b.bottom - b.top) + gap;
          }
        }
        applyMoves('distribute', moves);
      },

      reorder(id, direction) {
        const current = get().project;
        const [found] = locateAll(current, [id]);
        if (!found) return;
        const count = current.pages[found.pageIndex]!.elements.length;
        const from = found.elementIndex;
        const to =
          direction === 'up'
            ? Math.min(from + 1, count - 1)
            : direction === 'down'
              ? Math.max(from - 1, 0)
              : direction === 'top'
                ? count - 1
                : direction === 'bottom'
                  ? 0
                  : from;
        if (to === from) return;
        commit('reorder', (draft) => {
          const elements = draft.pages[found.pageIndex]!.elements;
          const [moved] = elements.splice(from, 1);
          elements.splice(to, 0, moved!);
          elements.forEach((element, index) => {
            if (element.commonStyle.zIndex !== index + 1) element.commonStyle.zIndex = index + 1;
          });
        });
      },

      copy(ids) {
        const located = locateAll(get().project, ids);
        if (located.length === 0) return;
        set({ clipboard: located.map((l) => l.element) });
      },

      paste(pageId) {
        const { project: current, clipboard } = get();
        if (clipboard.length === 0) return [];
        let target = -1;
        if (pageId !== undefined) {
          target = pageIndexOf(current, pageId);
          if (target < 0) return [];
        } else {
          const origin = locateAll(current, [clipboard[0]!.uuid])[0];
          target = origin?.pageIndex ?? 0;
        }
        const created = placeCopies(
          'paste',
          clipboard.map((element) => ({ element, pageIndex: target })),
          PASTE_OFFSET,
        );
        // The next paste lands one offset further, so repeated pastes cascade instead of stacking.
        set({
          clipboard: clipboard.map((element) => ({
            ...element,
            commonStyle: {
              ...element.commonStyle,
              left: element.commonStyle.left + PASTE_OFFSET,
              top: element.commonStyle.top + PASTE_OFFSET,
            },
          })),
        });
        return created;
      },

      duplicate(ids) {
        const located = locateAll(get().project, ids);
        return placeCopies(
          'duplicate',
          located.map((l) => ({ element: l.element, pageIndex: l.pageIndex })),
          PASTE_OFFSET,
        );
      },

      select(ids) {
        const located = locateAll(get().project, ids);
        const order = new Map(ids.map((id, index) => [id, index]));
        const selection = located
          .map((l) => l.element.uuid)
          .sort((a, b) => order.get(a)! - order.get(b)!);
        const previous = get().selection;
        if (selection.length === previous.length && selection.every((id, i) => id === previous[i]))
          return;
        set({ selection });
      },

      setParticipants(list) {
        const checked = validate(participantsSchema, list);
        if (!checked.success)
          throw new ProjectValidationError(toValidationIssues(checked.error, ['participants']));
        const next = sortParticipants(checked.data);
        if (JSON.stringify(next) === JSON.stringify(get().project.participants)) return;
        commit('setParticipants', (draft) => {
          draft.participants = next;
        });
      },

      updateProject(patch) {
        const keys = Object.keys(patch).filter(
          (key): key is keyof ProjectPatch =>
            key in projectSchema.shape &&
            ![
              'pages',
              'participants',
              'signList',
              'dateList',
              'fillsInList',
              'imageTypeList',
              'width',
              'height',
              'script',
            ].includes(key),
        );
        const values: Record<string, unknown> = {};
        for (const key of keys) {
          const checked = validate(projectSchema.shape[key], patch[key]);
          if (!checked.success)
            throw new ProjectValidationError(toValidationIssues(checked.error, [key]));
          values[key] = checked.data;
        }
        commit('updateProject', (draft) => {
          const target = draft as unknown as Record<string, unknown>;
          for (const [key, value] of Object.entries(values)) {
            if (JSON.stringify(target[key]) !== JSON.stringify(value)) target[key] = value;
          }
        });
      },

      undo() {
        if (pending || past.length === 0) return;
        const entry = past.pop()!;
        const project = immer.applyPatches(get().project, entry.inversePatches);
        future.push(entry);
        set({ project, selection: pruneSelection(project, get().selection), ...flags() });
      },

      redo() {
        if (pending || future.length === 0) return;
        const entry = future.pop()!;
        const project = immer.applyPatches(get().project, entry.patches);
        past.push(entry);
        set({ project, selection: pruneSelection(project, get().selection), ...flags() });
      },

      batch(fn, label = 'batch') {
        if (pending) {
          fn();
          return;
        }
        const step: HistoryEntry = { label, patches: [], inversePatches: [] };
        pending = step;
        try {
          fn();
        } catch (error) {
          pending = null;
          if (step.inversePatches.length > 0) {
            const project = immer.applyPatches(get().project, step.inversePatches);
            set({ project, selection: pruneSelection(project, get().selection) });
          }
          throw error;
        } finally {
          pending = null;
        }
        if (step.patches.length === 0) return;
        if (historyLimit > 0) {
          past.push(step);
          if (past.length > historyLimit) past.shift();
        }
        future.length = 0;
        set(flags());
      },

      setLocale(next) {
        if (next === 'en' || next === 'zh') locale = next;
      },

      reset(next) {
        const project = load(next);
        past.length = 0;
        future.length = 0;
        set({ project, selection: [], ...flags() });
      },
    };
  });
}

/** Parses a project for the store; the derived lists stay empty there (see `TemplateProject`). */
function load(project: unknown): TemplateProject {
  const parsed = project === undefined ? parseProject(emptyTemplate()) : parseProject(project);
  return freeze(
    { ...parsed, signList: [], dateList: [], fillsInList: [], imageTypeList: [] },
    true,
  );
}

function emptyTemplate(): Partial<TemplateProject> {
  return { pages: [createPage()] as TemplatePage[] };
}

/**
 * The elements slice: adding, removing, changing, moving, lining up and layering fields, the style
 * new text and date fields inherit, and the language of new fields' titles.
 */
import type { Draft } from 'immer';
import { ELEMENT_KINDS, type ElementKind } from '../constants';
import { ProjectValidationError, issue, type Locale } from '../errors';
import { pinCrossPage } from '../crossPage';
import { checkElement, createElement, mergeElement, newId } from '../factory';
import { boundsOf, clampMove, type Bounds } from '../geometry';
import type { ElementPatch, TemplateElement, TemplateProject } from '../model';
import { ELEMENT_MODELS } from '../registry';
import {
  followSealGroups,
  hasOwnPlace,
  samePlaceOn,
  sealCopyFor,
  sharedPlaceMember,
} from '../seals';
import {
  locateAll,
  pageIndexOf,
  takenTitles,
  uniqueTitle,
  type EditorSlice,
  type Located,
  type StoreShared,
} from './shared';
import type { EditorState } from './types';

const INHERITED_KEYS = ['fontFamily', 'fontSize', 'lineHeight', 'textAlign', 'color'] as const;

/** Where one element of a move, align or distribute ends up. */
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

/**
 * Applies moves as one step labelled `label`; nothing when there are none. The other copies of a
 * moved seal that share its place follow it, in the same step.
 */
function applyMoves(commit: StoreShared['commit'], label: string, moves: Move[]): void {
  if (moves.length === 0) return;
  commit(label, (draft) => {
    const leaders = new Set<string>();
    for (const { l, left, top } of moves) {
      const style = draft.pages[l.pageIndex]!.elements[l.elementIndex]!.commonStyle;
      if (style.left !== left) style.left = left;
      if (style.top !== top) style.top = top;
      if (l.element.elName === 'seal') leaders.add(l.element.uuid);
    }
    followSealGroups(draft.pages, leaders);
  });
}

const GEOMETRY_KEYS = ['left', 'top', 'width', 'height', 'rotate'] as const;

/** The next free title for a new field of `kind` ("Text 3", "文本 3"). */
function newTitle(
  locale: Locale,
  current: TemplateProject,
  kind: ElementKind,
  taken: Set<string>,
): string {
  const label = ELEMENT_MODELS[kind].label[locale];
  const count = current.pages.reduce(
    (n, page) => n + page.elements.filter((e) => e.elName === kind).length,
    0,
  );
  return uniqueTitle(current, `${label} ${count + 1}`, taken);
}

/** Makes the element commands. */
export const createElementsSlice: EditorSlice<
  | 'lastStyle'
  | 'addElement'
  | 'removeElements'
  | 'updateElements'
  | 'moveElements'
  | 'align'
  | 'distribute'
  | 'reorder'
  | 'setSealCopyPlace'
  | 'setLocale'
> = (_set, get, shared) => ({
  lastStyle: {},

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
    const taken = takenTitles(current);
    const inherited = kind === 'text' || kind === 'date' ? get().lastStyle : {};
    const element = createElement(kind, current.pages[pageIndex]!.config, {
      ...init,
      title: init.title ?? newTitle(shared.locale, current, kind, taken),
      commonStyle: { ...inherited, ...init.commonStyle },
    });
    if (kind === 'crosspage')
      pinCrossPage(element, current.pages[pageIndex]!.config, current.pages);
    if (kind !== 'seal') {
      shared.commit(
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
    delete element.config.ownPlace;
    const members = current.pages.map((page, index) =>
      index === pageIndex ? element : sealCopyFor(element, page),
    );
    shared.commit(
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
    shared.commit('removeElements', (draft) => {
      for (const page of draft.pages) {
        if (!page.elements.some((element) => doomed.has(element.uuid))) continue;
        page.elements = page.elements.filter((element) => !doomed.has(element.uuid));
        page.elements.forEach((element, index) => {
          if (element.commonStyle.zIndex !== index + 1) element.commonStyle.zIndex = index + 1;
        });
      }
    });
    shared.afterRemoval();
  },

  updateElements(ids, patch) {
    const current = get().project;
    const direct = locateAll(current, ids);
    if (direct.length === 0) return;
    const directIds = new Set(direct.map((d) => d.element.uuid));
    const targets = withSealGroups(current, direct);
    const { left: _left, top: _top, ...sharedStyle } = patch.commonStyle ?? {};
    const groupPatch: ElementPatch = { ...patch, commonStyle: sharedStyle };
    const updates = targets.map((target) => {
      const own = directIds.has(target.element.uuid) ? patch : groupPatch;
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
    const edited = direct.find((d) => d.element.elName === 'text' || d.element.elName === 'date');
    const extra: Partial<EditorState> = {};
    if (styleKeys.length > 0 && edited) {
      const style = updates.find((u) => u.target.element.uuid === edited.element.uuid)!.next
        .commonStyle;
      extra.lastStyle = Object.fromEntries(INHERITED_KEYS.map((key) => [key, style[key]]));
    }
    const movesSeals = GEOMETRY_KEYS.some((key) => patch.commonStyle?.[key] !== undefined);
    const leaders = new Set(
      movesSeals
        ? direct.filter((d) => d.element.elName === 'seal').map((d) => d.element.uuid)
        : [],
    );
    shared.commit(
      'updateElements',
      (draft) => {
        for (const { target, next } of updates) {
          assignChanged(draft.pages[target.pageIndex]!.elements[target.elementIndex]!, next);
        }
        followSealGroups(draft.pages, leaders);
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
    applyMoves(shared.commit, 'moveElements', moves);
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
    applyMoves(shared.commit, 'align', moves);
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
        (sum, item) => sum + (horizontal ? item.b.right - item.b.left : item.b.bottom - item.b.top),
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
    applyMoves(shared.commit, 'distribute', moves);
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
    shared.commit('reorder', (draft) => {
      const elements = draft.pages[found.pageIndex]!.elements;
      const [moved] = elements.splice(from, 1);
      elements.splice(to, 0, moved!);
      elements.forEach((element, index) => {
        if (element.commonStyle.zIndex !== index + 1) element.commonStyle.zIndex = index + 1;
      });
    });
  },

  setSealCopyPlace(id, ownPlace) {
    const current = get().project;
    const [found] = locateAll(current, [id]);
    if (!found || found.element.elName !== 'seal') return;
    const group = found.element.config.sealGroup;
    if (ownPlace) {
      shared.commit('setSealCopyPlace', (draft) => {
        draft.pages[found.pageIndex]!.elements[found.elementIndex]!.config.ownPlace = true;
      });
      return;
    }
    // A copy placed alone goes back to where the others are; otherwise every copy comes here.
    const home = hasOwnPlace(found.element)
      ? sharedPlaceMember(current.pages, group, found.element.uuid)
      : undefined;
    shared.commit('setSealCopyPlace', (draft) => {
      if (home) {
        const target = draft.pages[found.pageIndex]!.elements[found.elementIndex]!;
        delete target.config.ownPlace;
        const { left, top } = samePlaceOn(
          { ...target.commonStyle, left: home.commonStyle.left, top: home.commonStyle.top },
          draft.pages[found.pageIndex]!.config,
        );
        if (target.commonStyle.left !== left) target.commonStyle.left = left;
        if (target.commonStyle.top !== top) target.commonStyle.top = top;
        return;
      }
      for (const page of draft.pages) {
        for (const element of page.elements) {
          if (element.elName === 'seal' && element.config.sealGroup === group)
            delete element.config.ownPlace;
        }
      }
      followSealGroups(draft.pages, new Set([found.element.uuid]));
    });
  },

  setLocale(next) {
    if (next === 'en' || next === 'zh') shared.locale = next;
  },
});

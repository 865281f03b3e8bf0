/**
 * The selection slice: which elements are selected, and the clipboard with copy, paste and
 * duplicate.
 */
import { PASTE_OFFSET } from '../constants';
import { newId } from '../factory';
import { placeOnPage } from '../geometry';
import type { TemplateElement } from '../model';
import { sealCopyFor } from '../seals';
import {
  locateAll,
  pageIndexOf,
  takenTitles,
  uniqueTitle,
  type EditorSlice,
  type GetState,
  type StoreShared,
} from './shared';

/**
 * Places copies of `sources` (each with the page index it goes to), `offset` further right and
 * down, selects them and returns their uuids. A copied seal starts a new group on every page.
 */
function placeCopies(
  get: GetState,
  commit: StoreShared['commit'],
  label: string,
  sources: { element: TemplateElement; pageIndex: number }[],
  offset: number,
): string[] {
  const current = get().project;
  const taken = takenTitles(current);
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
      delete copy.config.ownPlace;
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

/** Makes the selection, the clipboard and their commands. */
export const createSelectionSlice: EditorSlice<
  'selection' | 'clipboard' | 'select' | 'copy' | 'paste' | 'duplicate'
> = (set, get, { commit }) => ({
  selection: [],
  clipboard: [],

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
      get,
      commit,
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
      get,
      commit,
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
});

/**
 * The pages slice: the document itself, its pages and the template's own fields (name, title, …).
 */
import type { Draft } from 'immer';
import { shiftCrossPageRange } from '../crossPage';
import { createPage } from '../factory';
import type { ProjectPatch, TemplateElement, TemplatePage } from '../model';
import { pageSchema, projectSchema } from '../schema';
import { sealCopyFor, sharedPlaceMember } from '../seals';
import { pageIndexOf, validOrThrow, type EditorSlice } from './shared';

/** Project fields `updateProject` leaves alone: they have their own commands or are derived. */
const NOT_UPDATABLE = [
  'pages',
  'participants',
  'signList',
  'dateList',
  'fillsInList',
  'imageTypeList',
  'width',
  'height',
  'script',
];

/** Makes the page and project commands. */
export const createPagesSlice: EditorSlice<
  'addPage' | 'removePage' | 'updatePage' | 'updateProject'
> = (_set, get, { commit, afterRemoval }) => ({
  addPage(index) {
    const current = get().project;
    const page = createPage({ width: current.width, height: current.height });
    const seen = new Set<string>();
    for (const element of current.pages[0]?.elements ?? []) {
      if (element.elName === 'seal' && !seen.has(element.config.sealGroup)) {
        seen.add(element.config.sealGroup);
        const copy = sealCopyFor(
          sharedPlaceMember(current.pages, element.config.sealGroup) ?? element,
          page,
        );
        copy.commonStyle.zIndex = page.elements.length + 1;
        page.elements.push(copy);
      }
    }
    const at =
      index === undefined || !Number.isInteger(index)
        ? current.pages.length
        : Math.min(Math.max(index, 0), current.pages.length);
    commit('addPage', (draft) => {
      for (const element of crossPageSeals(draft.pages))
        shiftCrossPageRange(element.config, at + 1, 1);
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
      // A cross-page seal stored on the page removed moves to a page that stays: it belongs to
      // the document's pages, not to the one that holds it.
      const doomed = draft.pages[index]!;
      const homeless = doomed.elements.filter((element) => element.elName === 'crosspage');
      for (const element of crossPageSeals(draft.pages))
        shiftCrossPageRange(element.config, index + 1, -1);
      draft.pages.splice(index, 1);
      if (blank) draft.pages.push(blank);
      if (homeless.length > 0) {
        const home = draft.pages[Math.min(index, draft.pages.length - 1)]!;
        for (const element of homeless) {
          element.commonStyle.zIndex = home.elements.length + 1;
          home.elements.push(element);
        }
      }
    });
    afterRemoval();
  },

  updatePage(pageId, patch) {
    const current = get().project;
    const index = pageIndexOf(current, pageId);
    if (index < 0) return;
    const page = current.pages[index]!;
    const next = validOrThrow(
      pageSchema,
      {
        ...page,
        elements: [],
        name: patch.name ?? page.name,
        commonStyle: { ...page.commonStyle, ...patch.commonStyle },
        config: { ...page.config, ...patch.config },
      },
      ['pages', index],
    );
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

  updateProject(patch) {
    const keys = Object.keys(patch).filter(
      (key): key is keyof ProjectPatch =>
        key in projectSchema.shape && !NOT_UPDATABLE.includes(key),
    );
    const values: Record<string, unknown> = {};
    for (const key of keys) {
      values[key] = validOrThrow(projectSchema.shape[key], patch[key], [key]);
    }
    commit('updateProject', (draft) => {
      const target = draft as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(values)) {
        if (JSON.stringify(target[key]) !== JSON.stringify(value)) target[key] = value;
      }
    });
  },
});

/** Every cross-page seal of the document, wherever it is stored. */
function crossPageSeals(pages: Draft<TemplatePage>[]): Draft<TemplateElement>[] {
  return pages.flatMap((page) => page.elements.filter((element) => element.elName === 'crosspage'));
}

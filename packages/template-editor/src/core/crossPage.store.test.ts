import { describe, expect, it } from 'vitest';
import { validateTemplate } from './checks';
import { crossPageSlicesOf } from './crossPage';
import type { TemplateElement, TemplateProject } from './model';
import { parseProject } from './project';
import { deriveSignList, deriveStampLocations, fitStampToImage, stampDrawing } from './stamps';
import { createEditorStore, type EditorStore } from './store';

/** A store of `count` A4 pages holding one cross-page seal added on page `on` (0-based). */
function withSeal(count: number, on = 0): { store: EditorStore; id: string } {
  const store = createEditorStore();
  for (let i = 1; i < count; i++) store.getState().addPage();
  const page = store.getState().project.pages[on]!;
  const [id] = store.getState().addElement(page.uuid, 'crosspage', {
    previewConfig: { sealId: 'seal-1' },
    config: { party: 'B' },
  });
  return { store, id: id! };
}

function element(project: TemplateProject, id: string): TemplateElement {
  for (const page of project.pages) {
    const found = page.elements.find((e) => e.uuid === id);
    if (found) return found;
  }
  throw new Error(`no element ${id}`);
}

describe('the cross-page seal in the store', () => {
  it('is one element, flush with the right edge, unturned, whose slices cover every page', () => {
    const { store, id } = withSeal(4);
    const project = store.getState().project;
    const all = project.pages.flatMap((page) => page.elements);
    expect(all).toHaveLength(1);
    const seal = element(project, id);
    expect(seal.commonStyle).toMatchObject({ left: 596 - 119, width: 119, height: 119, rotate: 0 });
    const slices = crossPageSlicesOf(seal, project.pages);
    expect(slices.map((s) => s.page)).toEqual([1, 2, 3, 4]);
    for (const slice of slices) {
      expect(slice.box.x + slice.box.width).toBeCloseTo(596, 9);
      expect(slice.box.width).toBeCloseTo(119 / 4, 9);
    }
  });

  it('moves only up and down, as one on every page, and never off the shortest page', () => {
    const { store, id } = withSeal(3);
    const before = element(store.getState().project, id).commonStyle;
    store.getState().moveElements([id], -200, 50);
    const moved = element(store.getState().project, id).commonStyle;
    expect(moved.left).toBe(before.left);
    expect(moved.top).toBe(before.top + 50);
    // A short page in the range: the seal is lifted to stay on it.
    store
      .getState()
      .updatePage(store.getState().project.pages[2]!.uuid, { config: { height: 300 } });
    const lifted = element(store.getState().project, id).commonStyle;
    expect(lifted.top + lifted.height).toBeLessThanOrEqual(300);
    store.getState().moveElements([id], 0, 5000);
    const low = element(store.getState().project, id).commonStyle;
    expect(low.top + low.height).toBeLessThanOrEqual(300);
    // Rotation and a horizontal position given by a patch are pinned back.
    store.getState().updateElements([id], { commonStyle: { rotate: 30, left: 10 } });
    expect(element(store.getState().project, id).commonStyle).toMatchObject({
      rotate: 0,
      left: 596 - 119,
    });
    // The pinned patch changed nothing, so it made no step; undoing the page's new height puts
    // the seal back where it was before the page shrank.
    store.getState().undo();
    expect(element(store.getState().project, id).commonStyle.top).toBe(moved.top);
  });

  it('sits flush with the left edge when asked, and takes both edges', () => {
    const { store, id } = withSeal(2);
    store.getState().updateElements([id], { config: { crossPageEdge: 'left' } });
    const project = store.getState().project;
    expect(element(project, id).commonStyle.left).toBe(0);
    store.getState().updateElements([id], { config: { crossPageEdge: 'both' } });
    const stamps = deriveStampLocations(store.getState().project);
    expect(stamps.map((s) => [s.page, s.x < 298 ? 'left' : 'right'])).toEqual([
      [1, 'right'],
      [2, 'right'],
      [1, 'left'],
      [2, 'left'],
    ]);
  });

  it('keeps its range on the same pages when pages are added or removed, and survives losing its page', () => {
    const { store, id } = withSeal(5, 0);
    store.getState().updateElements([id], { config: { crossPageFrom: 2, crossPageTo: 4 } });
    const pageIds = () => store.getState().project.pages.map((p) => p.uuid);
    const [p1, p2, , p4] = pageIds();
    const rangeOf = () => {
      const { crossPageFrom, crossPageTo } = element(store.getState().project, id).config;
      return [crossPageFrom, crossPageTo];
    };
    store.getState().addPage(0); // before the range
    expect(rangeOf()).toEqual([3, 5]);
    store.getState().addPage(6); // after it
    expect(rangeOf()).toEqual([3, 5]);
    store.getState().addPage(4); // inside it
    expect(rangeOf()).toEqual([3, 6]);
    store.getState().removePage(p4!); // inside it
    expect(rangeOf()).toEqual([3, 5]);
    // Its own page (the old page 1) goes: the seal moves to a page that stays.
    store.getState().removePage(p1!);
    expect(rangeOf()).toEqual([2, 4]);
    expect(element(store.getState().project, id).uuid).toBe(id);
    const slices = deriveStampLocations(store.getState().project).map((s) => s.page);
    expect(slices).toEqual([2, 3, 4]);
    expect(store.getState().project.pages[1]!.uuid).toBe(p2);
    // Undo brings the page and the seal back where they were.
    store.getState().undo();
    expect(store.getState().project.pages[1]!.elements.some((e) => e.uuid === id)).toBe(true);
  });

  it('is warned about by the template checks when its range has one page, and stamps nothing', () => {
    const { store, id } = withSeal(1);
    const project = store.getState().project;
    expect(deriveStampLocations(project)).toEqual([]);
    const checks = validateTemplate(project);
    const check = checks.find((c) => c.code === 'cross-page-too-few-pages');
    expect(check?.elementUuids).toEqual([id]);
    expect(check?.message.en).toMatch(/at least two pages/);
    expect(check?.message.zh).toMatch(/至少需要两页/);
    store.getState().addPage();
    expect(
      validateTemplate(store.getState().project).some((c) => c.code === 'cross-page-too-few-pages'),
    ).toBe(false);
  });

  it('survives a save and a load: the stored project gives the same slices', () => {
    const { store } = withSeal(3);
    const project = store.getState().project;
    const again = parseProject(JSON.parse(JSON.stringify(project)));
    expect(deriveStampLocations(again)).toEqual(deriveStampLocations(project));
    // An older template without the new settings reads them as their defaults.
    const old = JSON.parse(JSON.stringify(project)) as TemplateProject;
    const stored = old.pages[0]!.elements[0]! as unknown as { config: Record<string, unknown> };
    delete stored.config.crossPageEdge;
    delete stored.config.crossPageFrom;
    delete stored.config.crossPageTo;
    expect(deriveStampLocations(parseProject(old))).toEqual(deriveStampLocations(project));
  });
});

describe('stamp locations of a cross-page seal', () => {
  it('gives one location per slice: its box, and which part of the image it shows', () => {
    const { store, id } = withSeal(3);
    store.getState().moveElements([id], 0, 100);
    const project = store.getState().project;
    const seal = element(project, id);
    const stamps = deriveStampLocations(project);
    expect(stamps).toHaveLength(3);
    stamps.forEach((stamp, i) => {
      expect(stamp).toMatchObject({
        sealId: 'seal-1',
        sealGroup: id,
        elementUuid: id,
        party: 'B',
        page: i + 1,
        rotate: 0,
        height: 119,
        y: seal.commonStyle.top + 119 / 2,
      });
      expect(stamp.width).toBeCloseTo(119 / 3, 9);
      expect(stamp.x + stamp.width / 2).toBeCloseTo(596, 9);
      expect(stamp.slice).toMatchObject({ index: i, count: 3 });
      expect(stamp.slice!.offset).toBeCloseTo(i / 3, 9);
      expect(stamp.slice!.width).toBeCloseTo(1 / 3, 9);
    });
    const signs = deriveSignList(project).filter((entry) => entry.kind === 'crosspage');
    expect(signs.map((entry) => entry.page)).toEqual([1, 2, 3]);
  });

  it('draws the whole seal clipped to the slice, the slice falling exactly in its box', () => {
    const stamp = {
      x: 580,
      y: 400,
      width: 40,
      height: 120,
      rotate: 0,
      slice: { index: 1, count: 3, offset: 1 / 3, width: 1 / 3 },
    };
    const { image, clip } = stampDrawing(stamp);
    expect(clip).toEqual({ x: 580, y: 400, width: 40, height: 120, rotate: 0 });
    expect(image.width).toBeCloseTo(120, 9);
    // The image's columns 1/3 … 2/3 cover the clip box: its left edge lies one slice further left.
    expect(image.x - image.width / 2).toBeCloseTo(560 - 40, 9);
    // A whole seal: its own box, no clip.
    expect(stampDrawing({ ...stamp, slice: undefined })).toEqual({
      image: { x: 580, y: 400, width: 40, height: 120, rotate: 0 },
      clip: null,
    });
  });

  it('fits a seal image to a slice without breaking the tiling: the width kept, the height from the image', () => {
    const slice = { index: 0, count: 2, offset: 0, width: 0.5 };
    const stamp = { x: 10, y: 100, width: 60, height: 120, rotate: 0, slice };
    // An oval twice as wide as tall: half the height, the same width.
    expect(fitStampToImage(stamp, { width: 400, height: 200 })).toMatchObject({
      width: 60,
      height: 60,
    });
    // A tall image never grows past the box.
    expect(fitStampToImage(stamp, { width: 100, height: 400 })).toMatchObject({
      width: 60,
      height: 120,
    });
    // A whole seal keeps its proportions inside its box.
    expect(
      fitStampToImage(
        { x: 0, y: 0, width: 120, height: 120, rotate: 0 },
        { width: 400, height: 200 },
      ),
    ).toMatchObject({ width: 120, height: 60 });
  });
});

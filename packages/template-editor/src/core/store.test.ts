import { describe, expect, it } from 'vitest';
import { CANVAS_WIDTH, HISTORY_LIMIT, IMAGE_TYPES, PASTE_OFFSET } from './constants';
import { ProjectValidationError } from './errors';
import type { TemplateElement, TemplateProject } from './model';
import { createEditorStore, type EditorStore } from './store';

function setup(pages = 1) {
  const store = createEditorStore();
  for (let i = 1; i < pages; i++) store.getState().addPage();
  store.getState().reset(store.getState().project); // start with empty history
  return store;
}

const state = (store: EditorStore) => store.getState();
const pageId = (store: EditorStore, index = 0) => state(store).project.pages[index]!.uuid;

function find(project: TemplateProject, id: string): TemplateElement | undefined {
  for (const page of project.pages) {
    const found = page.elements.find((element) => element.uuid === id);
    if (found) return found;
  }
  return undefined;
}

function sealGroupsComplete(project: TemplateProject): boolean {
  const groups = new Set(
    project.pages.flatMap((page) =>
      page.elements.filter((e) => e.elName === 'seal').map((e) => e.config.sealGroup),
    ),
  );
  return project.pages.every((page) =>
    [...groups].every(
      (group) =>
        page.elements.filter((e) => e.elName === 'seal' && e.config.sealGroup === group).length ===
        1,
    ),
  );
}

describe('a new store', () => {
  it('holds one blank A4 page, parties A and B, nothing to undo', () => {
    const store = createEditorStore();
    const { project, canUndo, canRedo, selection } = state(store);
    expect(project.pages).toHaveLength(1);
    expect(project.pages[0]!.config).toEqual({ width: 596, height: 842 });
    expect(project.participants.map((p) => p.party)).toEqual(['A', 'B']);
    expect([canUndo, canRedo, selection]).toEqual([false, false, []]);
  });

  it('refuses an invalid project with ProjectValidationError', () => {
    expect(() => createEditorStore({ pages: 'nope' })).toThrow(ProjectValidationError);
  });

  it('gives the project frozen, so a host cannot change it behind the history', () => {
    const store = setup();
    expect(Object.isFrozen(state(store).project.pages)).toBe(true);
  });
});

describe('addElement', () => {
  it('creates a field with the defaults of spec 001 §9 and selects it', () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'text');
    const element = find(state(store).project, id!)!;
    expect(element.commonStyle).toMatchObject({
      width: Math.round((CANVAS_WIDTH / 3) * 100) / 100,
      height: 30,
      top: 200,
      fontSize: 16,
      lineHeight: 1.4,
      textAlign: 'center',
    });
    expect(element.title).toBe('Text 1');
    expect(state(store).selection).toEqual([id]);
    expect(state(store).canUndo).toBe(true);
  });

  it('names new fields uniquely in the store locale', () => {
    const store = createEditorStore(undefined, { locale: 'zh' });
    const page = pageId(store);
    const a = state(store).addElement(page, 'text')[0]!;
    const b = state(store).addElement(page, 'text')[0]!;
    expect([find(state(store).project, a)!.title, find(state(store).project, b)!.title]).toEqual([
      '文本 1',
      '文本 2',
    ]);
  });

  it('names new fields in the language set last', () => {
    const store = setup();
    state(store).setLocale('zh');
    const [id] = state(store).addElement(pageId(store), 'seal');
    expect(find(state(store).project, id!)!.title).toBe('印章 1');
  });

  it('gives an identity-card image its real size', () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'image', {
      config: { imageType: 'idCardPortrait' },
    });
    const style = find(state(store).project, id!)!.commonStyle;
    const type = IMAGE_TYPES.find((t) => t.key === 'idCardPortrait')!;
    expect([style.width, style.height]).toEqual([type.width, type.height]);
  });

  it('puts a seal on every page at the same place, linked as one group', () => {
    const store = setup(3);
    const ids = state(store).addElement(pageId(store, 1), 'seal', {
      commonStyle: { left: 50, top: 60 },
    });
    expect(ids).toHaveLength(3);
    const members = ids.map((id) => find(state(store).project, id)!);
    expect(new Set(members.map((m) => m.config.sealGroup)).size).toBe(1);
    expect(members.map((m) => [m.commonStyle.left, m.commonStyle.top])).toEqual([
      [50, 60],
      [50, 60],
      [50, 60],
    ]);
    // the uuid on the page asked for comes first
    expect(state(store).project.pages[1]!.elements[0]!.uuid).toBe(ids[0]);
    expect(state(store).undoDepth).toBe(1);
  });

  it('changes nothing for an unknown page and refuses an unknown kind', () => {
    const store = setup();
    const before = state(store).project;
    expect(state(store).addElement('no-such-page', 'text')).toEqual([]);
    expect(() => state(store).addElement(pageId(store), 'video' as never)).toThrow(
      ProjectValidationError,
    );
    expect(state(store).project).toBe(before);
    expect(state(store).canUndo).toBe(false);
  });

  it('refuses invalid initial values and records nothing', () => {
    const store = setup();
    expect(() =>
      state(store).addElement(pageId(store), 'text', { commonStyle: { width: -5 } }),
    ).toThrow(ProjectValidationError);
    expect(state(store).project.pages[0]!.elements).toHaveLength(0);
    expect(state(store).canUndo).toBe(false);
  });

  it('gives new text fields the style of the last one edited', () => {
    const store = setup();
    const [first] = state(store).addElement(pageId(store), 'text');
    state(store).updateElements([first!], {
      commonStyle: { fontSize: 24, fontFamily: 'KaiTi', color: '#ff0000' },
    });
    const [second] = state(store).addElement(pageId(store), 'text');
    expect(find(state(store).project, second!)!.commonStyle).toMatchObject({
      fontSize: 24,
      fontFamily: 'KaiTi',
      color: '#ff0000',
    });
  });
});

describe('pages', () => {
  it('addPage returns the new page uuid and copies every seal group to it', () => {
    const store = setup();
    state(store).addElement(pageId(store), 'seal', { commonStyle: { left: 300, top: 500 } });
    const id = state(store).addPage();
    const page = state(store).project.pages.find((p) => p.uuid === id)!;
    expect(page.elements).toHaveLength(1);
    expect(page.elements[0]!.commonStyle).toMatchObject({ left: 300, top: 500 });
    expect(sealGroupsComplete(state(store).project)).toBe(true);
  });

  it('removePage removes the page and its seal copies; the groups stay complete', () => {
    const store = setup(3);
    state(store).addElement(pageId(store), 'seal');
    state(store).removePage(pageId(store, 1));
    expect(state(store).project.pages).toHaveLength(2);
    expect(sealGroupsComplete(state(store).project)).toBe(true);
  });

  it('removing the last page leaves one new blank page', () => {
    const store = setup();
    const old = pageId(store);
    state(store).addElement(old, 'text');
    state(store).removePage(old);
    const pages = state(store).project.pages;
    expect(pages).toHaveLength(1);
    expect(pages[0]!.uuid).not.toBe(old);
    expect(pages[0]!.elements).toEqual([]);
    state(store).undo();
    expect(pageId(store)).toBe(old);
  });

  it('removePage of an unknown page changes nothing and adds no history step', () => {
    const store = setup(2);
    const before = state(store).project;
    state(store).removePage('unknown');
    expect(state(store).project).toBe(before);
    expect(state(store).canUndo).toBe(false);
  });

  it('updatePage changes the background and validates sizes', () => {
    const store = setup();
    state(store).updatePage(pageId(store), { commonStyle: { backgroundColor: '#fafafa' } });
    expect(state(store).project.pages[0]!.commonStyle.backgroundColor).toBe('#fafafa');
    expect(() => state(store).updatePage(pageId(store), { config: { width: -1 } })).toThrow(
      ProjectValidationError,
    );
    expect(state(store).undoDepth).toBe(1);
  });
});

describe('removeElements', () => {
  it('removes the fields and drops them from the selection', () => {
    const store = setup();
    const [a] = state(store).addElement(pageId(store), 'text');
    const [b] = state(store).addElement(pageId(store), 'date');
    state(store).select([a!, b!]);
    state(store).removeElements([a!]);
    expect(find(state(store).project, a!)).toBeUndefined();
    expect(state(store).selection).toEqual([b]);
  });

  it('removing any member of a seal group removes the group from every page', () => {
    const store = setup(4);
    const ids = state(store).addElement(pageId(store), 'seal');
    state(store).removeElements([ids[2]!]);
    expect(state(store).project.pages.every((p) => p.elements.length === 0)).toBe(true);
    state(store).undo();
    expect(ids.every((id) => find(state(store).project, id))).toBe(true);
  });

  it('unknown ids change nothing', () => {
    const store = setup();
    state(store).addElement(pageId(store), 'text');
    const depth = state(store).undoDepth;
    const before = state(store).project;
    state(store).removeElements(['nope']);
    expect(state(store).project).toBe(before);
    expect(state(store).undoDepth).toBe(depth);
  });
});

describe('updateElements', () => {
  it('merges nested objects key by key', () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'text');
    state(store).updateElements([id!], {
      title: 'Name',
      config: { tip: 'Your full name' },
      commonStyle: { fontSize: 20 },
    });
    const element = find(state(store).project, id!)!;
    expect(element.title).toBe('Name');
    expect(element.config.tip).toBe('Your full name');
    expect(element.config.required).toBe(true);
    expect(element.commonStyle.fontSize).toBe(20);
    expect(element.commonStyle.height).toBe(30);
  });

  it('shares a seal group change, its position too, unless a copy is placed on its own', () => {
    const store = setup(2);
    const [a, b] = state(store).addElement(pageId(store), 'seal');
    state(store).updateElements([a!], {
      config: { party: 'B' },
      commonStyle: { left: 10, width: 100 },
    });
    const [ea, eb] = [find(state(store).project, a!)!, find(state(store).project, b!)!];
    expect([ea.config.party, eb.config.party]).toEqual(['B', 'B']);
    expect([ea.commonStyle.width, eb.commonStyle.width]).toEqual([100, 100]);
    expect([ea.commonStyle.left, eb.commonStyle.left]).toEqual([10, 10]);
    expect(state(store).undoDepth).toBe(2);
    state(store).setSealCopyPlace(b!, true);
    state(store).updateElements([a!], { commonStyle: { left: 30, width: 90 } });
    const [ea2, eb2] = [find(state(store).project, a!)!, find(state(store).project, b!)!];
    expect([ea2.commonStyle.left, eb2.commonStyle.left]).toEqual([30, 10]);
    expect([ea2.commonStyle.width, eb2.commonStyle.width]).toEqual([90, 90]);
  });

  it('keeps an identity card ratio when one side changes', () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'image', {
      config: { imageType: 'idCardLandscape' },
    });
    state(store).updateElements([id!], { commonStyle: { width: 99.5 } });
    const style = find(state(store).project, id!)!.commonStyle;
    expect(style.width / style.height).toBeCloseTo(199 / 126.15, 2);
  });

  it('refuses invalid values with the path and changes nothing', () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'text');
    const before = state(store).project;
    let error: unknown;
    try {
      state(store).updateElements([id!], { commonStyle: { height: Number.NaN } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ProjectValidationError);
    expect((error as ProjectValidationError).issues[0]!.path).toBe(
      'pages[0].elements[0].commonStyle.height',
    );
    expect(state(store).project).toBe(before);
  });

  it('a patch that changes nothing adds no history step', () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'text');
    const depth = state(store).undoDepth;
    state(store).updateElements([id!], { commonStyle: { fontSize: 16 } });
    state(store).updateElements(['unknown'], { title: 'x' });
    expect(state(store).undoDepth).toBe(depth);
  });
});

describe('moveElements', () => {
  it('moves by dx, dy as one history step', () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'text', {
      commonStyle: { left: 100, top: 100 },
    });
    state(store).moveElements([id!], 5, -3);
    expect(find(state(store).project, id!)!.commonStyle).toMatchObject({ left: 105, top: 97 });
    state(store).undo();
    expect(find(state(store).project, id!)!.commonStyle).toMatchObject({ left: 100, top: 100 });
  });

  it('keeps the selection together on the page', () => {
    const store = setup();
    const [a] = state(store).addElement(pageId(store), 'text', {
      commonStyle: { left: 10, top: 300, width: 100 },
    });
    const [b] = state(store).addElement(pageId(store), 'text', {
      commonStyle: { left: 200, top: 300, width: 100 },
    });
    state(store).moveElements([a!, b!], -50, 0);
    expect(find(state(store).project, a!)!.commonStyle.left).toBe(0);
    expect(find(state(store).project, b!)!.commonStyle.left).toBe(190);
    state(store).moveElements([b!], 10_000, 10_000);
    const moved = find(state(store).project, b!)!.commonStyle;
    expect([moved.left + moved.width, moved.top + moved.height]).toEqual([596, 842]);
  });

  it('moves one seal copy on its own once it is placed on its own', () => {
    const store = setup(2);
    const [a, b] = state(store).addElement(pageId(store), 'seal', {
      commonStyle: { left: 100, top: 100 },
    });
    state(store).setSealCopyPlace(b!, true);
    state(store).moveElements([b!], 20, 0);
    expect(find(state(store).project, a!)!.commonStyle.left).toBe(100);
    expect(find(state(store).project, b!)!.commonStyle.left).toBe(120);
  });

  it('ignores unknown ids, zero and non-finite moves', () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'text');
    const depth = state(store).undoDepth;
    state(store).moveElements(['unknown'], 5, 5);
    state(store).moveElements([id!], Number.NaN, 5);
    state(store).moveElements([id!], 0, 0);
    expect(state(store).undoDepth).toBe(depth);
  });
});

describe('align and distribute', () => {
  function three(store: EditorStore) {
    const page = pageId(store);
    const a = state(store).addElement(page, 'text', {
      commonStyle: { left: 10, top: 100, width: 50, height: 20 },
    })[0]!;
    const b = state(store).addElement(page, 'text', {
      commonStyle: { left: 200, top: 150, width: 100, height: 30 },
    })[0]!;
    const c = state(store).addElement(page, 'text', {
      commonStyle: { left: 400, top: 300, width: 60, height: 40 },
    })[0]!;
    return [a, b, c] as const;
  }
  const box = (store: EditorStore, id: string) => find(state(store).project, id)!.commonStyle;

  it('aligns the selection on its left, centre, right, top, middle and bottom in one step each', () => {
    const store = setup();
    const [a, b, c] = three(store);
    const depth = state(store).undoDepth;
    state(store).align([a, b, c], 'left');
    expect([box(store, a).left, box(store, b).left, box(store, c).left]).toEqual([10, 10, 10]);
    state(store).align([a, b, c], 'right');
    expect([a, b, c].map((id) => box(store, id).left + box(store, id).width)).toEqual([
      110, 110, 110,
    ]);
    state(store).align([a, b, c], 'center');
    expect([a, b, c].map((id) => box(store, id).left + box(store, id).width / 2)).toEqual([
      60, 60, 60,
    ]);
    state(store).align([a, b, c], 'bottom');
    expect([a, b, c].map((id) => box(store, id).top + box(store, id).height)).toEqual([
      340, 340, 340,
    ]);
    state(store).align([a, b, c], 'middle');
    expect([a, b, c].map((id) => box(store, id).top + box(store, id).height / 2)).toEqual([
      320, 320, 320,
    ]);
    state(store).align([a, b, c], 'top');
    expect([a, b, c].map((id) => box(store, id).top)).toEqual([300, 300, 300]);
    expect(state(store).undoDepth).toBe(depth + 6);
  });

  it('aligns a single field to the page', () => {
    const store = setup();
    const [a] = three(store);
    state(store).align([a], 'center');
    expect(box(store, a).left).toBe((596 - 50) / 2);
  });

  it('distributes three or more fields with equal gaps', () => {
    const store = setup();
    const [a, b, c] = three(store);
    state(store).distribute([c, a, b], 'horizontal');
    const gap1 = box(store, b).left - (box(store, a).left + 50);
    const gap2 = box(store, c).left - (box(store, b).left + 100);
    expect(gap1).toBeCloseTo(gap2, 1);
    expect([box(store, a).left, box(store, c).left]).toEqual([10, 400]);
    state(store).distribute([a, b, c], 'vertical');
    const v1 = box(store, b).top - (box(store, a).top + 20);
    const v2 = box(store, c).top - (box(store, b).top + 30);
    expect(v1).toBeCloseTo(v2, 1);
    const depth = state(store).undoDepth;
    state(store).distribute([a, b], 'vertical');
    expect(state(store).undoDepth).toBe(depth);
  });
});

describe('reorder', () => {
  it('changes paint order within the page and keeps zIndex in step', () => {
    const store = setup();
    const page = pageId(store);
    const [a] = state(store).addElement(page, 'text');
    const [b] = state(store).addElement(page, 'text');
    const [c] = state(store).addElement(page, 'text');
    const order = () => state(store).project.pages[0]!.elements.map((e) => e.uuid);
    state(store).reorder(a!, 'top');
    expect(order()).toEqual([b, c, a]);
    state(store).reorder(a!, 'down');
    expect(order()).toEqual([b, a, c]);
    state(store).reorder(a!, 'bottom');
    expect(order()).toEqual([a, b, c]);
    state(store).reorder(a!, 'up');
    expect(order()).toEqual([b, a, c]);
    expect(state(store).project.pages[0]!.elements.map((e) => e.commonStyle.zIndex)).toEqual([
      1, 2, 3,
    ]);
    const depth = state(store).undoDepth;
    state(store).reorder(c!, 'top'); // already on top
    state(store).reorder('unknown', 'top');
    expect(state(store).undoDepth).toBe(depth);
  });
});

describe('copy and paste', () => {
  it('pastes copies offset by 10 in left and top, cascading on repeat', () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'text', {
      commonStyle: { left: 100, top: 100 },
    });
    state(store).copy([id!]);
    expect(state(store).undoDepth).toBe(1); // copy is not a step
    const [first] = state(store).paste();
    const [second] = state(store).paste();
    expect(find(state(store).project, first!)!.commonStyle).toMatchObject({
      left: 100 + PASTE_OFFSET,
      top: 100 + PASTE_OFFSET,
    });
    expect(find(state(store).project, second!)!.commonStyle).toMatchObject({
      left: 100 + 2 * PASTE_OFFSET,
      top: 100 + 2 * PASTE_OFFSET,
    });
    expect(new Set(state(store).project.pages[0]!.elements.map((e) => e.title)).size).toBe(3);
    expect(state(store).selection).toEqual([second]);
  });

  it('pastes onto another page, and a pasted seal becomes a new group on every page', () => {
    const store = setup(2);
    const [seal] = state(store).addElement(pageId(store), 'seal');
    state(store).copy([seal!]);
    const created = state(store).paste(pageId(store, 1));
    expect(created).toHaveLength(2);
    const project = state(store).project;
    expect(project.pages.every((p) => p.elements.length === 2)).toBe(true);
    expect(find(project, created[0]!)!.config.sealGroup).not.toBe(
      find(project, seal!)!.config.sealGroup,
    );
    expect(project.pages[1]!.elements.map((e) => e.uuid)).toContain(created[0]);
  });

  it('paste with an empty clipboard or an unknown page does nothing', () => {
    const store = setup();
    expect(state(store).paste()).toEqual([]);
    const [id] = state(store).addElement(pageId(store), 'text');
    state(store).copy([id!]);
    expect(state(store).paste('unknown')).toEqual([]);
    expect(state(store).undoDepth).toBe(1);
  });

  it('duplicate copies in one step and leaves the clipboard alone', () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'date', {
      commonStyle: { left: 40, top: 40 },
    });
    const [copy] = state(store).duplicate([id!]);
    expect(find(state(store).project, copy!)!.commonStyle).toMatchObject({ left: 50, top: 50 });
    expect(state(store).clipboard).toEqual([]);
    expect(state(store).undoDepth).toBe(2);
  });
});

describe('selection', () => {
  it('keeps only known ids and is not history', () => {
    const store = setup();
    const [a] = state(store).addElement(pageId(store), 'text');
    const depth = state(store).undoDepth;
    state(store).select([a!, 'ghost', a!]);
    expect(state(store).selection).toEqual([a]);
    expect(state(store).undoDepth).toBe(depth);
  });

  it('undo of an addition drops the element from the selection', () => {
    const store = setup();
    state(store).addElement(pageId(store), 'text');
    state(store).undo();
    expect(state(store).selection).toEqual([]);
  });
});

describe('participants', () => {
  it('sets parties in order A to J and refuses duplicates', () => {
    const store = setup();
    state(store).setParticipants([
      { party: 'C', sign: false, fill: true, name: 'Guarantor' },
      { party: 'A', sign: true, fill: false, name: '' },
    ]);
    expect(state(store).project.participants.map((p) => p.party)).toEqual(['A', 'C']);
    expect(() =>
      state(store).setParticipants([
        { party: 'A', sign: true, fill: false, name: '' },
        { party: 'A', sign: false, fill: true, name: '' },
      ]),
    ).toThrow(ProjectValidationError);
    expect(() =>
      state(store).setParticipants([{ party: 'K', sign: true, fill: true, name: '' }] as never),
    ).toThrow(ProjectValidationError);
    const depth = state(store).undoDepth;
    state(store).setParticipants(state(store).project.participants);
    expect(state(store).undoDepth).toBe(depth);
  });
});

describe('updateProject', () => {
  it('changes descriptive fields and validates them', () => {
    const store = setup();
    state(store).updateProject({ name: 'Lease', title: 'Flat lease' });
    expect(state(store).project).toMatchObject({ name: 'Lease', title: 'Flat lease' });
    expect(() => state(store).updateProject({ name: 'x'.repeat(10_000) })).toThrow(
      ProjectValidationError,
    );
    expect(state(store).undoDepth).toBe(1);
  });
});

describe('history', () => {
  it(`keeps the latest ${HISTORY_LIMIT} steps; the oldest drops first`, () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'text', {
      commonStyle: { left: 0, top: 0 },
    });
    for (let i = 0; i < HISTORY_LIMIT; i++) state(store).moveElements([id!], 1, 0);
    expect(state(store).undoDepth).toBe(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT; i++) state(store).undo();
    // The addition was the 101st step back and has been dropped: the element stays, at its start.
    expect(find(state(store).project, id!)!.commonStyle.left).toBe(0);
    expect(state(store).canUndo).toBe(false);
    expect(state(store).redoDepth).toBe(HISTORY_LIMIT);
  });

  it('undo then redo gives back an equal project', () => {
    const store = setup(2);
    const [a] = state(store).addElement(pageId(store), 'text');
    state(store).addElement(pageId(store, 1), 'seal');
    state(store).updateElements([a!], { title: 'Signed at' });
    const before = state(store).project;
    state(store).undo();
    state(store).undo();
    state(store).redo();
    state(store).redo();
    expect(state(store).project).toEqual(before);
  });

  it('a new command clears redo', () => {
    const store = setup();
    state(store).addElement(pageId(store), 'text');
    state(store).undo();
    expect(state(store).canRedo).toBe(true);
    state(store).addElement(pageId(store), 'date');
    expect(state(store).canRedo).toBe(false);
  });

  it('labels steps by command', () => {
    const store = setup();
    state(store).addElement(pageId(store), 'text');
    expect(state(store).undoLabel).toBe('addElement');
    state(store).undo();
    expect(state(store).redoLabel).toBe('addElement');
  });

  it('batch merges several commands into one step', () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'text', {
      commonStyle: { left: 100, top: 100 },
    });
    state(store).batch(() => {
      for (let i = 0; i < 10; i++) state(store).moveElements([id!], 2, 1);
      state(store).updateElements([id!], { title: 'Dragged' });
    }, 'drag');
    expect(state(store).undoDepth).toBe(2);
    expect(state(store).undoLabel).toBe('drag');
    state(store).undo();
    expect(find(state(store).project, id!)!.commonStyle).toMatchObject({ left: 100, top: 100 });
    expect(find(state(store).project, id!)!.title).toBe('Text 1');
    state(store).redo();
    expect(find(state(store).project, id!)!.commonStyle).toMatchObject({ left: 120, top: 110 });
  });

  it('a batch that throws takes back its changes and records nothing', () => {
    const store = setup();
    const [id] = state(store).addElement(pageId(store), 'text', {
      commonStyle: { left: 100, top: 100 },
    });
    const before = state(store).project;
    expect(() =>
      state(store).batch(() => {
        state(store).moveElements([id!], 5, 5);
        state(store).updateElements([id!], { commonStyle: { width: -1 } });
      }),
    ).toThrow(ProjectValidationError);
    expect(state(store).project).toEqual(before);
    expect(state(store).undoDepth).toBe(1);
  });

  it('an empty batch records nothing', () => {
    const store = setup();
    state(store).batch(() => undefined);
    expect(state(store).canUndo).toBe(false);
  });

  it('notifies subscribers once per command', () => {
    const store = setup();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    state(store).addElement(pageId(store), 'text');
    unsubscribe();
    expect(calls).toBe(1);
  });
});

describe('two stores', () => {
  it('share no state', () => {
    const one = createEditorStore();
    const two = createEditorStore(one.getState().project);
    one.getState().addElement(pageId(one), 'text');
    expect(two.getState().project.pages[0]!.elements).toHaveLength(0);
    expect(two.getState().canUndo).toBe(false);
  });
});

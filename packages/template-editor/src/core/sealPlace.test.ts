import { describe, expect, it } from 'vitest';
import { templateWarnings, validateTemplate } from './checks';
import type { TemplateElement, TemplateProject } from './model';
import { parseProject } from './project';
import { deriveStampLocations, toStoredProject } from './stamps';
import { createEditorStore, type EditorStore } from './store';

function setup(pages = 3) {
  const store = createEditorStore();
  for (let i = 1; i < pages; i++) store.getState().addPage();
  store.getState().reset(store.getState().project);
  return store;
}

const state = (store: EditorStore) => store.getState();
const pageId = (store: EditorStore, index = 0) => state(store).project.pages[index]!.uuid;

function places(project: TemplateProject, ids: readonly string[]) {
  const all = project.pages.flatMap((page) => page.elements);
  return ids.map((id) => {
    const { left, top, width, height } = all.find((e) => e.uuid === id)!.commonStyle;
    return { left, top, width, height };
  });
}

function seal(store: EditorStore) {
  return state(store).addElement(pageId(store), 'seal', { commonStyle: { left: 100, top: 100 } });
}

describe('seal copies at the same place on every page', () => {
  it('moving any copy moves every copy, as one undo step', () => {
    const store = setup();
    const ids = seal(store);
    const depth = state(store).undoDepth;
    state(store).moveElements([ids[1]!], 40, 25);
    expect(places(state(store).project, ids).map((p) => [p.left, p.top])).toEqual([
      [140, 125],
      [140, 125],
      [140, 125],
    ]);
    expect(state(store).undoDepth).toBe(depth + 1);
    state(store).undo();
    expect(places(state(store).project, ids).map((p) => [p.left, p.top])).toEqual([
      [100, 100],
      [100, 100],
      [100, 100],
    ]);
    state(store).redo();
    expect(places(state(store).project, ids)[2]).toMatchObject({ left: 140, top: 125 });
  });

  it('setting X and Y or resizing one copy (as the panel and the transformer do) moves and resizes all', () => {
    const store = setup();
    const ids = seal(store);
    state(store).updateElements([ids[0]!], {
      commonStyle: { left: 300, top: 600, width: 90, height: 90 },
    });
    for (const place of places(state(store).project, ids))
      expect(place).toEqual({ left: 300, top: 600, width: 90, height: 90 });
    state(store).undo();
    for (const place of places(state(store).project, ids))
      expect(place).toMatchObject({ left: 100, top: 100 });
  });

  it('aligning a seal with the page moves its copies with it', () => {
    const store = setup(2);
    const ids = seal(store);
    state(store).align([ids[0]!], 'right');
    const [a, b] = places(state(store).project, ids);
    expect(a!.left + a!.width).toBeCloseTo(state(store).project.pages[0]!.config.width, 2);
    expect(b!.left).toBe(a!.left);
  });

  it('a copy on a smaller page stays inside it', () => {
    const store = setup(2);
    const [, second] = state(store).project.pages;
    state(store).updatePage(second!.uuid, { config: { width: 300, height: 400 } });
    const ids = seal(store);
    state(store).updateElements([ids[0]!], { commonStyle: { left: 450, top: 700 } });
    const [a, b] = places(state(store).project, ids);
    expect([a!.left, a!.top]).toEqual([450, 700]);
    expect(b!.left + b!.width).toBeCloseTo(300, 2);
    expect(b!.top + b!.height).toBeCloseTo(400, 2);
    expect(templateWarnings(state(store).project)).toEqual([]);
  });

  it('stamp locations follow the seal on every page', () => {
    const store = setup();
    const ids = seal(store);
    state(store).moveElements([ids[0]!], 50, 0);
    const stamps = deriveStampLocations(state(store).project);
    expect(stamps.map((s) => s.page)).toEqual([1, 2, 3]);
    expect(new Set(stamps.map((s) => `${s.x},${s.y}`)).size).toBe(1);
  });

  it('pages added later get the shared place', () => {
    const store = setup(2);
    const ids = seal(store);
    state(store).setSealCopyPlace(ids[0]!, true);
    state(store).moveElements([ids[0]!], 200, 0);
    state(store).addPage();
    const added = state(store).project.pages[2]!.elements.find((e) => e.elName === 'seal')!;
    expect(added.commonStyle.left).toBe(100);
    expect(added.config.ownPlace).toBeUndefined();
  });
});

describe('placing one copy on its own', () => {
  it('keeps that copy where it is while the others move, and the check warns', () => {
    const store = setup();
    const ids = seal(store);
    state(store).setSealCopyPlace(ids[2]!, true);
    expect(state(store).undoLabel).toBe('setSealCopyPlace');
    expect(templateWarnings(state(store).project)).toEqual([]);
    state(store).moveElements([ids[2]!], 0, 300);
    state(store).moveElements([ids[0]!], 10, 0);
    expect(places(state(store).project, ids).map((p) => [p.left, p.top])).toEqual([
      [110, 100],
      [110, 100],
      [100, 400],
    ]);
    const warnings = templateWarnings(state(store).project);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      code: 'seal-copies-apart',
      page: 3,
      elementUuids: [ids[2]],
    });
    expect(warnings[0]!.message.zh).toContain('单独放置');
    // A warning, not a problem: the template may still be enabled.
    expect(validateTemplate(state(store).project).map((c) => c.code)).not.toContain(
      'seal-copies-apart',
    );
  });

  it('"same place on every page" takes a copy placed alone back to the others, in one step', () => {
    const store = setup();
    const ids = seal(store);
    state(store).setSealCopyPlace(ids[1]!, true);
    state(store).moveElements([ids[1]!], 0, 300);
    const depth = state(store).undoDepth;
    state(store).setSealCopyPlace(ids[1]!, false);
    expect(state(store).undoDepth).toBe(depth + 1);
    expect(places(state(store).project, ids)[1]).toMatchObject({ left: 100, top: 100 });
    expect(templateWarnings(state(store).project)).toEqual([]);
    state(store).moveElements([ids[1]!], 5, 5);
    expect(places(state(store).project, ids)[0]).toMatchObject({ left: 105, top: 105 });
    state(store).undo();
    state(store).undo();
    expect(places(state(store).project, ids)[1]).toMatchObject({ left: 100, top: 400 });
  });

  it('on copies left apart by an older template, brings every copy to the chosen one', () => {
    const store = setup(2);
    const ids = seal(store);
    const project = structuredClone(state(store).project) as TemplateProject;
    project.pages[1]!.elements[0]!.commonStyle.left = 400;
    store.getState().reset(project);
    expect(templateWarnings(state(store).project).map((w) => w.code)).toEqual([
      'seal-copies-apart',
    ]);
    state(store).setSealCopyPlace(ids[1]!, false);
    expect(places(state(store).project, ids).map((p) => p.left)).toEqual([400, 400]);
    expect(templateWarnings(state(store).project)).toEqual([]);
  });

  it('the flag cannot be set through updateElements nor reach other copies', () => {
    const store = setup(2);
    const ids = seal(store);
    state(store).updateElements([ids[0]!], {
      config: { ownPlace: true } as Partial<TemplateElement['config']>,
    });
    expect(state(store).project.pages[0]!.elements[0]!.config.ownPlace).toBeUndefined();
    state(store).setSealCopyPlace(ids[0]!, true);
    state(store).updateElements([ids[0]!], { config: { party: 'B' } });
    const [a, b] = state(store).project.pages.map((p) => p.elements[0]!.config);
    expect([a!.ownPlace, b!.ownPlace]).toEqual([true, undefined]);
    expect(b!.party).toBe('B');
  });
});

describe('the stored shape', () => {
  it('an older template without the flag loads and stores without it; a copy placed alone keeps it', () => {
    const store = setup(2);
    const ids = seal(store);
    const older = JSON.parse(JSON.stringify(toStoredProject(state(store).project)));
    expect(JSON.stringify(older)).not.toContain('ownPlace');
    const loaded = parseProject(older);
    expect(loaded.pages.map((p) => p.elements[0]!.config.ownPlace)).toEqual([undefined, undefined]);

    state(store).setSealCopyPlace(ids[1]!, true);
    const saved = JSON.parse(JSON.stringify(toStoredProject(state(store).project)));
    const again = parseProject(saved);
    expect(again.pages.map((p) => p.elements[0]!.config.ownPlace)).toEqual([undefined, true]);
  });

  it('refuses a flag that is not a boolean', () => {
    const store = setup(1);
    seal(store);
    const stored = JSON.parse(JSON.stringify(toStoredProject(state(store).project)));
    stored.pages[0].elements[0].config.ownPlace = 'yes';
    expect(() => parseProject(stored)).toThrow();
  });
});

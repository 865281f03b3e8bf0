import type { ContractSeal } from '@esign/platform';
import { createEditorStore, createPage, createProject } from '@esign/template-editor/core';
import { describe, expect, it } from 'vitest';
import { defaultSeal, pageRanges, stampPlaces, withChosenSeal } from './stamps';

/** Two pages: A's seal on both (one seal group), B's signature on the second. */
function twoParties() {
  const project = createProject({ width: 595, height: 842 });
  project.pages = [
    createPage({ width: 595, height: 842 }),
    createPage({ width: 595, height: 842 }),
  ];
  const store = createEditorStore(project);
  const [first, second] = store.getState().project.pages.map((page) => page.uuid);
  const { addElement } = store.getState();
  addElement(first!, 'seal', { config: { party: 'A' } });
  addElement(second!, 'signature', { config: { party: 'B' } });
  addElement(first!, 'text', { config: { party: 'B' } });
  return store.getState().project;
}

describe('where a signer’s stamps land', () => {
  it('list the party’s seal and signature boxes by page, and nobody else’s', () => {
    const project = twoParties();
    expect(stampPlaces(project, 'A').map(({ kind, page }) => [kind, page])).toEqual([
      ['seal', 1],
      ['seal', 2],
    ]);
    expect(stampPlaces(project, 'B').map(({ kind, page }) => [kind, page])).toEqual([
      ['signature', 2],
    ]);
    expect(stampPlaces(project, 'C')).toEqual([]);
  });

  it('list a cross-page seal once per page of its range, and draw the chosen seal in it', () => {
    const project = twoParties();
    const store = createEditorStore(project);
    const [first] = store.getState().project.pages.map((page) => page.uuid);
    store.getState().addElement(first!, 'crosspage', { config: { party: 'B' } });
    const withCrossPage = store.getState().project;
    expect(stampPlaces(withCrossPage, 'B').map(({ kind, page }) => [kind, page])).toEqual([
      ['crosspage', 1],
      ['signature', 2],
      ['crosspage', 2],
    ]);
    const chosen = withChosenSeal(withCrossPage, 'B', 'seal-9');
    const crossPage = chosen.pages[0]!.elements.find((element) => element.elName === 'crosspage');
    expect(crossPage?.previewConfig.sealId).toBe('seal-9');
  });

  it('draw the chosen seal in the party’s boxes only, and clear it again', () => {
    const project = twoParties();
    const chosen = withChosenSeal(project, 'A', 'seal-7');
    const sealIds = (p: typeof project, party: string) =>
      p.pages.flatMap((page) =>
        page.elements
          .filter((element) => element.config.party === party)
          .map((element) => element.previewConfig.sealId),
      );
    expect(sealIds(chosen, 'A')).toEqual(['seal-7', 'seal-7']);
    expect(sealIds(chosen, 'B')).toEqual(['', '']);
    expect(sealIds(withChosenSeal(chosen, 'A', null), 'A')).toEqual(['', '']);
    // Nothing to change: the same project, so the editor is not given a new one.
    expect(withChosenSeal(chosen, 'A', 'seal-7')).toBe(chosen);
    expect(project.pages[0]!.elements[0]!.previewConfig.sealId).toBe('');
  });

  it('choose the default seal, or the only one, and leave a choice among several to the signer', () => {
    const seal = (id: string, isDefault: boolean): ContractSeal => ({
      id,
      kind: 'company',
      name: id,
      party: 'A',
      imageUrl: '',
      default: isDefault,
    });
    expect(defaultSeal([seal('a', false), seal('b', true)])?.id).toBe('b');
    expect(defaultSeal([seal('a', false)])?.id).toBe('a');
    expect(defaultSeal([seal('a', false), seal('b', false)])).toBeNull();
    expect(defaultSeal([])).toBeNull();
  });

  it('write pages as short ranges', () => {
    expect(pageRanges([1, 2, 3, 5, 7, 8])).toBe('1–3, 5, 7–8');
    expect(pageRanges([2, 2])).toBe('2');
    expect(pageRanges([])).toBe('');
  });
});

import { createEditorStore, createPage, createProject } from '@esign/template-editor/core';
import { describe, expect, it } from 'vitest';
import { pendingOverlay, withDraft } from './overlay';

/** A: a seal and a filled text; B: an empty text and a signature. */
function contract() {
  const project = createProject({ width: 595, height: 842 });
  project.pages = [createPage({ width: 595, height: 842 })];
  const store = createEditorStore(project);
  const page = store.getState().project.pages[0]!.uuid;
  const { addElement } = store.getState();
  addElement(page, 'seal', { title: 'A seal', config: { party: 'A' } });
  addElement(page, 'text', { title: 'A name', value: 'Demo Co.', config: { party: 'A' } });
  addElement(page, 'text', { title: 'B name', config: { party: 'B' } });
  addElement(page, 'signature', { title: 'B signature', config: { party: 'B' } });
  return store.getState().project;
}

const titles = (project: ReturnType<typeof contract>) =>
  project.pages[0]!.elements.map((element) => element.title);

describe('what the document draws over the contract’s PDF', () => {
  it('leaves out filled values and the stamps of parties that signed', () => {
    const project = contract();
    const parties = [
      { party: 'A' as const, signedAt: '2026-11-24T09:00:00Z' },
      { party: 'B' as const, signedAt: null },
    ];
    expect(titles(pendingOverlay(project, parties))).toEqual(['B name', 'B signature']);
  });

  it('keeps the fields of the party filling in, filled or not', () => {
    const project = contract();
    const parties = [{ party: 'A' as const, signedAt: null }];
    expect(titles(pendingOverlay(project, parties, 'A'))).toEqual([
      'A seal',
      'A name',
      'B name',
      'B signature',
    ]);
  });

  it('gives the same project back when nothing is in the PDF yet', () => {
    const project = contract();
    const empty = pendingOverlay(project, [], 'A');
    expect(empty).toBe(project);
  });
});

describe('a party’s draft over the project', () => {
  it('writes the draft’s values into the fields it names and leaves the rest as they were', () => {
    const project = contract();
    const [, , name] = project.pages[0]!.elements;
    const drafted = withDraft(project, { [name!.uuid]: 'Half typ', 'gone-field': 'x' });
    expect(drafted.pages[0]!.elements.map((element) => element.value)).toEqual([
      '',
      'Demo Co.',
      'Half typ',
      '',
    ]);
    expect(project.pages[0]!.elements[2]!.value).toBe('');
    expect(withDraft(project, undefined)).toBe(project);
  });
});

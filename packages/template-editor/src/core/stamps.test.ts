import { describe, expect, it } from 'vitest';
import { parseProject } from './project';
import {
  deriveDateList,
  deriveFillsInList,
  deriveImageTypeList,
  deriveSignList,
  deriveStampLocations,
  toStoredProject,
} from './stamps';
import { createEditorStore } from './store';

describe('deriveStampLocations', () => {
  it('gives one location per seal per page: 1-based page, centre in points from the top-left', () => {
    const store = createEditorStore();
    const s = store.getState();
    s.addPage();
    s.addElement(s.project.pages[0]!.uuid, 'seal', {
      commonStyle: { left: 100, top: 200, width: 120, height: 100 },
      previewConfig: { sealId: 'seal-42' },
      config: { party: 'B' },
    });
    const stamps = deriveStampLocations(store.getState().project);
    expect(stamps).toHaveLength(2);
    expect(stamps[0]).toMatchObject({
      sealId: 'seal-42',
      party: 'B',
      page: 1,
      x: 160,
      y: 250,
      width: 120,
      height: 100,
    });
    expect(stamps[1]).toMatchObject({ page: 2, x: 160, y: 250 });
    expect(stamps[0]!.sealGroup).toBe(stamps[1]!.sealGroup);
  });

  it('follows a copy placed and moved on its own page', () => {
    const store = createEditorStore();
    const s = store.getState();
    s.addPage();
    const [, second] = s.addElement(s.project.pages[0]!.uuid, 'seal', {
      commonStyle: { left: 100, top: 100 },
    });
    store.getState().setSealCopyPlace(second!, true);
    store.getState().moveElements([second!], 30, -20);
    const stamps = deriveStampLocations(store.getState().project);
    expect(stamps[1]!.x - stamps[0]!.x).toBe(30);
    expect(stamps[1]!.y - stamps[0]!.y).toBe(-20);
  });

  it('keeps the centre of a rotated seal where the author sees it and reports the angle', () => {
    const project = parseProject({
      pages: [
        {
          elements: [
            {
              elName: 'seal',
              commonStyle: { left: 50, top: 60, width: 100, height: 40, rotate: 90 },
            },
          ],
        },
      ],
    });
    expect(deriveStampLocations(project)[0]).toMatchObject({
      x: 100,
      y: 80,
      width: 100,
      height: 40,
      rotate: 90,
    });
  });

  it('counts pages × seal groups', () => {
    const store = createEditorStore();
    const s = store.getState();
    for (let i = 0; i < 4; i++) s.addPage();
    for (let i = 0; i < 3; i++)
      store.getState().addElement(store.getState().project.pages[0]!.uuid, 'seal');
    store.getState().addPage();
    expect(deriveStampLocations(store.getState().project)).toHaveLength(6 * 3);
  });
});

describe('derived lists', () => {
  const project = parseProject({
    pages: [
      {
        elements: [
          {
            uuid: 't',
            elName: 'text',
            title: 'Name',
            config: { party: 'A', required: true, tip: 'Full name' },
          },
          {
            uuid: 'd',
            elName: 'date',
            title: 'Date',
            config: { party: 'B', dateFormat: 'yyyy年MM月dd日' },
          },
        ],
      },
      {
        elements: [
          {
            uuid: 'i',
            elName: 'image',
            title: 'ID',
            config: { imageType: 'idCardLandscape' },
            commonStyle: { width: 199, height: 126.15 },
          },
          {
            uuid: 'g',
            elName: 'signature',
            config: { party: 'C' },
            commonStyle: { left: 10, top: 20, width: 100, height: 40 },
          },
        ],
      },
    ],
  });

  it('signList holds seals and signatures with page and centre', () => {
    expect(deriveSignList(project)).toEqual([
      expect.objectContaining({
        elementUuid: 'g',
        kind: 'signature',
        party: 'C',
        page: 2,
        x: 60,
        y: 40,
      }),
    ]);
  });

  it('dateList holds each date field and its format', () => {
    expect(deriveDateList(project)).toEqual([
      expect.objectContaining({ elementUuid: 'd', party: 'B', page: 1, format: 'yyyy年MM月dd日' }),
    ]);
  });

  it('fillsInList holds text, date and image fields in page order', () => {
    expect(deriveFillsInList(project).map((f) => [f.elementUuid, f.kind, f.page])).toEqual([
      ['t', 'text', 1],
      ['d', 'date', 1],
      ['i', 'image', 2],
    ]);
    expect(deriveFillsInList(project)[0]).toMatchObject({ tip: 'Full name', required: true });
  });

  it('imageTypeList holds each image field and its type', () => {
    expect(deriveImageTypeList(project)).toEqual([
      expect.objectContaining({
        elementUuid: 'i',
        imageType: 'idCardLandscape',
        width: 199,
        height: 126.15,
      }),
    ]);
  });

  it('toStoredProject recomputes the lists the store leaves empty', () => {
    const store = createEditorStore(project);
    expect(store.getState().project.signList).toEqual([]);
    const stored = toStoredProject(store.getState().project);
    expect(stored.signList).toEqual(deriveSignList(project));
    expect(stored.fillsInList).toHaveLength(3);
  });
});

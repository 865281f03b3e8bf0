import { createEditorStore, type TemplateProject } from '../core';
import type { SealOption } from '../react/context';

/** A lease contract: two parties, text, date, an ID card and a company seal on every page. */
export function leaseTemplate(pages = 2): TemplateProject {
  const store = createEditorStore();
  const s = () => store.getState();
  s().updateProject({ name: 'Flat lease', title: 'Residential lease agreement' });
  for (let i = 1; i < pages; i++) s().addPage();
  const first = s().project.pages[0]!.uuid;
  s().addElement(first, 'text', {
    title: 'Lessor name',
    config: { party: 'A', tip: 'Full legal name' },
    commonStyle: { left: 60, top: 120, width: 200, height: 30 },
  });
  s().addElement(first, 'text', {
    title: 'Lessee name',
    config: { party: 'B' },
    commonStyle: { left: 330, top: 120, width: 200, height: 30 },
  });
  s().addElement(first, 'text', {
    title: 'Monthly rent (yuan)',
    config: { party: 'A', isNumber: true },
    previewConfig: { limitNum: 8 },
    commonStyle: { left: 60, top: 180, width: 200, height: 30, textAlign: 'left' },
  });
  s().addElement(first, 'date', {
    title: 'Start date',
    config: { party: 'B', dateFormat: 'yyyy年MM月dd日' },
    commonStyle: { left: 330, top: 180, width: 200, height: 30 },
  });
  s().addElement(first, 'image', {
    title: 'Lessee ID card',
    config: { party: 'B', imageType: 'idCardLandscape' },
    commonStyle: { left: 60, top: 260 },
  });
  s().addElement(first, 'signature', {
    title: 'Lessee signature',
    config: { party: 'B' },
    commonStyle: { left: 380, top: 700 },
  });
  s().addElement(first, 'seal', {
    title: 'Lessor company seal',
    config: { party: 'A' },
    commonStyle: { left: 80, top: 660 },
  });
  return s().project;
}

/** `count` pages with a few fields each and one seal on every page. */
export function manyPagesTemplate(count: number): TemplateProject {
  const pages = Array.from({ length: count }, (_, index) => ({
    uuid: `page-${index}`,
    elements: [
      {
        uuid: `t-${index}`,
        elName: 'text',
        title: `Clause ${index + 1} initials`,
        commonStyle: { left: 60, top: 760, width: 160, height: 30 },
      },
      {
        uuid: `s-${index}`,
        elName: 'seal',
        title: 'Company seal',
        config: { sealGroup: 'seal-all', party: 'A' },
        commonStyle: { left: 420, top: 680, width: 119, height: 119 },
      },
    ],
  }));
  return createEditorStore({ name: `${count} pages`, pages }).getState().project;
}

/** One page holding `count` small fields in a grid. */
export function stressTemplate(count: number): TemplateProject {
  // 500 fields: 20 columns of 26 × 30; more: a denser grid that still fits one A4 page
  // (2,000: 40 columns × 50 rows of 13 × 15).
  const dense = count > 500;
  const columns = dense ? 40 : 20;
  const [stepX, stepY, width, height] = dense ? [14.5, 16.5, 13, 15] : [29, 33, 26, 30];
  const elements = Array.from({ length: count }, (_, index) => ({
    uuid: `f-${index}`,
    elName: index % 5 === 4 ? 'date' : 'text',
    title: `F${index + 1}`,
    config: { party: index % 2 === 0 ? 'A' : 'B' },
    commonStyle: {
      left: 8 + (index % columns) * stepX,
      top: 8 + Math.floor(index / columns) * stepY,
      width,
      height,
      fontSize: dense ? 6 : 8,
    },
  }));
  return createEditorStore({ name: 'Stress', pages: [{ uuid: 'stress', elements }] }).getState()
    .project;
}

const SEAL_SVG =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><circle cx="120" cy="120" r="110" fill="none" stroke="#d4380d" stroke-width="10"/><text x="120" y="135" font-size="48" text-anchor="middle" fill="#d4380d">★</text><text x="120" y="190" font-size="26" text-anchor="middle" fill="#d4380d">DEMO CO.</text></svg>',
  );

export const DEMO_SEALS: SealOption[] = [
  { id: 'seal-demo', name: 'Demo Technology Co., Ltd.', imageUrl: SEAL_SVG },
];

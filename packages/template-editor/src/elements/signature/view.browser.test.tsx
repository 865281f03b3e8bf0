import type Konva from 'konva';
import { describe, expect, it } from 'vitest';
import { createEditorStore, type TemplateProject } from '../../core';
import { mountEditor, stageOf } from '../../test-support/mountEditor';

/** A 40 × 10 PNG: a handwritten signature is wider than tall. */
async function widePng(): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 40;
  canvas.height = 10;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#1d39c4';
  context.fillRect(0, 0, 40, 10);
  return canvas.toDataURL('image/png');
}

function project(previewSealId: string, value = ''): TemplateProject {
  return createEditorStore({
    pages: [
      {
        uuid: 'p1',
        elements: [
          {
            uuid: 'sig',
            elName: 'signature',
            title: 'Signature',
            value,
            previewConfig: { sealId: previewSealId },
            commonStyle: { left: 100, top: 100, width: 200, height: 100 },
          },
        ],
      },
    ],
  }).getState().project;
}

const markOf = (root: HTMLElement) => stageOf(root).findOne<Konva.Image>('.signature-mark') ?? null;

describe('a signature field before signing', () => {
  it('shows the chosen mark in place, at the size signing stamps it', async () => {
    const url = await widePng();
    const { root } = await mountEditor(project('mine'), {
      mode: 'preview',
      seals: [{ id: 'mine', name: 'Li Ming', imageUrl: url }],
    });
    await expect.poll(() => markOf(root)).not.toBeNull();
    const mark = markOf(root)!;
    // 40 × 10 in a 200 × 100 box: the whole width, a quarter of it high, centred in the box.
    expect(mark.width()).toBeCloseTo(200);
    expect(mark.height()).toBeCloseTo(50);
    expect(mark.x()).toBeCloseTo(0);
    expect(mark.y()).toBeCloseTo(25);
    expect(
      stageOf(root)
        .find('Text')
        .some((node) => (node as Konva.Text).text() === 'Sign here'),
    ).toBe(false);
  });

  it('says "Sign here" while no mark is chosen', async () => {
    const { root } = await mountEditor(project(''), {
      mode: 'preview',
      seals: [{ id: 'mine', name: 'Li Ming', imageUrl: await widePng() }],
    });
    await expect
      .poll(() =>
        stageOf(root)
          .find('Text')
          .some((node) => (node as Konva.Text).text() === 'Sign here'),
      )
      .toBe(true);
    expect(markOf(root)).toBeNull();
  });
});

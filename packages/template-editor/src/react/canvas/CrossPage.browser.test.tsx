import type Konva from 'konva';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createEditorStore, type TemplateElement, type TemplateProject } from '../../core';
import { DEMO_SEALS } from '../../stories/fixtures';
import { click, drag, nextFrame, pagePoint } from '../../test-support/browser';
import { mountEditor, stageOf } from '../../test-support/mountEditor';
import type { TemplateEditor } from '../TemplateEditor';

// Pages short enough that all three are mounted at the zoom the editor opens at.
const PAGE = { width: 595, height: 420 };
const SEAL = 119;

function project(pages: number, elements: Record<string, unknown>[] = []): TemplateProject {
  return createEditorStore({
    pages: Array.from({ length: pages }, (_, index) => ({
      uuid: `p${index + 1}`,
      config: PAGE,
      elements: index === 0 ? elements : [],
    })),
  }).getState().project;
}

async function mount(
  value: TemplateProject,
  props: Partial<Parameters<typeof TemplateEditor>[0]> = {},
) {
  const mounted = await mountEditor(value, props);
  const seal = (): TemplateElement =>
    mounted.elements().find((element) => element.elName === 'crosspage')!;
  return { ...mounted, seal };
}

const slicesOn = (root: HTMLElement, number: number) =>
  stageOf(root, number).find<Konva.Group>('.cross-page-slice');

const crosspage = (extra: Record<string, unknown> = {}) => ({
  uuid: 'cp',
  elName: 'crosspage',
  title: 'Cross-page seal',
  config: { party: 'A' },
  commonStyle: { left: PAGE.width - SEAL, top: 150, width: SEAL, height: SEAL },
  ...extra,
});

describe('the cross-page seal on the canvas', () => {
  it('added from the toolbox, shows one slice on every page, flush with the right edge', async () => {
    const { screen, root, seal } = await mount(project(3));
    await expect.poll(() => root.querySelectorAll('.esign-te__page').length).toBe(3);
    await screen.getByRole('button', { name: 'Cross-page seal' }).click();
    await nextFrame();
    const { left, top, width } = seal().commonStyle;
    expect(width).toBe(SEAL);
    expect(left).toBeCloseTo(PAGE.width - SEAL, 1);
    for (const number of [1, 2, 3]) {
      const slices = slicesOn(root, number);
      expect(slices, `page ${number}`).toHaveLength(1);
      const slice = slices[0]!;
      expect(slice.x()).toBeCloseTo(PAGE.width - SEAL / 3, 1);
      expect(slice.y()).toBeCloseTo(top, 1);
      expect(slice.width()).toBeCloseTo(SEAL / 3, 1);
      // Right edge: page 1 shows the seal's leftmost third, page 3 its rightmost.
      expect(slice.getAttr('esignIndex')).toBe(number - 1);
      // The placeholder: the whole dashed circle, shifted to this slice's part and clipped to it.
      const placeholder = slice.findOne<Konva.Group>('.cross-page-placeholder')!;
      expect(placeholder.clipWidth()).toBeCloseTo(SEAL / 3, 1);
      expect(placeholder.clipHeight()).toBeCloseTo(SEAL, 1);
      const circle = placeholder.findOne<Konva.Circle>('Circle')!;
      expect(circle.x()).toBeCloseTo(SEAL / 2 - ((number - 1) * SEAL) / 3, 1);
      expect(circle.attrs.dash).toEqual([6, 4]);
    }
    // Only the slices: no transformer handles around it.
    const transformer = stageOf(root, 1).findOne<Konva.Transformer>('Transformer')!;
    expect(transformer.nodes()).toHaveLength(0);
    // Every page's thumbnail shows its slice, not the seal's stored box.
    const thumbs = [...root.querySelectorAll('.esign-te__thumb svg')];
    expect(thumbs).toHaveLength(3);
    thumbs.forEach((thumb, i) => {
      const rects = thumb.querySelectorAll('rect');
      expect(rects, `thumbnail ${i + 1}`).toHaveLength(1);
      expect(rects[0]!.getAttribute('data-cross-page')).toBe(seal().uuid);
      expect(Number(rects[0]!.getAttribute('width'))).toBeCloseTo(SEAL / 3, 1);
      expect(Number(rects[0]!.getAttribute('x'))).toBeCloseTo(PAGE.width - SEAL / 3, 1);
    });
  });

  it.each(['design', 'fill', 'preview'] as const)(
    'shows the chosen seal image cut in slices (cropped), in %s mode',
    async (mode) => {
      const value = project(3, [crosspage({ previewConfig: { sealId: 'seal-demo' } })]);
      const { root } = await mount(value, { seals: DEMO_SEALS, mode, party: 'A' });
      await expect
        .poll(() => [1, 2, 3].map((n) => stageOf(root, n).find('.cross-page-image').length))
        .toEqual([1, 1, 1]);
      for (const number of [1, 2, 3]) {
        const image = stageOf(root, number).findOne<Konva.Image>('.cross-page-image')!;
        // The demo seal is 240 px wide: each page shows 80 px of it.
        const crop = image.crop();
        expect(crop.x).toBeCloseTo((number - 1) * 80, 6);
        expect(crop.y).toBe(0);
        expect(crop.width).toBeCloseTo(80, 6);
        expect(crop.height).toBe(240);
        expect(image.width()).toBeCloseTo(SEAL / 3, 1);
        expect(image.height()).toBeCloseTo(SEAL, 1);
      }
    },
  );

  it('a slice dragged with the mouse moves the seal up or down on every page, never sideways', async () => {
    const { root, store, seal } = await mount(project(3, [crosspage()]));
    await expect.poll(() => slicesOn(root, 3).length).toBe(1);
    const before = seal().commonStyle;
    const depth = store().getState().undoDepth;
    const x = PAGE.width - SEAL / 6;
    const y = before.top + SEAL / 2;
    await drag(pagePoint(root, 1, x, y), pagePoint(root, 1, x - 150, y + 60));
    await nextFrame();
    const after = seal().commonStyle;
    expect(after.top).toBeCloseTo(before.top + 60, 0);
    expect(after.left).toBe(before.left);
    expect(store().getState().selection).toEqual(['cp']);
    expect(store().getState().undoDepth).toBe(depth + 1);
    for (const number of [1, 2, 3]) {
      const slice = slicesOn(root, number)[0]!;
      expect(slice.y(), `page ${number}`).toBeCloseTo(after.top, 1);
      expect(slice.x(), `page ${number}`).toBeCloseTo(PAGE.width - SEAL / 3, 1);
    }
    // The arrow keys nudge it too: up and down only.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowLeft}');
    expect(seal().commonStyle.top).toBeCloseTo(after.top + 2, 1);
    expect(seal().commonStyle.left).toBe(before.left);
    await nextFrame();
    expect(slicesOn(root, 2)[0]!.y()).toBeCloseTo(after.top + 2, 1);
  });

  it('a slice dragged on another page than the one storing it moves the same seal', async () => {
    const { root, seal } = await mount(project(3, [crosspage()]));
    await expect.poll(() => slicesOn(root, 2).length).toBe(1);
    const before = seal().commonStyle;
    const x = PAGE.width - SEAL / 6;
    await drag(
      pagePoint(root, 2, x, before.top + SEAL / 2),
      pagePoint(root, 2, x, before.top + SEAL / 2 - 40),
    );
    expect(seal().commonStyle.top).toBeCloseTo(before.top - 40, 0);
    await nextFrame();
    expect(slicesOn(root, 1)[0]!.y()).toBeCloseTo(before.top - 40, 0);
  });

  it('the panel sets the edge: the slices move to the left edge', async () => {
    const { screen, root, seal } = await mount(project(3, [crosspage()]));
    await expect.poll(() => slicesOn(root, 3).length).toBe(1);
    await click(pagePoint(root, 1, PAGE.width - SEAL / 6, seal().commonStyle.top + SEAL / 2));
    await expect.element(screen.getByText(/cut into one slice per page/)).toBeVisible();
    // Its own geometry replaces the shared one.
    expect(screen.getByLabelText('X (pt)').elements()).toHaveLength(0);
    expect(screen.getByLabelText('Rotation (°)').elements()).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText('Edge'), 'left');
    expect(seal().config.crossPageEdge).toBe('left');
    expect(seal().commonStyle.left).toBe(0);
    await nextFrame();
    for (const number of [1, 2, 3]) {
      const slice = slicesOn(root, number)[0]!;
      expect(slice.x(), `page ${number}`).toBe(0);
      // Left edge: mirrored, page 1 shows the rightmost third.
      expect(slice.getAttr('esignIndex')).toBe(3 - number);
    }
    await userEvent.selectOptions(screen.getByLabelText('Edge'), 'both');
    await nextFrame();
    expect(
      slicesOn(root, 2)
        .map((slice) => Math.round(slice.x()))
        .sort((a, b) => a - b),
    ).toEqual([0, Math.round(PAGE.width - SEAL / 3)]);
  });

  it('the panel sets the centre and the range', async () => {
    const { screen, root, seal, store } = await mount(project(3, [crosspage()]));
    await expect.poll(() => slicesOn(root, 3).length).toBe(1);
    store().getState().select(['cp']);
    const centre = screen.getByLabelText('Seal centre from the top (pt)');
    await centre.fill('200');
    await userEvent.keyboard('{Enter}');
    expect(seal().commonStyle.top).toBeCloseTo(200 - SEAL / 2, 1);
    await userEvent.click(screen.getByLabelText('Through the last page'));
    expect(seal().config.crossPageTo).toBe(3);
    const to = screen.getByRole('textbox', { name: 'To page' });
    await to.fill('2');
    await userEvent.keyboard('{Enter}');
    expect(seal().config.crossPageTo).toBe(2);
    await nextFrame();
    expect([1, 2, 3].map((n) => slicesOn(root, n).length)).toEqual([1, 1, 0]);
    expect(slicesOn(root, 1)[0]!.width()).toBeCloseTo(SEAL / 2, 1);
  });

  it('the panel warns when the document has one page', async () => {
    const single = await mount(project(1, [crosspage()]));
    single.store().getState().select(['cp']);
    await expect.element(single.screen.getByText(/only one page/)).toBeVisible();
  });
});

import type Konva from 'konva';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createEditorStore, type TemplateProject } from '../../core';
import { click, drag, nextFrame, pagePoint } from '../../test-support/browser';
import { mountEditor, stageOf } from '../../test-support/mountEditor';
import { TemplateEditor } from '../TemplateEditor';

function project(elements: Record<string, unknown>[], pages = 1): TemplateProject {
  return createEditorStore({
    pages: Array.from({ length: pages }, (_, index) => ({
      uuid: `p${index + 1}`,
      elements: index === 0 ? elements : [],
    })),
  }).getState().project;
}

const mount = mountEditor;

const text = (uuid: string, left: number, top: number, extra: Record<string, unknown> = {}) => ({
  uuid,
  elName: 'text',
  title: uuid,
  commonStyle: { left, top, width: 120, height: 30 },
  ...extra,
});

describe('<TemplateEditor> canvas in Chromium', () => {
  it('a seal dragged from the toolbox onto page 1 lands on every page', async () => {
    const { screen, store, root } = await mount(project([], 3));
    const source = screen.getByRole('button', { name: 'Seal' });
    const page = root.querySelector<HTMLElement>('.esign-te__page[data-page="1"]')!;
    const scale = page.getBoundingClientRect().width / 596;
    await userEvent.dragAndDrop(source, screen.getByRole('group', { name: 'Page 1' }), {
      targetPosition: { x: 300 * scale, y: 400 * scale },
    });
    const pages = store().getState().project.pages;
    expect(pages.map((page) => page.elements.filter((e) => e.elName === 'seal').length)).toEqual([
      1, 1, 1,
    ]);
    const seal = pages[0]!.elements[0]!.commonStyle;
    // Dropped where the pointer let go, to within a screen pixel.
    expect(Math.abs(seal.left + seal.width / 2 - 300)).toBeLessThan(1);
    expect(Math.abs(seal.top + seal.height / 2 - 400)).toBeLessThan(1);
  });

  it('a mouse drag moves a field, and Ctrl+Z puts it back in one step', async () => {
    const { root, store, element } = await mount(project([text('a', 100, 100)]));
    const depth = store().getState().undoDepth;
    await drag(pagePoint(root, 1, 160, 115), pagePoint(root, 1, 260, 215));
    expect(element('a').commonStyle.left).toBeCloseTo(200, 0);
    expect(element('a').commonStyle.top).toBeCloseTo(200, 0);
    expect(store().getState().undoDepth).toBe(depth + 1);
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(element('a').commonStyle).toMatchObject({ left: 100, top: 100 });
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(element('a').commonStyle.left).toBeCloseTo(200, 0);
  });

  it('resizing an ID-card image keeps its ratio', async () => {
    const card = {
      uuid: 'card',
      elName: 'image',
      title: 'ID',
      config: { imageType: 'idCardLandscape' },
      commonStyle: { left: 100, top: 100, width: 199, height: 126.15 },
    };
    const { root, element } = await mount(project([card]));
    await click(pagePoint(root, 1, 200, 160));
    await nextFrame();
    // Drag the bottom-right handle outwards.
    await drag(pagePoint(root, 1, 299, 226.15), pagePoint(root, 1, 359, 290));
    const style = element('card').commonStyle;
    expect(style.width).toBeGreaterThan(230);
    expect(style.width / style.height).toBeCloseTo(199 / 126.15, 2);
  });

  it('shows a snap guide while dragging near another field and snaps to it', async () => {
    const { root, element } = await mount(project([text('a', 100, 100), text('b', 300, 300)]));
    const from = pagePoint(root, 1, 360, 315);
    // b's left edge 3 pt right of a's left edge: it should snap onto x = 100.
    const to = pagePoint(root, 1, 163, 415);
    const { commands } = await import('vitest/browser');
    await commands.mouse([
      { type: 'move', x: from.x, y: from.y },
      { type: 'down', x: from.x, y: from.y },
      { type: 'move', x: to.x, y: to.y, steps: 15 },
    ]);
    await nextFrame();
    const stage = stageOf(root);
    // The guide is drawn over the page at a's left edge (x = 100 pt).
    const guide = root.querySelector<HTMLElement>('.esign-te__snap-guide--vertical');
    expect(guide?.dataset.position).toBe('100');
    expect(guide!.style.opacity).toBe('1');
    expect(guide!.getBoundingClientRect().left).toBeCloseTo(pagePoint(root, 1, 100, 0).x, 0);
    // While it moves the page shows two pictures: the fields that stay, and the moving field,
    // drawn where the drag began and carried by the compositor: its CSS offset is the snapped
    // move (b from x 300 to 100, y 300 to 400).
    expect(stage.findOne('#b')!.getLayer()).toBe(stage.getLayers().at(-1));
    await nextFrame();
    await nextFrame();
    const content = root.querySelector('.esign-te__page .konvajs-content')!;
    const shown = [...content.querySelectorAll('canvas')].filter(
      (canvas) => getComputedStyle(canvas).display !== 'none',
    );
    expect(shown.map((canvas) => canvas.className)).toEqual(['esign-te__still', 'esign-te__still']);
    const [still, moving] = shown.map((canvas) => canvas.getBoundingClientRect());
    const origin = pagePoint(root, 1, 0, 0);
    expect(moving!.left - still!.left).toBeCloseTo(pagePoint(root, 1, -200, 0).x - origin.x, 0);
    expect(moving!.top - still!.top).toBeCloseTo(pagePoint(root, 1, 0, 100).y - origin.y, 0);
    // What the moving picture shows is b at its starting box.
    const px =
      shown[1]!.width / Number(root.querySelector<HTMLElement>('.esign-te__page')!.dataset.width);
    const probe = document.createElement('canvas');
    probe.width = shown[1]!.width;
    probe.height = shown[1]!.height;
    const context = probe.getContext('2d')!;
    context.drawImage(shown[1]!, 0, 0);
    const { data } = context.getImageData(300 * px, 300 * px, 120 * px, 30 * px);
    expect(data.some((value, index) => index % 4 === 3 && value > 0)).toBe(true);
    // The resize handles leave the field while it moves, and come back on it after the drop.
    const handles = () => stage.find<Konva.Transformer>('Transformer');
    expect(handles()[0]!.nodes()).toEqual([]);
    await commands.mouse([{ type: 'up', x: to.x, y: to.y }]);
    expect(element('b').commonStyle.left).toBe(100);
    await nextFrame();
    // At the drop the field is back among the others and the drag's canvas and guides are gone.
    expect(content.querySelector('.esign-te__still')).toBeNull();
    expect(
      [...content.querySelectorAll('canvas')].map((canvas) => getComputedStyle(canvas).display),
    ).toEqual(['block', 'block']);
    expect(stage.findOne('#b')!.getLayer()).toBe(stage.getLayers()[0]);
    expect(root.querySelector('.esign-te__snap-guide')).toBeNull();
    expect(
      handles()[0]!
        .nodes()
        .map((node) => node.id()),
    ).toEqual(['b']);
  });

  it('a drop redraws only where the field left and landed, and the page is as a full redraw draws it', async () => {
    // a lies under b; it lands half under c, which comes after it in paint order.
    const { root, element } = await mount(
      project([
        text('a', 100, 100),
        text('b', 150, 110),
        text('c', 300, 400),
        text('d', 60, 600, { config: { required: true } }),
      ]),
    );
    await nextFrame();
    const layer = stageOf(root).getLayers()[0]!;
    let fullDraws = 0;
    layer.on('draw', () => fullDraws++);
    await drag(pagePoint(root, 1, 110, 115), pagePoint(root, 1, 250, 405));
    await nextFrame();
    await nextFrame();
    // Moved by (140, 290), give or take a snap.
    expect(Math.abs(element('a').commonStyle.left - 240)).toBeLessThan(6);
    expect(Math.abs(element('a').commonStyle.top - 390)).toBeLessThan(6);
    expect(fullDraws).toBe(0);
    const pixels = (canvas: HTMLCanvasElement) =>
      canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const scene = pixels(layer.getCanvas()._canvas);
    const hit = pixels(layer.getHitCanvas()._canvas);
    layer.draw();
    // The same pixels, give or take the rounding of anti-aliased edges the clip cuts (4 of 255).
    const differing = (a: Uint8ClampedArray, b: Uint8ClampedArray) =>
      a.reduce((count, value, index) => count + (Math.abs(value - b[index]!) > 4 ? 1 : 0), 0);
    const full = pixels(layer.getCanvas()._canvas);
    expect(differing(scene, full)).toBe(0);
    expect(differing(hit, pixels(layer.getHitCanvas()._canvas))).toBe(0);
  });

  it('marquee-selects fields and deletes them with Delete', async () => {
    const { root, store } = await mount(
      project([text('a', 50, 50), text('b', 200, 60), text('c', 50, 500)]),
    );
    await drag(pagePoint(root, 1, 20, 20), pagePoint(root, 1, 400, 120));
    expect([...store().getState().selection].sort()).toEqual(['a', 'b']);
    await userEvent.keyboard('{Delete}');
    expect(
      store()
        .getState()
        .project.pages[0]!.elements.map((e) => e.uuid),
    ).toEqual(['c']);
  });

  it('copy and paste lands 10 pt lower-right', async () => {
    const { root, store } = await mount(project([text('a', 100, 100)]));
    await click(pagePoint(root, 1, 150, 110));
    await userEvent.keyboard('{Control>}c{/Control}');
    await userEvent.keyboard('{Control>}v{/Control}');
    const elements = store().getState().project.pages[0]!.elements;
    expect(elements).toHaveLength(2);
    expect(elements[1]!.commonStyle).toMatchObject({ left: 110, top: 110 });
  });

  it('nudges with the arrow keys, 10 pt with Shift, and clears the selection with Escape', async () => {
    const { root, store, element } = await mount(project([text('a', 100, 100)]));
    await click(pagePoint(root, 1, 150, 110));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(element('a').commonStyle).toMatchObject({ left: 102, top: 110 });
    await userEvent.keyboard('{Escape}');
    expect(store().getState().selection).toEqual([]);
  });

  it('speaks Chinese with locale zh', async () => {
    const { screen } = await mount(project([]), { locale: 'zh' });
    await expect.element(screen.getByRole('button', { name: '撤销' })).toBeDisabled();
    await expect.element(screen.getByRole('button', { name: '印章' })).toBeVisible();
  });

  it('shows a readable error panel for an invalid template', async () => {
    const screen = await render(
      <TemplateEditor defaultValue={{ pages: [{ elements: [{ elName: 'video' }] }] }} />,
    );
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('pages[0].elements[0].elName');
  });
});

describe('<TemplateEditor> with 200 pages', () => {
  it('mounts only the pages near the viewport, and the others as the author scrolls', async () => {
    const many = createEditorStore({
      pages: Array.from({ length: 200 }, (_, index) => ({
        uuid: `page-${index}`,
        elements: [
          {
            uuid: `t-${index}`,
            elName: 'text',
            title: `T${index}`,
            commonStyle: { left: 50, top: 50 },
          },
        ],
      })),
    }).getState().project;
    const { root } = await mount(many);
    const mounted = () =>
      [...root.querySelectorAll<HTMLElement>('.esign-te__page')].map((page) =>
        Number(page.dataset.page),
      );
    expect(mounted().length).toBeLessThanOrEqual(4);
    expect(mounted()).toContain(1);
    const scroller = root.querySelector<HTMLElement>('.esign-te__scroller')!;
    scroller.scrollTop = scroller.scrollHeight;
    await expect.poll(() => mounted()).toContain(200);
    expect(mounted().length).toBeLessThanOrEqual(4);
  });
});

describe('seal images', () => {
  const RED_DOT =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const sealField = {
    uuid: 's',
    elName: 'seal',
    title: 'Seal',
    previewConfig: { sealId: 'chosen' },
    commonStyle: { left: 100, top: 100 },
  };
  type KonvaStage = { container(): HTMLElement; find(selector: string): unknown[] };
  const stageOf = (root: HTMLElement) =>
    (window as unknown as { Konva: { stages: KonvaStage[] } }).Konva.stages.find((stage) =>
      root.contains(stage.container()),
    )!;

  it('shows the chosen seal image', async () => {
    const { root } = await mount(project([sealField]), {
      seals: [{ id: 'chosen', name: 'Company', imageUrl: RED_DOT }],
    });
    await expect.poll(() => stageOf(root).find('Image').length).toBe(1);
  });

  it('shows the placeholder when the seal image fails to load, and the page keeps working', async () => {
    const { root, store } = await mount(project([sealField]), {
      seals: [{ id: 'chosen', name: 'Company', imageUrl: '/no-such-seal-image.png' }],
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stageOf(root).find('Image')).toHaveLength(0);
    expect(stageOf(root).find('Circle')).toHaveLength(1);
    store().getState().moveElements(['s'], 5, 5);
    expect(store().getState().undoDepth).toBe(1);
  });
});

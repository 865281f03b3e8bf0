import Konva from 'konva';
import type { RenderTask } from 'pdfjs-dist';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { createEditorStore, type TemplateProject } from '../../core';
import { loadPdf, openedPage, type LoadedPdf } from '../../pdf/load';
import { pdfWorkerMode } from '../../pdf/worker';
import { A4_LANDSCAPE, A4_PORTRAIT, samplePdf } from '../../stories/pdfFixtures';
import { nextFrame } from '../../test-support/browser';
import {
  TemplateEditor,
  type TemplateEditorHandle,
  type TemplateEditorProps,
} from '../TemplateEditor';

const RED: [number, number, number] = [1, 0, 0];
const BLUE: [number, number, number] = [0, 0, 1];

async function mount(props: TemplateEditorProps) {
  const ref = createRef<TemplateEditorHandle>();
  const screen = await render(
    <div style={{ width: 1200, height: 850 }}>
      <TemplateEditor ref={ref} {...props} />
    </div>,
  );
  // The editor's root is replaced once a template made from the PDF is ready: search from above.
  const root = screen.container;
  return { screen, root, ref };
}

function pageElement(root: HTMLElement, pageNumber: number): HTMLElement | null {
  return root.querySelector<HTMLElement>(`.esign-te__page[data-page="${pageNumber}"]`);
}

async function rendered(root: HTMLElement, pageNumber: number): Promise<HTMLElement> {
  await expect
    .poll(() => pageElement(root, pageNumber)?.dataset.pdf, { timeout: 10_000 })
    .toBe('rendered');
  await nextFrame();
  return pageElement(root, pageNumber)!;
}

/** The colour Konva painted at a point of a page (in points), read from its canvas. */
function pixel(page: HTMLElement, x: number, y: number): number[] {
  const canvas = page.querySelector('canvas')!;
  const ratio = canvas.width / page.getBoundingClientRect().width;
  const scale = page.getBoundingClientRect().width / Number(page.dataset.width);
  const data = canvas
    .getContext('2d')!
    .getImageData(Math.round(x * scale * ratio), Math.round(y * scale * ratio), 1, 1).data;
  return [...data];
}

/** The bitmap pdf.js drew for a page, as Konva holds it. */
function pdfBitmap(page: HTMLElement): HTMLCanvasElement | undefined {
  const stage = Konva.stages.find((candidate) => page.contains(candidate.container()));
  return stage?.findOne<Konva.Image>('.pdf-page')?.image() as HTMLCanvasElement | undefined;
}

function template(pages: number): TemplateProject {
  return createEditorStore({
    pages: Array.from({ length: pages }, (_, index) => ({ uuid: `p${index + 1}` })),
  }).getState().project;
}

describe('<TemplateEditor pdf> in Chromium', () => {
  it('makes the template from the PDF and draws each PDF page as its page’s background', async () => {
    const bytes = await samplePdf([
      { ...A4_PORTRAIT, fill: true, colour: RED },
      { ...A4_LANDSCAPE, fill: true, colour: BLUE },
    ]);
    const before = bytes.slice();
    const onChange = vi.fn();
    const { screen, root, ref } = await mount({ pdf: bytes, onChange });
    await expect.element(screen.getByRole('status')).toHaveTextContent('Opening the PDF…');

    const first = await rendered(root, 1);
    expect(pixel(first, 300, 400)).toEqual([255, 0, 0, 255]);
    const second = await rendered(root, 2);
    expect(pixel(second, 700, 300)).toEqual([0, 0, 255, 255]);

    const project = ref.current!.getProject();
    expect(project.hasSource).toBe(true);
    expect(project.pages.map((page) => page.config)).toEqual([A4_PORTRAIT, A4_LANDSCAPE]);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]![0]).toEqual(project);
    expect(pdfWorkerMode()).toBe('worker');
    expect(bytes).toEqual(before);
  });

  it('draws the PDF at the zoom × the pixel ratio, sharp at 400 %', async () => {
    const bytes = await samplePdf([{ ...A4_PORTRAIT, colour: RED }]);
    const { screen, root } = await mount({ pdf: bytes });
    let page = await rendered(root, 1);
    const scale = page.getBoundingClientRect().width / A4_PORTRAIT.width;
    expect(pdfBitmap(page)!.width).toBe(
      Math.round((A4_PORTRAIT.width * Math.round(scale * devicePixelRatio * 100)) / 100),
    );

    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    while (screen.getByLabelText('Zoom level').element().textContent !== '400 %') {
      await zoomIn.click();
    }
    page = await rendered(root, 1);
    expect(pdfBitmap(page)!.width).toBe(Math.round(A4_PORTRAIT.width * 4 * devicePixelRatio));
    // The red band across the top, and the white page below it.
    expect(pixel(page, 100, 30)).toEqual([255, 0, 0, 255]);
    expect(pixel(page, 500, 800)).toEqual([255, 255, 255, 255]);
  });

  it('draws only the pages near the viewport and cancels those scrolled away', async () => {
    const pdf = await loadPdf(await samplePdf(Array.from({ length: 40 }, () => A4_PORTRAIT)));
    const drawn = new Set<number>();
    const cancelled = new Set<number>();
    // Page 20's drawing does not finish until the gate opens: it is still under way when the
    // author scrolls past it.
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    for (let pageNumber = 1; pageNumber <= 40; pageNumber++) {
      const page = await pdf.document.getPage(pageNumber);
      const draw = page.render.bind(page);
      page.render = (parameters) => {
        // The Pages panel's thumbnails draw at thumbnail size: this watches the canvas's pages.
        const onCanvas = parameters.viewport.scale > 0.5;
        if (onCanvas) drawn.add(pageNumber);
        const task = draw(parameters);
        if (pageNumber !== 20 || !onCanvas) return task;
        // A long render that stops when cancelled, as pdf.js's own do.
        let stop!: (reason: Error) => void;
        const stopped = new Promise<never>((_, reject) => (stop = reject));
        return {
          promise: Promise.race([task.promise.then(() => gate), stopped]),
          cancel: () => {
            cancelled.add(pageNumber);
            task.cancel();
            stop(new Error('Rendering cancelled'));
          },
        } as unknown as RenderTask;
      };
    }

    try {
      const { root } = await mount({ pdf });
      await rendered(root, 1);
      await nextFrame();
      const mounted = [...root.querySelectorAll<HTMLElement>('.esign-te__page')].map((page) =>
        Number(page.dataset.page),
      );
      expect(mounted.length).toBeLessThan(5);
      expect([...drawn].every((pageNumber) => mounted.includes(pageNumber))).toBe(true);

      const scroller = root.querySelector<HTMLElement>('.esign-te__scroller')!;
      scroller.scrollTop = (scroller.scrollHeight / 40) * 19;
      await expect.poll(() => drawn.has(20)).toBe(true);
      scroller.scrollTop = scroller.scrollHeight;
      await expect.poll(() => pageElement(root, 20)).toBeNull();
      expect(cancelled.has(20)).toBe(true);

      await rendered(root, 40);
      expect(pageElement(root, 20)).toBeNull();
      for (const never of [10, 15, 25, 30]) expect(drawn.has(never)).toBe(false);
    } finally {
      openGate();
      await pdf.destroy();
    }
  });

  it('keeps a template’s own pages, with PDF page i behind page i', async () => {
    const bytes = await samplePdf([
      { ...A4_PORTRAIT, fill: true, colour: RED },
      { ...A4_PORTRAIT, fill: true, colour: BLUE },
    ]);
    const { root, ref } = await mount({ defaultValue: template(3), pdf: bytes });
    expect(ref.current!.getProject().pages.map((page) => page.uuid)).toEqual(['p1', 'p2', 'p3']);
    const second = await rendered(root, 2);
    expect(pixel(second, 300, 400)).toEqual([0, 0, 255, 255]);
    root.querySelector('.esign-te__scroller')!.scrollTop = 5000;
    await expect.poll(() => pageElement(root, 3)).not.toBeNull();
    await nextFrame();
    expect(pageElement(root, 3)!.dataset.pdf).toBeUndefined();
    expect(pixel(pageElement(root, 3)!, 300, 400)).toEqual([255, 255, 255, 255]);
  });

  it('shows why a PDF cannot be opened, in the author’s language', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const { screen } = await mount({ pdf: png });
    const alert = screen.getByRole('alert');
    await expect.element(alert).toHaveTextContent('This PDF cannot be opened');
    await expect.element(alert).toHaveTextContent('The file is not a PDF document.');

    await screen.unmount();
    const truncated = (await samplePdf([A4_PORTRAIT])).slice(0, 400);
    const zh = await mount({ pdf: truncated, locale: 'zh' });
    const zhAlert = zh.screen.getByRole('alert');
    await expect.element(zhAlert).toHaveTextContent('无法打开该 PDF');
    await expect.element(zhAlert).toHaveTextContent('该 PDF 已损坏或不完整，无法读取。');
  });

  it('keeps editing a template whose PDF fails, and says why', async () => {
    const { screen, root } = await mount({
      defaultValue: template(1),
      pdf: new TextEncoder().encode('not a pdf'),
    });
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('The file is not a PDF document.');
    expect(root.querySelector('.esign-te__page canvas')).not.toBeNull();
    expect(pageElement(root, 1)!.dataset.pdf).toBeUndefined();
  });

  it('shows each PDF page in its thumbnail in the Pages panel', async () => {
    const bytes = await samplePdf([
      { ...A4_PORTRAIT, fill: true, colour: RED },
      { ...A4_LANDSCAPE, fill: true, colour: BLUE },
    ]);
    const { root } = await mount({ pdf: bytes });
    const centre = (pageNumber: number) => {
      const canvas = root.querySelector<HTMLCanvasElement>(
        `[data-page-index="${pageNumber - 1}"] .esign-te__thumb-pdf`,
      );
      if (!canvas || canvas.width === 0) return null;
      const { data } = canvas
        .getContext('2d')!
        .getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1);
      return [...data];
    };
    await expect.poll(() => centre(1), { timeout: 10_000 }).toEqual([255, 0, 0, 255]);
    await expect.poll(() => centre(2), { timeout: 10_000 }).toEqual([0, 0, 255, 255]);
    // Drawn at thumbnail size (the canvas's bigger image stands in until then).
    const thumb = root.querySelector<HTMLCanvasElement>(
      '[data-page-index="0"] .esign-te__thumb-pdf',
    )!;
    await expect
      .poll(() => thumb.width, { timeout: 10_000 })
      .toBeLessThanOrEqual(Math.ceil(96 * window.devicePixelRatio) + 1);
  });

  it('says which page pdf.js could not draw, and draws it when asked to try again', async () => {
    const pdf: LoadedPdf = await loadPdf(
      await samplePdf([{ ...A4_PORTRAIT, fill: true, colour: RED }]),
    );
    const page = openedPage(pdf, 0)!;
    const draw = page.render.bind(page);
    page.render = () => {
      page.render = draw;
      throw new Error('broken content stream');
    };
    const { screen, root } = await mount({ defaultValue: template(1), pdf, locale: 'zh' });
    const alert = screen.getByRole('alert');
    await expect.element(alert).toHaveTextContent('PDF 第 1 页无法绘制。');
    expect(pageElement(root, 1)!.dataset.pdf).toBe('failed');
    await screen.getByRole('button', { name: '重试' }).click();
    expect(pixel(await rendered(root, 1), 300, 400)).toEqual([255, 0, 0, 255]);
    expect(root.querySelector('[role="alert"]')).toBeNull();
    await screen.unmount();
    await pdf.destroy();
  });

  it('uses a document the host opened and leaves it open', async () => {
    const pdf: LoadedPdf = await loadPdf(
      await samplePdf([{ ...A4_PORTRAIT, fill: true, colour: RED }]),
    );
    const { screen, root } = await mount({ defaultValue: template(1), pdf });
    expect(pixel(await rendered(root, 1), 300, 400)).toEqual([255, 0, 0, 255]);
    await screen.unmount();
    await expect(pdf.document.getPage(1)).resolves.toBeDefined();
    await pdf.destroy();
  });
});

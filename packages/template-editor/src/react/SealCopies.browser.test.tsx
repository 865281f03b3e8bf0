import { describe, expect, it } from 'vitest';
import { page as browserPage, userEvent } from 'vitest/browser';
import { createEditorStore, type TemplateProject } from '../core';
import { drag, pagePoint } from '../test-support/browser';
import { mountEditor } from '../test-support/mountEditor';

/** Three A4 pages and one seal of party A at (100, 100) on each, 119 pt across. */
function sealedTemplate(): { project: TemplateProject; copies: string[] } {
  const store = createEditorStore();
  store.getState().addPage();
  store.getState().addPage();
  const copies = store.getState().addElement(store.getState().project.pages[0]!.uuid, 'seal', {
    title: 'Company seal',
    commonStyle: { left: 100, top: 100 },
  });
  return { project: store.getState().project, copies };
}

/** Where each page's thumbnail draws the seal's copy, in page points (its centre). */
function thumbMarks(root: HTMLElement, group: string) {
  return [...root.querySelectorAll<SVGEllipseElement>(`ellipse[data-seal-group="${group}"]`)].map(
    (mark) => ({
      cx: Number(mark.getAttribute('cx')),
      cy: Number(mark.getAttribute('cy')),
      alone: mark.dataset.ownPlace === 'true',
      page: Number(mark.closest<HTMLElement>('[data-page-index]')!.dataset.pageIndex) + 1,
    }),
  );
}

describe('seal copies in the editor', () => {
  it('dragging the seal on page 1 moves its copy on every page, and the thumbnails follow', async () => {
    const { project, copies } = sealedTemplate();
    const { root, store, element } = await mountEditor(project);
    const group = element(copies[0]!).config.sealGroup;
    expect(thumbMarks(root, group).map((m) => [m.page, m.cx, m.cy])).toEqual([
      [1, 159.5, 159.5],
      [2, 159.5, 159.5],
      [3, 159.5, 159.5],
    ]);

    const depth = store().getState().undoDepth;
    await drag(pagePoint(root, 1, 160, 160), pagePoint(root, 1, 340, 470));
    const moved = element(copies[0]!).commonStyle;
    expect(moved.left).toBeCloseTo(280, 0);
    expect(moved.top).toBeCloseTo(410, 0);
    for (const copy of copies.slice(1))
      expect(element(copy).commonStyle).toMatchObject({ left: moved.left, top: moved.top });
    expect(store().getState().undoDepth).toBe(depth + 1);
    await expect
      .poll(() => thumbMarks(root, group).map((m) => m.cy))
      .toEqual(Array(3).fill(moved.top + 59.5));

    await userEvent.keyboard('{Control>}z{/Control}');
    for (const copy of copies)
      expect(element(copy).commonStyle).toMatchObject({ left: 100, top: 100 });
  });

  it('setting X in the properties panel moves every copy', async () => {
    const { project, copies } = sealedTemplate();
    const { screen, store, element } = await mountEditor(project);
    store().getState().select([copies[0]!]);
    await expect
      .element(screen.getByText(/This seal is on every page, at the same place/))
      .toBeVisible();
    const x = screen.getByLabelText('X (pt)');
    await x.fill('250');
    await userEvent.keyboard('{Enter}');
    expect(copies.map((copy) => element(copy).commonStyle.left)).toEqual([250, 250, 250]);
  });

  it('places one copy on its own: it stays while the others move, and the checks warn', async () => {
    const { project, copies } = sealedTemplate();
    const { screen, root, store, element } = await mountEditor(project);
    const group = element(copies[0]!).config.sealGroup;
    store().getState().select([copies[2]!]);
    await screen.getByRole('button', { name: 'Place on this page only' }).click();
    expect(element(copies[2]!).config.ownPlace).toBe(true);
    await expect.element(screen.getByText(/placed on its own/)).toBeVisible();

    store().getState().moveElements([copies[2]!], 0, 400);
    store().getState().moveElements([copies[0]!], 50, 0);
    expect(copies.map((copy) => element(copy).commonStyle.left)).toEqual([150, 150, 100]);
    expect(element(copies[2]!).commonStyle.top).toBe(500);

    // The thumbnails show page 3's copy elsewhere, drawn dashed.
    await expect
      .poll(() => thumbMarks(root, group).map((m) => [m.page, m.cx, m.cy, m.alone]))
      .toEqual([
        [1, 209.5, 159.5, false],
        [2, 209.5, 159.5, false],
        [3, 159.5, 559.5, true],
      ]);

    // A warning, not a problem: the template still passes its checks.
    const warning = root.querySelector<HTMLElement>(
      '.esign-te__check-list[data-level="warning"] [data-code="seal-copies-apart"]',
    );
    expect(warning?.textContent).toContain('page 3');
    await expect.element(screen.getByText('Worth a look')).toBeVisible();
    expect(
      root.querySelector(
        '.esign-te__check-list:not([data-level="warning"]) [data-code="seal-copies-apart"]',
      ),
    ).toBeNull();

    // The warning shows the copy; "Same place on every page" takes it back to the others.
    store().getState().select([]);
    await browserPage.elementLocator(warning!.querySelector('button')!).click();
    expect(store().getState().selection).toEqual([copies[2]]);
    await screen.getByRole('button', { name: 'Same place on every page' }).click();
    expect(element(copies[2]!).commonStyle).toMatchObject({ left: 150, top: 100 });
    expect(element(copies[2]!).config.ownPlace).toBeUndefined();
    await expect.poll(() => root.querySelector('[data-code="seal-copies-apart"]')).toBeNull();
    await expect
      .element(screen.getByRole('button', { name: 'Place on this page only' }))
      .toBeVisible();
  });

  it('offers the same actions in Chinese', async () => {
    const { project, copies } = sealedTemplate();
    const { screen, store } = await mountEditor(project, { locale: 'zh' });
    store().getState().select([copies[1]!]);
    await screen.getByRole('button', { name: '仅调整本页位置' }).click();
    store().getState().moveElements([copies[1]!], 0, 300);
    await expect.element(screen.getByText('请留意')).toBeVisible();
    await expect.element(screen.getByText(/在本页单独放置/)).toBeVisible();
    await expect.element(screen.getByRole('button', { name: '每页位置相同' })).toBeVisible();
  });
});

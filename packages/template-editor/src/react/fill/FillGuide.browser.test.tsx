import { describe, expect, it, vi } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { createEditorStore, type TemplateProject } from '../../core';
import { click, drag, nextFrame, pagePoint } from '../../test-support/browser';
import { mountEditor } from '../../test-support/mountEditor';
import type { FillState } from './FillGuide';

function project(elements: Record<string, unknown>[]): TemplateProject {
  return createEditorStore({ pages: [{ uuid: 'p1', elements }] }).getState().project;
}

/** A field titled `title`, its uuid the title in lower case with dashes. */
const field = (
  title: string,
  left: number,
  top: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  uuid: title.toLowerCase().replace(/ /g, '-'),
  elName: 'text',
  title,
  commonStyle: { left, top, width: 160, height: 24, fontSize: 12 },
  ...extra,
  config: { party: 'B', required: true, ...((extra.config as object) ?? {}) },
});

/** Party B's fields: a row of two (out of order), a date, an optional note; and one of A's. */
const contract = () =>
  project([
    field('Full name', 300, 100),
    field('ID number', 100, 102, {
      config: { isNumber: true },
      previewConfig: { limitNum: 6 },
    }),
    field('Start date', 100, 300, { elName: 'date', config: { dateFormat: 'yyyy年MM月dd日' } }),
    field('Note', 100, 500, { config: { required: false } }),
    field('Lessor', 100, 700, { config: { party: 'A' } }),
  ]);

const positionText = (root: HTMLElement) =>
  root.querySelector('.esign-te__fill-position')?.textContent;

describe('the guided fill', () => {
  it('goes through the party’s fields in reading order and finishes only when all may be sent', async () => {
    const onComplete = vi.fn();
    const changes: FillState[] = [];
    const { screen, root, element } = await mountEditor(contract(), {
      mode: 'fill',
      party: 'B',
      onComplete,
      onFillChange: (state) => changes.push(state),
      style: { width: 1366, height: 850 },
    });
    const guide = screen.getByRole('region', { name: 'Fill in' });
    // Beside the page (a 1,366 px editor), started at once on the first field of the first row.
    await expect.element(guide).toBeVisible();
    const side = guide.element().getBoundingClientRect();
    const pages = root.querySelector('.esign-te__main')!.getBoundingClientRect();
    expect(side.left).toBeGreaterThanOrEqual(pages.right - 1);
    expect(side.top).toBeLessThan(pages.bottom);
    await expect.element(guide.getByRole('textbox', { name: 'ID number' })).toBeVisible();
    expect(positionText(root)).toBe('Field 1 of 4');
    await expect.element(guide.getByText('0 of 3 required')).toBeVisible();
    expect(changes.at(-1)).toMatchObject({ field: 'id-number', index: 0, count: 4, required: 3 });

    // The field's rules hold as the signer types; Enter stores the value and moves on.
    await guide.getByRole('textbox', { name: 'ID number' }).fill('ab1234567');
    await expect.element(guide.getByRole('alert')).toHaveTextContent(/Digits only|At most 6/);
    await userEvent.keyboard('{Enter}');
    expect(element('id-number').value).toBe('123456');
    await expect.element(guide.getByRole('textbox', { name: 'Full name' })).toHaveFocus();
    expect(positionText(root)).toBe('Field 2 of 4');

    // Tab goes on to the next field (the date's first control), Shift+Tab back.
    await userEvent.keyboard('{Tab}');
    await expect.element(guide.getByRole('combobox', { name: 'Year' })).toHaveFocus();
    expect(positionText(root)).toBe('Field 3 of 4');
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await expect.element(guide.getByRole('textbox', { name: 'Full name' })).toHaveFocus();

    // Finishing with a required field empty goes back to it and says so.
    await guide.getByRole('button', { name: 'Next' }).click();
    await guide.getByRole('button', { name: 'Next' }).click();
    expect(positionText(root)).toBe('Field 4 of 4');
    await guide.getByRole('button', { name: 'Finish' }).click();
    await expect
      .element(guide.getByText('Fill in “Full name” first: This field is required'))
      .toBeVisible();
    expect(positionText(root)).toBe('Field 2 of 4');
    expect(onComplete).not.toHaveBeenCalled();

    await guide.getByRole('textbox', { name: 'Full name' }).fill('张三');
    await guide.getByRole('button', { name: 'Next' }).click();
    await guide.getByRole('combobox', { name: 'Year' }).selectOptions('2026');
    await guide.getByRole('combobox', { name: 'Month' }).selectOptions('Nov');
    await guide.getByRole('combobox', { name: 'Day' }).selectOptions('24');
    await expect.element(guide.getByText('On the contract: 2026年11月24日')).toBeVisible();
    expect(element('start-date').value).toBe('2026年11月24日');
    await expect.element(guide.getByText('3 of 3 required')).toBeVisible();

    await guide.getByRole('button', { name: 'Next' }).click();
    await guide.getByRole('button', { name: 'Finish' }).click();
    await expect.element(guide.getByText('Every field is filled in.')).toBeVisible();
    expect(onComplete).toHaveBeenCalledWith({
      'id-number': '123456',
      'full-name': '张三',
      'start-date': '2026年11月24日',
      note: '',
    });
    expect(element('lessor').value).toBe('');
    expect(changes.at(-1)).toMatchObject({ done: 3, complete: true, missing: [] });
  });

  it('on a phone-wide editor is a bottom sheet that starts on Start, and a tapped field is the next one', async () => {
    const { screen, root } = await mountEditor(contract(), {
      mode: 'fill',
      party: 'B',
      style: { width: 390, height: 844 },
    });
    const sheet = screen.getByRole('region', { name: 'Fill in' });
    await expect.element(sheet.getByText('4 fields to fill in, 3 of them required.')).toBeVisible();
    await sheet.getByRole('button', { name: 'Start' }).click();
    await expect.element(sheet.getByRole('textbox', { name: 'ID number' })).toHaveFocus();

    // The sheet lies across the bottom of the editor, under the pages; nothing scrolls sideways.
    const editor = root.getBoundingClientRect();
    const box = sheet.element().getBoundingClientRect();
    const pages = root.querySelector('.esign-te__main')!.getBoundingClientRect();
    expect(box.bottom).toBeCloseTo(editor.bottom - 1, 0);
    expect(box.width).toBeGreaterThan(editor.width - 4);
    expect(pages.bottom).toBeLessThanOrEqual(box.top + 1);
    expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
    // Its input is large enough to read and type on a phone.
    const input = sheet.getByRole('textbox', { name: 'ID number' }).element();
    expect(parseFloat(getComputedStyle(input).fontSize)).toBeGreaterThanOrEqual(16);
    expect(input.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);

    // The field is zoomed until its 12 pt text shows at 16 px, and ringed in the canvas's view.
    await nextFrame();
    await nextFrame();
    const page = root.querySelector<HTMLElement>('.esign-te__page')!;
    const scale = page.getBoundingClientRect().width / Number(page.dataset.width);
    expect(12 * scale).toBeGreaterThanOrEqual(16 - 0.1);
    const ring = root.querySelector('.esign-te__fill-ring')!.getBoundingClientRect();
    const view = root.querySelector('.esign-te__scroller')!.getBoundingClientRect();
    expect(ring.left).toBeGreaterThanOrEqual(view.left);
    expect(ring.right).toBeLessThanOrEqual(view.right);
    expect(ring.top).toBeGreaterThanOrEqual(view.top);
    expect(ring.bottom).toBeLessThanOrEqual(view.bottom);
    // The ring is outside the field's box: the badge and required mark stay uncovered.
    const fieldBox = pagePoint(root, 1, 100, 102);
    expect(ring.left).toBeLessThan(fieldBox.x - 2);
    expect(ring.top).toBeLessThan(fieldBox.y - 2);

    // A tap on another of the party's fields (panned into view) takes the sheet to it.
    const scroller = root.querySelector<HTMLElement>('.esign-te__scroller')!;
    const target = pagePoint(root, 1, 380, 112);
    scroller.scrollBy(
      target.x - (view.left + view.width / 2),
      target.y - (view.top + view.height / 2),
    );
    await nextFrame();
    await click(pagePoint(root, 1, 380, 112));
    await expect.element(sheet.getByRole('textbox', { name: 'Full name' })).toBeVisible();
  });

  it('on a phone keeps its moves in reach under a tall control, an ID-card photo', async () => {
    const photo = document.createElement('canvas');
    [photo.width, photo.height] = [1600, 1009];
    photo.getContext('2d')!.fillRect(0, 0, 1600, 1009);
    const { screen } = await mountEditor(
      project([
        field('Full name', 100, 100),
        field('ID card', 100, 200, {
          elName: 'image',
          value: photo.toDataURL('image/jpeg'),
          config: { imageType: 'idCardLandscape' },
          commonStyle: { left: 100, top: 200, width: 199, height: 126.15 },
        }),
      ]),
      { mode: 'fill', party: 'B', style: { width: 390, height: 480 } },
    );
    const sheet = screen.getByRole('region', { name: 'Fill in' });
    await sheet.getByRole('button', { name: 'Start' }).click();
    await sheet.getByRole('button', { name: 'Next' }).click();
    const image = sheet.getByRole('img', { name: 'Photo for ID card' });
    await expect.element(image).toBeVisible();
    await expect.poll(() => (image.element() as HTMLImageElement).complete).toBe(true);
    await nextFrame();
    // The sheet scrolls its controls; Previous and Finish stay whole inside it.
    const box = sheet.element().getBoundingClientRect();
    for (const name of ['Previous', 'Finish']) {
      const button = sheet.getByRole('button', { name }).element().getBoundingClientRect();
      expect(button.top, name).toBeGreaterThanOrEqual(box.top);
      expect(button.bottom, name).toBeLessThanOrEqual(box.bottom);
    }
    expect(sheet.element().scrollHeight).toBeGreaterThan(sheet.element().clientHeight);
  });

  it('moves no field in fill mode, whatever the pointer does', async () => {
    const { root, element } = await mountEditor(contract(), { mode: 'fill', party: 'B' });
    await drag(pagePoint(root, 1, 180, 112), pagePoint(root, 1, 400, 400));
    expect(element('id-number').commonStyle).toMatchObject({ left: 100, top: 102 });
  });
});

describe('touch on the pages in fill mode', () => {
  const phone = { mode: 'fill' as const, party: 'B' as const, style: { width: 390, height: 844 } };
  const scaleOf = (root: HTMLElement) => {
    const page = root.querySelector<HTMLElement>('.esign-te__page')!;
    return page.getBoundingClientRect().width / Number(page.dataset.width);
  };

  it('pinches to zoom around the fingers, double-taps to zoom in, and moves no field', async () => {
    const { root, element } = await mountEditor(contract(), phone);
    const before = scaleOf(root);
    // Two fingers around page point (150, 200), spreading from 80 to 160 px apart.
    const centre = pagePoint(root, 1, 150, 200);
    const fingers = (gap: number) => [
      { x: centre.x - gap / 2, y: centre.y },
      { x: centre.x + gap / 2, y: centre.y },
    ];
    await commands.touch([
      { type: 'start', points: fingers(80) },
      ...[100, 120, 140, 160].map((gap) => ({ type: 'move' as const, points: fingers(gap) })),
      { type: 'end', points: [] },
    ]);
    await nextFrame();
    await nextFrame();
    const pinched = scaleOf(root);
    expect(pinched / before).toBeCloseTo(2, 1);
    // The page point between the fingers is still between them.
    const after = pagePoint(root, 1, 150, 200);
    expect(Math.abs(after.x - centre.x)).toBeLessThan(3);
    expect(Math.abs(after.y - centre.y)).toBeLessThan(3);

    // A double tap zooms in to 200 % around the tap; another, back to where the editor opened.
    const tap = { x: centre.x, y: centre.y };
    const doubleTap = async () => {
      for (let i = 0; i < 2; i++) {
        await commands.touch([
          { type: 'start', points: [tap] },
          { type: 'end', points: [] },
        ]);
      }
      await nextFrame();
      await nextFrame();
      const still = pagePoint(root, 1, 150, 200);
      expect(Math.abs(still.x - centre.x)).toBeLessThan(3);
      expect(Math.abs(still.y - centre.y)).toBeLessThan(3);
    };
    await doubleTap();
    expect(scaleOf(root)).toBeCloseTo(2, 2);
    await doubleTap();
    expect(scaleOf(root)).toBeCloseTo(before, 2);

    // A finger dragged across a field moves nothing.
    const on = pagePoint(root, 1, 180, 112);
    await commands.touch([
      { type: 'start', points: [on] },
      { type: 'move', points: [{ x: on.x + 40, y: on.y + 60 }] },
      { type: 'move', points: [{ x: on.x + 80, y: on.y + 120 }] },
      { type: 'end', points: [] },
    ]);
    expect(element('id-number').commonStyle).toMatchObject({ left: 100, top: 102 });
  });

  it('a tap on one of the party’s fields takes the sheet to it', async () => {
    const { screen, root } = await mountEditor(contract(), phone);
    const sheet = screen.getByRole('region', { name: 'Fill in' });
    const at = pagePoint(root, 1, 120, 312);
    await commands.touch([
      { type: 'start', points: [at] },
      { type: 'end', points: [] },
    ]);
    await expect.element(sheet.getByRole('combobox', { name: 'Year' })).toBeVisible();
    expect(positionText(root)).toBe('Field 3 of 4');
  });
});

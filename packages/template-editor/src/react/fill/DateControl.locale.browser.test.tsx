/**
 * Run twice: in the editor-browser project (an en-US browser) and in editor-browser-zh (a zh-CN
 * browser). A date field shows and stores its own format whatever the browser's language.
 */
import { describe, expect, it } from 'vitest';
import { createEditorStore, DATE_FORMATS } from '../../core';
import { mountEditor } from '../../test-support/mountEditor';

const cases = DATE_FORMATS.flatMap((format) =>
  (['en', 'zh'] as const).map((locale) => [format, locale] as const),
);

describe(`date fields in a ${navigator.language} browser`, () => {
  it.each(cases)(
    'are picked, shown and stored as %s in an editor in %s',
    async (format, locale) => {
      const project = createEditorStore({
        pages: [
          {
            elements: [
              {
                uuid: 'start',
                elName: 'date',
                title: 'Start',
                config: { party: 'B', dateFormat: format, required: true },
              },
            ],
          },
        ],
      }).getState().project;
      const { screen, element, root } = await mountEditor(project, {
        mode: 'fill',
        party: 'B',
        locale,
      });
      const zh = locale === 'zh';
      const guide = screen.getByRole('region', { name: zh ? '填写' : 'Fill in' });
      // Each select is as wide as its longest choice or label at least: "Month", never "Mon".
      for (const select of guide.getByRole('combobox').elements() as HTMLSelectElement[]) {
        const shown = select.offsetWidth;
        select.style.width = 'max-content';
        const whole = select.offsetWidth;
        select.style.width = '';
        expect(shown, select.getAttribute('aria-label') ?? '').toBeGreaterThanOrEqual(whole - 1);
      }
      const pick = (name: string, value: string) =>
        guide.getByRole('combobox', { name }).selectOptions(value);
      await pick(zh ? '年' : 'Year', zh ? '2027年' : '2027');
      await pick(zh ? '月' : 'Month', zh ? '2月' : 'Feb');
      await pick(zh ? '日' : 'Day', zh ? '28日' : '28');
      const stored = format.replace('yyyy', '2027').replace('MM', '02').replace('dd', '28');
      expect(element('start').value).toBe(stored);
      await expect.element(guide.getByText(stored, { exact: false })).toBeVisible();
      // February 2027 has 28 days: the day list says so (and its empty choice).
      const days = guide.getByRole('combobox', { name: zh ? '日' : 'Day' }).element();
      expect((days as HTMLSelectElement).options.length).toBe(29);
      // The page's canvas is drawn from the same value: no browser date input over it.
      expect(root.querySelector('input[type="date"]')).toBeNull();
    },
  );
});

import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { Locale } from '../../core';
import { leaseTemplate } from '../../stories/fixtures';
import { nextFrame } from '../../test-support/browser';
import { TemplateEditor, type TemplateEditorHandle } from '../TemplateEditor';

// Design mode on a phone (390 × 844, as the DesignPhone stories show it): the pages, then the panels
// at the phone's full width, nothing cut at the edge; a long party name in the field's party
// select is read whole. Each case leaves a screenshot (test-results/editor-phone/) to look at.
afterEach(() => page.viewport(1280, 900));

/** The lease with party names long enough to be cut in a narrow select. */
function namedLease() {
  const project = leaseTemplate();
  return {
    ...project,
    participants: project.participants.map((participant) => ({
      ...participant,
      name: participant.party === 'A' ? 'Landlord' : 'Customer (private individual)',
    })),
  };
}

const TEXTS: Record<Locale, { pages: string; party: string; selected: string }> = {
  en: {
    pages: 'Template pages',
    party: 'Party',
    selected: 'Party B · Customer (private individual)',
  },
  zh: { pages: '模板页面', party: '参与方', selected: 'B 方 · Customer (private individual)' },
};

for (const locale of ['en', 'zh'] as const) {
  describe(`the design panels on a phone (${locale})`, () => {
    it('stand below the pages at full width, nothing cut, the party read whole', async () => {
      await page.viewport(390, 844);
      const handle = createRef<TemplateEditorHandle>();
      const screen = await render(
        <div style={{ width: 390, height: 844 }}>
          <TemplateEditor ref={handle} defaultValue={namedLease()} locale={locale} />
        </div>,
      );
      const texts = TEXTS[locale];
      await expect.element(screen.getByRole('region', { name: texts.pages })).toBeVisible();
      const store = handle.current!.store;
      const lessee = store
        .getState()
        .project.pages[0]!.elements.find((element) => element.title === 'Lessee name')!;
      store.getState().select([lessee.uuid]);
      const party = screen.getByRole('combobox', { name: texts.party });
      await expect.element(party).toBeVisible();
      await nextFrame();

      const root = screen.container.querySelector<HTMLElement>('.esign-te')!;
      const edge = root.getBoundingClientRect();
      // The pages keep a good part of the screen; the panels take the phone's width below them.
      const pages = root.querySelector<HTMLElement>('.esign-te__main')!.getBoundingClientRect();
      expect(pages.width).toBeGreaterThan(edge.width - 4);
      expect(pages.height).toBeGreaterThanOrEqual(260);
      for (const side of root.querySelectorAll<HTMLElement>('.esign-te__side')) {
        expect(side.getBoundingClientRect().width).toBeGreaterThan(edge.width - 4);
      }
      // No control of a panel reaches past the editor's edge.
      const beyond = [
        ...root.querySelectorAll<HTMLElement>(
          '.esign-te__side button, .esign-te__side input, .esign-te__side select, .esign-te__side label',
        ),
      ]
        .filter((control) => {
          const box = control.getBoundingClientRect();
          return box.width > 0 && (box.right > edge.right + 0.5 || box.left < edge.left - 0.5);
        })
        .map((control) => control.outerHTML.slice(0, 80));
      expect(beyond).toEqual([]);

      // The chosen party is shown whole, wrapping if it must, inside the select's box.
      const select = party.element() as HTMLSelectElement;
      const shown = select.parentElement!.querySelector<HTMLElement>('.esign-te__select-value')!;
      expect(shown.textContent).toBe(texts.selected);
      expect(shown.scrollWidth).toBeLessThanOrEqual(shown.clientWidth);
      const label = shown.getBoundingClientRect();
      const box = select.getBoundingClientRect();
      expect(label.bottom).toBeLessThanOrEqual(box.bottom + 0.5);
      expect(label.right).toBeLessThanOrEqual(box.right + 0.5);

      root.querySelector<HTMLElement>('.esign-te__body')!.scrollTop = pages.height - 40;
      await page.screenshot({
        path: `../../../../../test-results/editor-phone/design-${locale}.png`,
      });
    });
  });
}

describe('the party select in the desktop panel (280 px)', () => {
  it('wraps a long party name instead of cutting it', async () => {
    await page.viewport(1366, 900);
    const handle = createRef<TemplateEditorHandle>();
    const screen = await render(
      <div style={{ width: 1366, height: 800 }}>
        <TemplateEditor ref={handle} defaultValue={namedLease()} />
      </div>,
    );
    await expect.element(screen.getByRole('region', { name: 'Template pages' })).toBeVisible();
    const store = handle.current!.store;
    const lessee = store
      .getState()
      .project.pages[0]!.elements.find((element) => element.title === 'Lessee name')!;
    store.getState().select([lessee.uuid]);
    const party = screen.getByRole('combobox', { name: 'Party' });
    await expect.element(party).toBeVisible();
    const select = party.element() as HTMLSelectElement;
    const shown = select.parentElement!.querySelector<HTMLElement>('.esign-te__select-value')!;
    expect(shown.textContent).toBe(TEXTS.en.selected);
    expect(shown.scrollWidth).toBeLessThanOrEqual(shown.clientWidth);
    expect(shown.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      select.getBoundingClientRect().bottom + 0.5,
    );
    await page.screenshot({ path: '../../../../../test-results/editor-phone/desktop-en.png' });
  });
});

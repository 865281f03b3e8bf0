import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import axe from 'axe-core';
import type { ComponentType } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { AXE_OPTIONS, describeViolations, violationsOf } from '../../../../.storybook/a11y';
import * as preview from '../../../../.storybook/preview';

// Every story of the library, run as a test in Chromium: it renders without an error, an editor
// story shows its canvas (or, for a bad template, its error panel) and a panel story its panel,
// and axe-core finds no WCAG 2 A or AA violation in it.
const modules = import.meta.glob<Record<string, unknown>>('../**/*.stories.tsx', { eager: true });
const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);

for (const [file, module] of Object.entries(modules)) {
  const stories = composeStories(module as Parameters<typeof composeStories>[0]);
  describe(file.replace('../', ''), () => {
    for (const [name, composed] of Object.entries(stories)) {
      const Story = composed as ComponentType;
      it(`${name} renders`, async () => {
        const errors = vi.spyOn(console, 'error');
        // Loaders first (a story's generated PDF), as Storybook runs them.
        await (composed as { load(): Promise<void> }).load();
        const screen = await render(<Story />);
        const root = screen.container.querySelector('.esign-te, section');
        expect(root, 'the story rendered nothing').not.toBeNull();
        if (screen.container.querySelector('.esign-te__error-panel')) {
          await expect.element(screen.getByRole('alert')).toBeVisible();
        } else if (screen.container.querySelector('.esign-te__main')) {
          // A story opening a PDF shows its pages once pdf.js has read it (slower the first time).
          await expect
            .poll(() => screen.container.querySelector('.esign-te__page canvas'), {
              timeout: 10_000,
            })
            .not.toBeNull();
        } else {
          // A panel on its own.
          expect(screen.container.querySelector('.esign-te__panel, section')).not.toBeNull();
        }
        expect(errors).not.toHaveBeenCalled();
        errors.mockRestore();
        const results = await axe.run(document.body, AXE_OPTIONS);
        expect(describeViolations(violationsOf(results)), 'WCAG 2 A and AA (axe-core)').toEqual([]);
      });
    }
  });
}

import {
  composeStories,
  setProjectAnnotations,
  type Meta,
  type StoryObj,
} from '@storybook/react-vite';
import axe from 'axe-core';
import { configure } from 'storybook/test';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AXE_OPTIONS, describeViolations, violationsOf } from '../../../../.storybook/a11y';
import * as preview from '../../../../.storybook/preview';
import type { WebStoryArgs } from './webStory';

// Every story of the web app, run as a test in Chromium: it renders without an error, its play
// function finds what the story is about (a heading, a count, a field) in the story's language,
// nothing went to a server, and axe-core finds no WCAG 2 A or AA violation in what it shows
// (dialogs and menus rendered outside the story's container included).
const modules = import.meta.glob<
  { default: Meta<WebStoryArgs> } & Record<string, StoryObj<WebStoryArgs>>
>('./*.stories.tsx', { eager: true });
const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
// A play function's waits (findBy…, waitFor) allow 5 s rather than 1 s: on a loaded machine a
// dialog's opening animation alone can take longer than a second.
configure({ asyncUtilTimeout: 5_000 });

const DESKTOP = { width: 1280, height: 900 };
afterEach(() => page.viewport(DESKTOP.width, DESKTOP.height));

/** The size of a story's viewport global (Storybook's phone and tablet sizes), or the desktop's. */
function viewportOf(globals: Record<string, unknown>) {
  const name = (globals.viewport as { value?: string } | undefined)?.value;
  const styles = MINIMAL_VIEWPORTS[name as keyof typeof MINIMAL_VIEWPORTS]?.styles;
  return styles ? { width: parseInt(styles.width), height: parseInt(styles.height) } : DESKTOP;
}

/**
 * Waits for the animations that end (a dialog fading in, an error sliding down): axe-core reads
 * the colours on the screen, and half-way through a fade they are paler than what a person reads.
 * Endless ones (a spinner) are not waited for.
 */
async function animationsEnded(): Promise<void> {
  const ending = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  // antd's motion takes its classes away on the animation's end event, in the next frame.
  await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
}

/**
 * What axe-core finds on the page once its animations have ended; when it finds something, it
 * looks again half a second later, so that a screen caught changing (a button being enabled as a
 * conversion ends) is judged as it settles, while a real violation is found twice.
 */
async function axeViolations(): Promise<string[]> {
  await animationsEnded();
  const first = violationsOf(await axe.run(document.body, AXE_OPTIONS));
  if (first.length === 0) return [];
  await new Promise((settled) => setTimeout(settled, 500));
  await animationsEnded();
  return describeViolations(violationsOf(await axe.run(document.body, AXE_OPTIONS)));
}

for (const [file, module] of Object.entries(modules)) {
  const stories = composeStories(module);
  describe(file.replace('./', ''), () => {
    for (const [name, Story] of Object.entries(stories)) {
      it(`${name} shows what it is about`, async () => {
        expect(Story.play, 'a web story checks what it shows').toBeDefined();
        const errors = vi.spyOn(console, 'error');
        // Restored whatever happens: a story that fails must not fail the ones after it.
        try {
          performance.clearResourceTimings();
          const { width, height } = viewportOf(Story.globals);
          await page.viewport(width, height);
          await Story.load();
          const screen = await render(<Story />);
          await Story.play!({ canvasElement: screen.container });
          expect(errors).not.toHaveBeenCalled();
          const toServer = performance
            .getEntriesByType('resource')
            .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'));
          expect(toServer, 'the demo API answers, not a server').toEqual([]);
          expect(await axeViolations(), 'WCAG 2 A and AA (axe-core)').toEqual([]);
        } finally {
          errors.mockRestore();
        }
      });
    }
  });
}

import {
  composeStories,
  setProjectAnnotations,
  type Meta,
  type StoryObj,
} from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import * as preview from '../../../../.storybook/preview';
import * as sealStories from './Seals.stories';
import type { WebStoryArgs } from './webStory';

// The personal seal stories in Chromium (the shared stories test runs them too; this file runs
// them alone, and checks the phone page at a phone's width): drawing on the pad with pointer
// events and saving, renaming with Enter, a 3 MB upload refused with the server's message, the
// expired QR code, and the phone page's submission.
const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
configure({ asyncUtilTimeout: 5_000 });

const DESKTOP = { width: 1280, height: 900 };
afterEach(() => page.viewport(DESKTOP.width, DESKTOP.height));

const stories = composeStories(
  sealStories as unknown as { default: Meta<WebStoryArgs> } & Record<
    string,
    StoryObj<WebStoryArgs>
  >,
);
type ComposedStory = (typeof stories)[string];

/** Renders a story at a size and runs its play function; no console error may have been logged. */
async function play(Story: ComposedStory, width: number, height: number) {
  const errors = vi.spyOn(console, 'error');
  await page.viewport(width, height);
  await Story.load();
  const screen = await render(<Story />);
  await Story.play!({ canvasElement: screen.container });
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  return screen;
}

describe('Seals stories', () => {
  for (const [name, Story] of Object.entries(stories)) {
    it(`${name} shows what it is about`, async () => {
      await play(Story, DESKTOP.width, DESKTOP.height);
    });
  }
});

describe('the phone handwriting page', () => {
  for (const Story of [stories.PhoneWaiting!, stories.PhoneWaitingZh!, stories.PhoneExpired!]) {
    it(`${Story.storyName} fits 390 px without scrolling sideways`, async () => {
      await play(Story, 390, 844);
      const root = document.documentElement;
      expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
    });
  }

  it('sizes the pad to the phone and suggests turning an upright phone sideways', async () => {
    await page.viewport(390, 844);
    const Story = stories.PhoneWaiting!;
    await Story.load();
    const screen = await render(<Story />);
    const locator = screen.getByRole('img', { name: 'Signature drawing area' });
    await expect.element(locator).toBeVisible();
    const pad = locator.element();
    const box = pad.getBoundingClientRect();
    expect(box.width).toBeGreaterThan(300);
    expect(box.right).toBeLessThanOrEqual(390);
    await expect
      .element(screen.getByText('Turn your phone sideways for more room to sign.'))
      .toBeVisible();
  });
});

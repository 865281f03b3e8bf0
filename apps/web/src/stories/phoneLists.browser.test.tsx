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
import * as companySealStories from './CompanySeals.stories';
import * as detailStories from './ContractDetail.stories';
import * as evidenceStories from './ContractEvidence.stories';
import * as launchStories from './ContractLaunch.stories';
import * as fillStories from './ContractFillOnPhone.stories';
import * as contractListStories from './ContractList.stories';
import * as messageStories from './MessageCenter.stories';
import * as realNameStories from './RealName.stories';
import * as sealStories from './Seals.stories';
import * as staffStories from './StaffList.stories';
import * as templateStories from './TemplateList.stories';
import * as userCenterStories from './UserCenter.stories';
import type { WebStoryArgs } from './webStory';

// The lists a person meets on a phone, at a phone's size (390 × 844): each record a card with its
// move one tap away, nothing wider than the screen; and the same lists at 1,366 px as tables.
// Each story leaves a screenshot (test-results/phone-lists/) to look at.
const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
configure({ asyncUtilTimeout: 5_000 });

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
afterEach(() => page.viewport(1280, 900));

type Stories = { default: Meta<WebStoryArgs> } & Record<string, StoryObj<WebStoryArgs>>;
const compose = (module: unknown) => composeStories(module as Stories);
type ComposedStory = ReturnType<typeof compose>[string];

/** Renders a story at a size, runs its play function and keeps a screenshot of what it shows. */
async function play(Story: ComposedStory, size: { width: number; height: number }, shot: string) {
  const errors = vi.spyOn(console, 'error');
  try {
    await page.viewport(size.width, size.height);
    await Story.load();
    const screen = await render(<Story />);
    await Story.play!({ canvasElement: screen.container });
    expect(errors).not.toHaveBeenCalled();
    await page.screenshot({ path: `../../test-results/phone-lists/${shot}.png` });
    return screen;
  } finally {
    errors.mockRestore();
  }
}

/** What reaches past the screen's edge now: the page's overflow and the elements that cause it. */
function overflowNow() {
  const root = document.documentElement;
  const beyond = [...root.querySelectorAll<HTMLElement>('*')]
    .filter(
      (element) => element.getBoundingClientRect().right + window.scrollX > root.clientWidth + 0.5,
    )
    .slice(0, 5)
    .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`);
  // A closing dropdown or dialog (antd's "-leave" motion) is on its way out, not part of the page.
  const leaving = root.querySelector('[class*="-leave-active"]') !== null;
  return { overflow: root.scrollWidth - root.clientWidth, beyond: beyond.join(', '), leaving };
}

/**
 * No sideways scrolling: the page is no wider than the screen, once what is closing has closed
 * (asked again for up to five seconds while a motion runs or the layout follows the width).
 */
async function fitsTheScreen() {
  const settled = Date.now() + 5_000;
  let seen = overflowNow();
  while ((seen.leaving || seen.overflow > 0) && Date.now() < settled) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = overflowNow();
  }
  expect(seen.overflow, seen.beyond).toBeLessThanOrEqual(0);
}

const contracts = compose(contractListStories);

describe('the contract list on a phone (390 × 844)', () => {
  for (const name of ['OnPhone', 'OnPhoneZh', 'FiltersOnPhone', 'FiltersOnPhoneZh'] as const) {
    it(`${name}: cards, one search box and Filters, nothing wider than the phone`, async () => {
      await play(contracts[name]!, PHONE, `contracts-${name}`);
      await fitsTheScreen();
      expect(document.querySelector('table')).toBeNull();
    });
  }
});

describe('the contract list at 1,366 px', () => {
  for (const name of ['DownloadOne', 'DownloadOneZh', 'HandledByMe', 'HandledByMeZh'] as const) {
    it(`${name}: a table whose rows download one contract each`, async () => {
      await play(contracts[name]!, LAPTOP, `contracts-${name}`);
      expect(document.querySelector('table')).not.toBeNull();
      await fitsTheScreen();
    });
  }
});

describe('the other lists on a phone (390 × 844)', () => {
  const phoneStories = {
    templates: compose(templateStories),
    staff: compose(staffStories),
    companySeals: compose(companySealStories),
  };
  for (const [list, stories] of Object.entries(phoneStories)) {
    for (const [name, Story] of Object.entries(stories).filter(([name]) => /OnPhone/.test(name))) {
      it(`${list} ${name}: cards, no table, nothing wider than the phone`, async () => {
        await play(Story, PHONE, `${list}-${name}`);
        await fitsTheScreen();
        expect(document.querySelector('table')).toBeNull();
        expect(document.querySelectorAll('.record-card').length).toBeGreaterThan(0);
      });
    }
  }
  const seals = compose(sealStories);
  const messages = compose(messageStories);
  for (const [name, Story] of [
    ['seals-MySealsOnPhone', seals.MySealsOnPhone!],
    ['seals-MySealsOnPhoneZh', seals.MySealsOnPhoneZh!],
    ['messages-OnPhone', messages.OnPhone!],
  ] as const) {
    it(`${name}: one card under another, nothing wider than the phone`, async () => {
      await play(Story, PHONE, name);
      await fitsTheScreen();
    });
  }
});

describe('the other lists at 1,366 px', () => {
  for (const [name, Story] of [
    ['templates-List', compose(templateStories).List!],
    ['staff-ListZh', compose(staffStories).ListZh!],
    ['companySeals-List', compose(companySealStories).List!],
  ] as const) {
    it(`${name} is a table`, async () => {
      await play(Story, LAPTOP, name);
      expect(document.querySelector('table')).not.toBeNull();
    });
  }
});

describe('the fill page on a phone (390 × 844)', () => {
  const fill = compose(fillStories);
  for (const name of ['StartInFirstScreen', 'StartInFirstScreenZh'] as const) {
    it(`${name}: Start is in the first screen, nothing wider than the phone`, async () => {
      await play(fill[name]!, PHONE, `fill-${name}`);
      await fitsTheScreen();
    });
  }
});

describe('the real-name methods on a phone (390 × 844)', () => {
  const realName = compose(realNameStories);
  for (const name of ['PhoneThreeElement', 'PhoneThreeElementZh'] as const) {
    it(`${name}: each method's name is whole, wrapped rather than cut`, async () => {
      const Story = realName[name]!;
      await page.viewport(PHONE.width, PHONE.height);
      await Story.load();
      await render(<Story />);
      // The methods as the page first shows them, before the story's play goes on to verify.
      await expect
        .poll(() => document.querySelectorAll('.ant-segmented-item-label').length)
        .toBeGreaterThan(1);
      await page.screenshot({ path: `../../test-results/phone-lists/realName-${name}.png` });
      const labels = [...document.querySelectorAll<HTMLElement>('.ant-segmented-item-label')];
      for (const label of labels) {
        expect(label.scrollWidth, label.textContent ?? '').toBeLessThanOrEqual(label.clientWidth);
        expect(getComputedStyle(label).textOverflow).not.toBe('ellipsis');
      }
      await fitsTheScreen();
    });
  }
});

describe("a contract's signatures", () => {
  const evidence = compose(evidenceStories);
  for (const name of ['SignaturesOnPhone', 'SignaturesOnPhoneZh'] as const) {
    it(`${name}: each signature a card at 390 × 844, nothing wider than the phone`, async () => {
      await play(evidence[name]!, PHONE, `signatures-${name}`);
      await fitsTheScreen();
      expect(document.querySelector('table')).toBeNull();
      expect(document.querySelectorAll('.record-card')).toHaveLength(2);
    });
  }
  for (const name of ['SignaturesValid', 'SignaturesValidZh'] as const) {
    it(`${name}: a table at 1,366 px`, async () => {
      await play(evidence[name]!, LAPTOP, `signatures-${name}`);
      expect(document.querySelector('table')).not.toBeNull();
      await fitsTheScreen();
    });
  }
});

describe('refusals that stay, and a document waited for, at a phone’s and a laptop’s width', () => {
  // Each story's moment to look at: the refusal kept on screen, the line saying the form goes on.
  const cases = [
    ['urge', compose(detailStories), ['UrgedTooSoon', 'UrgedTooSoonZh'], '.form-refusal'],
    ['move', compose(templateStories), ['MoveRefused', 'MoveRefusedZh'], '.form-refusal'],
    ['avatar', compose(userCenterStories), ['AvatarRefused', 'AvatarRefusedZh'], '.form-refusal'],
    [
      'launch',
      compose(launchStories),
      ['NextWhileConverting', 'NextWhileConvertingZh'],
      '.launch-waiting',
    ],
  ] as const;
  for (const [what, stories, names, moment] of cases) {
    for (const name of names) {
      for (const [width, size] of [
        ['390', PHONE],
        ['1366', LAPTOP],
      ] as const) {
        it(`${what} ${name} at ${width} px`, async () => {
          // Taken while the story goes on, once the moment shows.
          const shot = (async () => {
            await expect
              .poll(() => document.querySelector(moment), { timeout: 20_000 })
              .not.toBeNull();
            await fitsTheScreen();
            await page.screenshot({
              path: `../../test-results/phone-lists/${what}-${name}-${width}-shown.png`,
            });
          })();
          // Its failure is reported by `await shot` below, not as an unhandled rejection meanwhile.
          shot.catch(() => undefined);
          await play(stories[name]!, size, `${what}-${name}-${width}`);
          await shot;
          await fitsTheScreen();
        });
      }
    }
  }
});

import { message } from '@esign/platform';
import {
  composeStories,
  setProjectAnnotations,
  type Meta,
  type StoryObj,
} from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page, userEvent, type Locator } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import * as preview from '../../../../.storybook/preview';
import * as stories from './CompanySeals.stories';
import type { WebStoryArgs } from './webStory';

// The enterprise console's seal screens driven as the administrator would, with Chromium's own
// mouse and keyboard, over the demo API (its rules are the server's, its day fixed at 2025-03-14).
const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
const { List, Add, View } = composeStories(
  stories as unknown as { default: Meta<WebStoryArgs> } & Record<
    'List' | 'Add' | 'View',
    StoryObj<WebStoryArgs>
  >,
);

type Composed = typeof List;

/** Renders a story (in English) without its play function. */
async function show(Story: Composed) {
  await Story.load();
  return render(<Story />);
}

/** The table row that holds a text. */
function row(text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** The dialog that says a text (antd renders dialogs outside the story). */
function dialog(text: string): Locator {
  return page.getByRole('dialog').filter({ hasText: text });
}

// Each test walks a dialog or two of antd with their animations: a few seconds alone, and up to
// about 15 s on a loaded CI machine (seen once), so each gets 30 s rather than the default 15 s.
describe('company seals', { timeout: 30_000 }, () => {
  afterEach(() => page.viewport(1280, 900));

  it('fits a 390 px phone: the list, the form with its preview and the seal’s page', async () => {
    await page.viewport(390, 844);
    for (const [Story, name] of [
      [List, 'Seals'],
      [Add, 'New seal'],
      [View, 'Sales contract seal'],
    ] as const) {
      const screen = await show(Story);
      await expect.element(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect.element(page.getByRole('img').first()).toBeVisible();
      // Wide tables scroll inside themselves; the page itself never scrolls sideways.
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
      await screen.unmount();
    }
  });

  it('refuses a seal without a name, in the server’s words', async () => {
    await show(Add);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.element(page.getByText(message('sealNameRequired', 'en'))).toBeVisible();
    await expect.element(page.getByRole('heading', { name: 'New seal' })).toBeVisible();
  });

  it('creates a contract seal from the template, its preview drawn beside the form', async () => {
    await show(List);
    await page.getByRole('button', { name: 'New seal' }).click();
    await expect.element(page.getByRole('heading', { level: 1, name: 'New seal' })).toBeVisible();
    await page.getByLabelText('Seal name').fill('Purchase seal');
    await page.getByText('Contract seal', { exact: true }).click();
    await page.getByLabelText('Below text').fill('91310000MA1K000001');
    const drawn = page.getByRole('img', { name: 'Preview' });
    await expect.element(drawn).toBeVisible();
    await expect.element(drawn).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.element(page.getByText('Seal created')).toBeVisible();
    // The administrator's seal is in use at once: its page opens, normal.
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Purchase seal' }))
      .toBeVisible();
    await expect.element(page.getByText('Contract seal').first()).toBeVisible();
    await expect.element(page.getByText('91310000MA1K000001')).toBeVisible();
  });

  it('authorizes a member for one template’s contracts from a start to an end date', async () => {
    await show(View);
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    const authorize = dialog('Authorize “Sales contract seal”');
    await expect.element(authorize).toBeVisible();
    // The time starts as a month from today; cleared, it is required.
    await authorize.getByPlaceholder('Start date').hover();
    await authorize.getByRole('button', { name: 'Clear' }).click();
    await authorize.getByRole('button', { name: 'OK' }).click();
    await expect.element(authorize.getByText('Authorization time required')).toBeVisible();

    await authorize.getByRole('combobox', { name: 'Staff members' }).click();
    await page.getByTitle('Liu Yang · 13900001025').click();
    // A multiple choice stays open for more: a click elsewhere in the dialog closes it.
    await authorize.getByText('Authorize “Sales contract seal”').click();
    await authorize.getByText('Specified template').click();
    await authorize.getByRole('combobox', { name: 'Template' }).click();
    await page.getByTitle('Purchase agreement').click();
    await authorize.getByPlaceholder('Start date').click();
    await userEvent.keyboard('2025-03-20{Enter}');
    await userEvent.keyboard('2025-09-30{Enter}');
    await authorize.getByRole('button', { name: 'OK' }).click();

    // Exactly: the actions' text "Authorize" + "Disuse" also holds "authorized" ignoring case.
    await expect.element(page.getByText('Authorized', { exact: true })).toBeVisible();
    const granted = row('Liu Yang');
    await expect.element(granted.getByText('Template: Purchase agreement')).toBeVisible();
    await expect.element(granted.getByText('2025-03-20 to 2025-09-30')).toBeVisible();
    await expect.element(granted.getByText('Not yet effective')).toBeVisible();
  });

  it('renews an expired authorization with new dates', async () => {
    await show(View);
    const expired = row('Wang Fang');
    await expect.element(expired.getByText('Expired')).toBeVisible();
    await expired.getByRole('button', { name: 'Re-authorize' }).click();
    const renew = dialog('Re-authorize Wang Fang');
    // Typed over the date in the field (fill: select-all by keys raced the picker's focus on a
    // loaded machine), then Enter.
    const end = renew.getByPlaceholder('End date');
    await end.click();
    await expect.element(end).toHaveFocus();
    await end.fill('2025-12-31');
    await userEvent.keyboard('{Enter}');
    await expect.element(end).toHaveValue('2025-12-31');
    // The calendar stays open over the buttons until the pointer moves on in the dialog.
    await renew.getByText('Re-authorize Wang Fang').click();
    await renew.getByRole('button', { name: 'OK' }).click();
    await expect.element(page.getByText('Authorization renewed')).toBeVisible();
    await expect.element(row('Wang Fang').getByText('2024-01-01 to 2025-12-31')).toBeVisible();
    await expect.element(row('Wang Fang').getByText('Normal')).toBeVisible();
  });

  it('rejects a pending seal with the reason its maker reads', async () => {
    await show(List);
    await row('Treasury seal').getByRole('button', { name: 'Reject' }).click();
    const reject = dialog('Reject “Treasury seal”');
    await expect.element(reject).toBeVisible();
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect.element(reject.getByText(message('sealRejectReasonRequired', 'en'))).toBeVisible();
    await reject.getByLabelText('Reason').fill('The tax number is missing');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect.element(page.getByText('“Treasury seal” rejected')).toBeVisible();
    const rejected = row('Treasury seal');
    await expect.element(rejected.getByText('Rejected', { exact: true })).toBeVisible();
    await expect.element(rejected.getByText('Rejected: The tax number is missing')).toBeVisible();
    await expect.element(rejected.getByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('deletes a seal after confirmation, keeping one that signed contracts as disused', async () => {
    await show(List);
    await row('Official seal').getByRole('button', { name: 'Delete' }).click();
    const used = dialog('Delete “Official seal”?');
    await expect
      .element(used.getByText(/kept for those contracts and marked disused/))
      .toBeVisible();
    await used.getByRole('button', { name: 'Delete' }).click();
    await expect
      .element(page.getByText('“Official seal” has signed contracts: it is kept as disused'))
      .toBeVisible();
    await expect.element(row('Official seal').getByText('Disused')).toBeVisible();

    await row('Project seal').getByRole('button', { name: 'Delete' }).click();
    const unused = dialog('Delete “Project seal”?');
    await unused.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(row('Project seal')).toBeVisible();
    await row('Project seal').getByRole('button', { name: 'Delete' }).click();
    await dialog('Delete “Project seal”?').getByRole('button', { name: 'Delete' }).click();
    await expect.element(page.getByText('“Project seal” deleted')).toBeVisible();
    await expect.element(row('Project seal')).not.toBeInTheDocument();
  });
});

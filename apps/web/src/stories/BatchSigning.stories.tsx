import { BATCH_SIGN_EXAMPLES, PERSONAL_CONSOLE_ID, message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import type { createMemoryRouter } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ContractListPage from '../pages/contract/ContractListPage';
import { forgetBatch, rememberBatch } from '../pages/contract/batch/batchMemory';
import { BATCH_DEMO_LIST, demoBatchSignFrom, type DemoBatchScript } from './demoBatchSign';
import { DEMO_CONTRACT_ACTIONS, DEMO_SIGN_CODE } from './demoContractActions';
import { DEMO_COMPANY } from './demoData';
import {
  ON_A_PHONE,
  dialogSaying,
  buttonName,
  cardOf,
  inChinese,
  rowOf,
  scene,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

const LIST_PATH = '/agency-contract/index';
const BATCH = BATCH_SIGN_EXAMPLES.running.id;
/** The example's contracts, all four waiting for the demo user's signature. */
const [LEASE, CLEANING, PARKING, PRINTER] = BATCH_SIGN_EXAMPLES.running.items.map(
  (item) => item.name,
) as [string, string, string, string];
/** In the list beside them: a contract to fill in, not to sign. */
const TO_FILL = 'Freelance design agreement';

const meta = {
  title: 'Web/Contracts/Batch signing',
  ...webStoryMeta,
  parameters: {
    web: { path: LIST_PATH, routeTitle: 'contractList', demo: { contracts: BATCH_DEMO_LIST } },
  },
  render: () => <ContractListPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = StoryContext<WebStoryArgs>;

/**
 * The demo's batch goes as `script` says, and the console remembers it as its last batch when
 * `remembered` (what starting one leaves in the tab's sessionStorage); forgotten after the story.
 */
const withBatch =
  (script: DemoBatchScript, remembered = false) =>
  () => {
    demoBatchSignFrom(script);
    if (remembered) rememberBatch(window.sessionStorage, PERSONAL_CONSOLE_ID, BATCH);
    return () => forgetBatch(window.sessionStorage, PERSONAL_CONSOLE_ID, BATCH);
  };

/** Where the story's router is now. */
function whereNow(context: Context) {
  const { router } = context.loaded as { router: ReturnType<typeof createMemoryRouter> };
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

const toolbarOf = (context: Context) => {
  const { t, canvas } = scene(context);
  return within(canvas.getByRole('toolbar', { name: t('contractList.bulkActions') }));
};

/** The batch's progress drawer, once it has opened. */
async function progressOf(context: Context) {
  return dialogSaying(context, scene(context).t('batchSigning.progressTitle'));
}

/**
 * Select all takes the contracts waiting for the signer's signature, and only those: the contract
 * to fill in keeps its checkbox, for downloading, and signing leaves it out, saying so. Pressed
 * again, select all takes back its own and keeps the rest.
 */
export const SelectToSign: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await rowOf(context, LEASE);
    await expect(toolbarOf(context).getByText(t('batchSigning.selectHint'))).toBeVisible();
    const selectAll = canvas.getByRole('checkbox', { name: t('batchSigning.selectAllToSign') });
    await userEvent.click(selectAll);
    const toolbar = toolbarOf(context);
    await expect(toolbar.getByText(t('contractList.selected', { count: 4 }))).toBeVisible();
    for (const name of [LEASE, CLEANING, PARKING, PRINTER]) {
      await expect(
        canvas.getByRole('checkbox', { name: t('contractList.select', { name }) }),
      ).toBeChecked();
    }
    const toFill = canvas.getByRole('checkbox', {
      name: t('contractList.select', { name: TO_FILL }),
    });
    await expect(toFill).not.toBeChecked();
    await expect(
      toolbar.getByRole('button', {
        name: buttonName(t('batchSigning.signSelected', { count: 4 })),
      }),
    ).toBeVisible();

    // Ticked for downloading too: signing leaves it out and says so.
    await userEvent.click(toFill);
    await expect(toolbar.getByText(t('contractList.selected', { count: 5 }))).toBeVisible();
    await expect(
      toolbar.getByRole('button', {
        name: buttonName(t('batchSigning.signSelected', { count: 4 })),
      }),
    ).toBeVisible();
    await expect(toolbar.getByText(t('batchSigning.leftOut', { count: 1 }))).toBeVisible();
    await expect(
      toolbar.getByRole('button', { name: buttonName(t('contractList.download')) }),
    ).toBeEnabled();

    await userEvent.click(selectAll);
    await expect(toolbar.getByText(t('contractList.selected', { count: 1 }))).toBeVisible();
    await expect(toFill).toBeChecked();
    await expect(
      toolbar.queryByRole('button', {
        name: buttonName(t('batchSigning.signSelected', { count: 4 })),
      }),
    ).toBeNull();
  },
};

export const SelectToSignZh: Story = inChinese(SelectToSign, 'Select to sign');

/**
 * Signing four contracts at once: one seal (allowed for all of them), one SMS code, then the
 * progress contract by contract without a reload — until it has finished, one contract having
 * been withdrawn meanwhile, with the reason, and each contract a link to it.
 */
export const SignSeveral: Story = {
  beforeEach: withBatch('finishes'),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await rowOf(context, LEASE);
    await userEvent.click(
      canvas.getByRole('checkbox', { name: t('batchSigning.selectAllToSign') }),
    );
    await userEvent.click(
      toolbarOf(context).getByRole('button', {
        name: buttonName(t('batchSigning.signSelected', { count: 4 })),
      }),
    );
    const dialog = await dialogSaying(context, t('batchSigning.contracts'));
    const listed = within(dialog.getByRole('list'));
    for (const name of [LEASE, CLEANING, PARKING, PRINTER]) {
      await expect(listed.getByText(name)).toBeVisible();
    }
    const seals = within(
      await dialog.findByRole('radiogroup', { name: t('contractSign.pickSeal') }),
    );
    await expect(seals.getByRole('radio', { name: /Li Wei/ })).toBeChecked();
    await expect(seals.getByText(t('batchSigning.sealEverywhere'))).toBeVisible();

    const sms = within(dialog.getByRole('form', { name: t('contractSign.smsForm') }));
    await userEvent.click(
      sms.getByRole('button', { name: buttonName(t('contractSign.sendCode')) }),
    );
    await expect(
      await sms.findByText(t('contractSign.codeSentTo', { phone: '138****0001' })),
    ).toBeVisible();
    await userEvent.type(
      sms.getByRole('textbox', { name: t('contractSign.code') }),
      DEMO_SIGN_CODE,
    );
    await userEvent.click(
      sms.getByRole('button', {
        name: buttonName(t('batchSigning.signSelected', { count: 4 })),
      }),
    );

    const progress = await progressOf(context);
    await waitFor(() => expect(whereNow(context)).toBe(`${LIST_PATH}?batch=${BATCH}`));
    await expect(
      await progress.findByText(t('batchSigning.finishedTitle'), {}, { timeout: 8_000 }),
    ).toBeVisible();
    const failed = within(progress.getByText(CLEANING).closest('li')!);
    await expect(failed.getByText(t('batchSigning.state.failed'))).toBeVisible();
    await expect(failed.getByText(message('contractWithdrawn', context.args.locale))).toBeVisible();
    await expect(
      progress.getAllByText(t('batchSigning.state.signed'), { selector: '.batch-item-state' }),
    ).toHaveLength(3);
    await expect(progress.getByRole('link', { name: LEASE })).toHaveAttribute(
      'href',
      '/agency-contract/contractDetails?id=1024',
    );
  },
};

export const SignSeveralZh: Story = inChinese(SignSeveral, 'Sign several');

/**
 * In a company, a seal the template of one contract does not allow: the dialog says how many
 * contracts refuse each seal and, once such a seal is chosen, which contract will not be signed.
 */
export const SealNotAllowedForOne: Story = {
  args: { session: 'company' },
  parameters: {
    web: {
      path: LIST_PATH,
      routeTitle: 'contractList',
      demo: {
        contracts: BATCH_DEMO_LIST,
        contractActions: {
          ...DEMO_CONTRACT_ACTIONS,
          seals: 'company',
          sealsRefused: { [BATCH_SIGN_EXAMPLES.running.items[1]!.contractId]: ['1002'] },
        },
      },
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await rowOf(context, LEASE);
    await userEvent.click(
      canvas.getByRole('checkbox', { name: t('batchSigning.selectAllToSign') }),
    );
    await userEvent.click(
      toolbarOf(context).getByRole('button', {
        name: buttonName(t('batchSigning.signSelected', { count: 4 })),
      }),
    );
    const dialog = await dialogSaying(context, t('batchSigning.contracts'));
    const seals = within(
      await dialog.findByRole('radiogroup', { name: t('contractSign.pickSeal') }),
    );
    await expect(seals.getByRole('radio', { name: /Contract seal/ })).toBeChecked();
    await expect(dialog.queryByRole('status')).toBeNull();
    const company = seals.getByRole('radio', { name: new RegExp(DEMO_COMPANY.companyName) });
    await expect(seals.getByText(t('batchSigning.sealRefusedBy', { count: 1 }))).toBeVisible();
    await userEvent.click(company);
    await expect(
      await dialog.findByText(t('batchSigning.chosenRefused', { count: 1, names: CLEANING })),
    ).toBeVisible();
  },
};

export const SealNotAllowedForOneZh: Story = inChinese(
  SealNotAllowedForOne,
  'Seal not allowed for one',
);

/**
 * A batch under way, opened from the list's address: its bar, what is signed, what failed and why,
 * what is still to go. Closed, the list offers the way back to it.
 */
export const ProgressRunning: Story = {
  beforeEach: withBatch('running', true),
  parameters: {
    web: {
      path: `${LIST_PATH}?batch=${BATCH}`,
      routeTitle: 'contractList',
      demo: { contracts: BATCH_DEMO_LIST },
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const progress = await progressOf(context);
    await expect(
      await progress.findByText(t('batchSigning.runningTitle', { count: 4 })),
    ).toBeVisible();
    await expect(
      progress.getByRole('progressbar', { name: t('batchSigning.progress') }),
    ).toBeVisible();
    await expect(progress.getByText(t('batchSigning.leaveHint'))).toBeVisible();
    const counts = within(progress.getByText(t('batchSigning.remaining')).closest('dl')!);
    await expect(counts.getByText('2')).toBeVisible();
    await expect(
      within(progress.getByText(PARKING).closest('li')!).getByText(t('batchSigning.state.signing')),
    ).toBeVisible();
    await expect(
      within(progress.getByText(PRINTER).closest('li')!).getByText(t('batchSigning.state.waiting')),
    ).toBeVisible();

    await userEvent.click(
      progress.getAllByRole('button', { name: buttonName(t('common.close')) })[0]!,
    );
    await waitFor(() => expect(whereNow(context)).toBe(LIST_PATH));
    await expect(
      await canvas.findByText(t('batchSigning.bannerRunning', { done: 2, total: 4 })),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('batchSigning.showProgress')) }),
    );
    await progressOf(context);
    await waitFor(() => expect(whereNow(context)).toBe(`${LIST_PATH}?batch=${BATCH}`));
  },
};

export const ProgressRunningZh: Story = inChinese(ProgressRunning, 'Progress running');

/**
 * A batch that finished with one failure: the outcome lists each contract with what became of it
 * (the withdrawn one with its reason) and links to it. Seen and closed, the list no longer offers it.
 */
export const FinishedWithOneFailure: Story = {
  beforeEach: withBatch('finished', true),
  parameters: {
    web: {
      path: `${LIST_PATH}?batch=${BATCH}`,
      routeTitle: 'contractList',
      demo: { contracts: BATCH_DEMO_LIST },
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const progress = await progressOf(context);
    await expect(await progress.findByText(t('batchSigning.finishedTitle'))).toBeVisible();
    await expect(progress.queryByText(t('batchSigning.leaveHint'))).toBeNull();
    const counts = within(
      progress.getByText(t('batchSigning.signed'), { selector: 'dt' }).closest('dl')!,
    );
    await expect(counts.getByText('3')).toBeVisible();
    await expect(counts.getByText('1')).toBeVisible();
    for (const item of BATCH_SIGN_EXAMPLES.finished.items) {
      await expect(progress.getByRole('link', { name: item.name })).toHaveAttribute(
        'href',
        `/agency-contract/contractDetails?id=${item.contractId}`,
      );
    }
    await expect(
      progress.getByText(message('contractWithdrawn', context.args.locale)),
    ).toBeVisible();

    await userEvent.click(
      progress.getAllByRole('button', { name: buttonName(t('common.close')) })[0]!,
    );
    await waitFor(() => expect(whereNow(context)).toBe(LIST_PATH));
    await rowOf(context, LEASE);
    await expect(
      canvas.queryByText(t('batchSigning.bannerFinished', { signed: 3, failed: 1 })),
    ).toBeNull();
  },
};

export const FinishedWithOneFailureZh: Story = inChinese(
  FinishedWithOneFailure,
  'Finished with one failure',
);

/**
 * On a phone: the cards take the selection with a tap; "Select all to sign" above them selects the
 * four to sign; a bar at the bottom offers Download and "Sign 4 contracts", whose dialog fits the
 * screen.
 */
export const SelectOnPhone: Story = {
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const lease = await cardOf(context, LEASE);
    await expect(canvas.queryByRole('toolbar', { name: t('contractList.bulkActions') })).toBeNull();
    await userEvent.click(
      lease.getByRole('checkbox', { name: t('contractList.select', { name: LEASE }) }),
    );
    let bar = toolbarOf(context);
    await expect(bar.getByText(t('contractList.selected', { count: 1 }))).toBeVisible();
    await userEvent.click(
      canvas.getByRole('checkbox', { name: t('batchSigning.selectAllToSignShort', { count: 4 }) }),
    );
    bar = toolbarOf(context);
    await expect(bar.getByText(t('contractList.selected', { count: 4 }))).toBeVisible();
    const sign = bar.getByRole('button', {
      name: buttonName(t('batchSigning.signSelected', { count: 4 })),
    });
    await expect(sign.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.click(sign);
    const dialog = await dialogSaying(context, t('batchSigning.contracts'));
    const seals = await dialog.findByRole('radiogroup', { name: t('contractSign.pickSeal') });
    await expect(seals.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const SelectOnPhoneZh: Story = inChinese(SelectOnPhone, 'Select on a phone');

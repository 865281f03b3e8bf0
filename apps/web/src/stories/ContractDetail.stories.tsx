import { PERSONAL_CONSOLE_ID, TOAST_MS, message } from '@esign/platform';
import { EDITOR_RESOURCES } from '@esign/template-editor';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ContractDetailsPage from '../pages/contract/detail/ContractDetailsPage';
import { session } from '../session';
import { DEMO_CONTRACT_ACTIONS, DEMO_SIGN_CODE } from './demoContractActions';
import { DEMO_COMPANY } from './demoData';
import { buttonName, inChinese, scene, webStoryMeta, type WebStoryArgs } from './webStory';

const DETAILS = '/agency-contract/contractDetails';

const meta = {
  title: 'Web/Contracts/Contract details',
  ...webStoryMeta,
  parameters: { layout: 'fullscreen', web: { routeTitle: 'contractDetails' } },
  render: () => <ContractDetailsPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waits for an element to be found, then for it to fade in (dialogs, toasts, form errors). */
async function visible(found: Promise<HTMLElement>) {
  const element = await found;
  await waitFor(() => expect(element).toBeVisible());
}

const at = (path: string) => ({ web: { path, routeTitle: 'contractDetails' as const } });

/**
 * A contract waiting for the demo user's signature: its head, the parties' progress (A signed),
 * the document, and the moves: Sign, Refuse, Download, Evidence.
 */
export const ToSign: Story = {
  parameters: at(`${DETAILS}?id=9001`),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: /Office lease 2025/ }),
    ).toBeVisible();
    await expect(canvas.getByText('HT-20250314-0001')).toBeVisible();
    await expect(canvas.getAllByText(t('dashboard.status.signing'))[0]).toBeVisible();
    const parties = within(canvas.getByRole('region', { name: /^(Parties|签署方)/ }));
    await expect(parties.getByText(t('contractDetail.progress.signed'))).toBeVisible();
    await expect(parties.getByText(t('contractDetail.progress.toSign'))).toBeVisible();
    await expect(parties.getByText(t('contractDetail.you'))).toBeVisible();
    for (const move of ['sign', 'refuse', 'download', 'evidence'] as const) {
      await expect(
        canvas.getByRole('button', { name: buttonName(t(`contractDetail.move.${move}`)) }),
      ).toBeVisible();
    }
    await expect(
      canvas.queryByRole('button', { name: buttonName(t('contractDetail.move.urge')) }),
    ).toBeNull();
    await expect(canvas.getByText(t('contractDetail.noReceivers'))).toBeVisible();
    await expect(canvas.getByRole('application')).toBeVisible();
  },
};

export const ToSignZh: Story = inChinese(ToSign, 'To sign');

/** On a phone: the head, the moves and the parties above the document, nothing cut off. */
export const ToSignOnPhone: Story = {
  parameters: at(`${DETAILS}?id=9001`),
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const sign = await canvas.findByRole('button', {
      name: buttonName(t('contractDetail.move.sign')),
    });
    await expect(sign).toBeVisible();
    const { right } = sign.getBoundingClientRect();
    await expect(right).toBeLessThanOrEqual(window.innerWidth);
    await expect(canvas.getByRole('application')).toBeVisible();
  },
};

/**
 * Refusing: the dialog asks for a reason (required), Enter sends it, and the page says so.
 */
export const Refuse: Story = {
  parameters: at(`${DETAILS}?id=9001`),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('contractDetail.move.refuse')) }),
    );
    const dialog = within(
      await page.findByRole('dialog', { name: t('contractDetail.refuseTitle') }),
    );
    const reason = dialog.getByRole('textbox', { name: t('contractDetail.refuseReason') });
    await userEvent.type(reason, '{Enter}');
    await visible(dialog.findByText(message('refusalReasonRequired', context.args.locale)));
    await userEvent.type(reason, 'The price is not what we agreed{Enter}');
    await visible(page.findByText(t('contractDetail.refused')));
    await waitFor(() =>
      expect(page.queryByRole('dialog', { name: t('contractDetail.refuseTitle') })).toBeNull(),
    );
  },
};

export const RefuseZh: Story = inChinese(Refuse, 'Refuse');

/** Escape closes a dialog without doing anything. */
export const WithdrawCancelled: Story = {
  parameters: at(`${DETAILS}?id=9003`),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('contractDetail.move.withdraw')) }),
    );
    const dialog = await page.findByRole('dialog', { name: t('contractDetail.withdrawTitle') });
    await visible(within(dialog).findByText(/1 party|1 个签署方/));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeVisible());
  },
};

/**
 * A contract the demo user initiated: Urge and Withdraw; once urged, Urge waits for its hour and
 * says when it comes back. The copy recipient is listed.
 */
export const Initiated: Story = {
  parameters: at(`${DETAILS}?id=9003`),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const urge = await canvas.findByRole('button', {
      name: buttonName(t('contractDetail.move.urge')),
    });
    await expect(
      canvas.getByRole('button', { name: buttonName(t('contractDetail.move.withdraw')) }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('contractDetail.move.signatures')) }),
    ).toBeVisible();
    await expect(canvas.getByText(/Sun Yu/)).toBeVisible();
    await userEvent.click(urge);
    await visible(page.findByText(t('contractDetail.urged', { parties: 'B' })));
    await waitFor(() =>
      expect(
        canvas.getByRole('button', { name: buttonName(t('contractDetail.move.urge')) }),
      ).toBeDisabled(),
    );
    await expect(canvas.getAllByText(/urge again after|后可再次催办/)[0]).toBeVisible();
  },
};

export const InitiatedZh: Story = inChinese(Initiated, 'Initiated');

/** Urged within the hour already (by another member): the refusal says when Urge comes back. */
export const UrgedTooSoon: Story = {
  parameters: {
    web: {
      path: `${DETAILS}?id=9003`,
      routeTitle: 'contractDetails',
      demo: { contractActions: { ...DEMO_CONTRACT_ACTIONS, urgedRecently: true } },
    },
  },
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('contractDetail.move.urge')) }),
    );
    // The refusal stays beside the moves, once, past a toast's time, until it is closed.
    const refused = message('urgeTooSoon', context.args.locale);
    const reason = (await canvas.findByText(refused)).closest<HTMLElement>('[role="alert"]')!;
    await expect(reason).toBeVisible();
    await expect(page.getAllByText(refused)).toHaveLength(1);
    await expect(await canvas.findByText(/urge again after|后可再次催办/)).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, TOAST_MS * 2));
    await expect(reason).toBeVisible();
    await userEvent.click(within(reason).getByRole('button', { name: t('common.close') }));
    await waitFor(() => expect(canvas.queryByText(refused)).toBeNull());
  },
};

export const UrgedTooSoonZh: Story = inChinese(UrgedTooSoon, 'Urged too soon');

/**
 * Rescinding a completed contract: the last of the moves and plain, not red, until its dialog;
 * the first party gives a reason and confirms with a code; the contract stays in force until
 * every signing party agreed.
 */
export const Rescind: Story = {
  parameters: at(`${DETAILS}?id=9005`),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const rescind = await canvas.findByRole('button', {
      name: buttonName(t('contractDetail.move.rescind')),
    });
    const moves = rescind.closest('.ant-space')!.querySelectorAll('button');
    await expect(moves[moves.length - 1]).toBe(rescind);
    await expect(rescind).not.toHaveClass('ant-btn-dangerous');
    await expect(rescind).not.toHaveClass('ant-btn-primary');
    await userEvent.click(rescind);
    const dialog = within(
      await page.findByRole('dialog', { name: t('contractDetail.rescindTitle') }),
    );
    const reason = await dialog.findByRole('textbox', { name: t('contractDetail.rescindReason') });
    await userEvent.type(reason, '{Enter}');
    await visible(dialog.findByText(message('rescissionReasonRequired', context.args.locale)));
    await userEvent.type(reason, 'The goods were never delivered');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('contractSign.sendCode')) }),
    );
    await visible(dialog.findByText(t('contractSign.codeSentTo', { phone: '138****0001' })));
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('contractSign.code') }),
      `${DEMO_SIGN_CODE}{Enter}`,
    );
    await visible(page.findByText(t('contractDetail.rescindRecorded')));
  },
};

export const RescindZh: Story = inChinese(Rescind, 'Rescind');

/** A refused contract: the banner says who refused and why. */
export const SigningRefused: Story = {
  parameters: at(`${DETAILS}?id=9006`),
  play: async (context) => {
    const { t, canvas } = scene(context);
    const banner = within(await canvas.findByRole('alert'));
    await expect(banner.getByText(t('contractDetail.refusedBanner'))).toBeVisible();
    await expect(banner.getByText(/The rent is higher than agreed on the phone/)).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: buttonName(t('contractDetail.move.sign')) }),
    ).toBeNull();
  },
};

export const SigningRefusedZh: Story = inChinese(SigningRefused, 'Signing refused');

/** The editor's own words in a story's language (its guided fill's region, for one). */
const editorTexts = (context: Parameters<typeof scene>[0]) => EDITOR_RESOURCES[context.args.locale];

/**
 * Filling in: the editor's guided fill takes the party through its own fields, with each field's
 * rules; submitting with a required field empty names it.
 */
export const Fill: Story = {
  parameters: at(`${DETAILS}?id=9002&action=fill`),
  play: async (context) => {
    const { t, canvas } = scene(context);
    const guide = within(
      await canvas.findByRole('region', { name: editorTexts(context).fill.guide }),
    );
    const name = await guide.findByRole('textbox', { name: 'Full name' });
    await expect(name).toHaveAttribute('placeholder', 'As on your ID card');
    await expect(name).toHaveAttribute('aria-required', 'true');
    await expect(canvas.getByText(t('contractDetail.draft.none'))).toBeVisible();
    const submit = canvas.getByRole('button', { name: buttonName(t('contractDetail.submitFill')) });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await expect(
      await canvas.findByText(t('contractDetail.fixFields', { count: 1 })),
    ).toBeVisible();
  },
};

export const FillZh: Story = inChinese(Fill, 'Fill');

/**
 * Filling in on a phone (414 px): the document first, the guided fill as a bottom sheet that
 * starts on Start, its input large; nothing wider than the screen.
 */
export const FillOnPhone: Story = {
  parameters: at(`${DETAILS}?id=9002&action=fill`),
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async (context) => {
    const { canvas } = scene(context);
    const words = editorTexts(context).fill;
    const sheet = within(await canvas.findByRole('region', { name: words.guide }));
    await userEvent.click(await sheet.findByRole('button', { name: words.start }));
    const name = await sheet.findByRole('textbox', { name: 'Full name' });
    await expect(parseFloat(getComputedStyle(name).fontSize)).toBeGreaterThanOrEqual(16);
    const box = name.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Nothing typed: Back to the details goes there without a question. */
export const BackFromFillUnchanged: Story = {
  parameters: at(`${DETAILS}?id=9002&action=fill`),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await canvas.findByRole('region', { name: editorTexts(context).fill.guide });
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('contractDetail.backToDetails')) }),
    );
    await expect(
      await canvas.findByRole('button', { name: buttonName(t('contractDetail.move.fill')) }),
    ).toBeVisible();
    await expect(page.queryByRole('dialog')).toBeNull();
  },
};

/** Someone else of the party holds the lock: the page says so and Submit waits. */
export const FillLockedByOther: Story = {
  parameters: {
    web: {
      path: `${DETAILS}?id=9002&action=fill`,
      routeTitle: 'contractDetails',
      demo: { contractActions: { ...DEMO_CONTRACT_ACTIONS, lockHolder: 'Zhang Min' } },
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('contractDetail.lockedTitle'))).toBeVisible();
    await expect(canvas.getByText(/Zhang Min/)).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('contractDetail.submitFill')) }),
    ).toBeDisabled();
  },
};

export const FillLockedByOtherZh: Story = inChinese(FillLockedByOther, 'Fill, locked by another');

/**
 * Filling as a member who may not take the party's lock (neither the contract's initiator, nor
 * granted contract:manage, nor the party's signer): the page asks for no lock, and says from the
 * details who holds it.
 */
export const FillWithoutLockRight: Story = {
  parameters: {
    web: {
      path: `${DETAILS}?id=9002&action=fill`,
      routeTitle: 'contractDetails',
      demo: {
        contractActions: { ...DEMO_CONTRACT_ACTIONS, lockHolder: 'Zhang Min', mayLock: false },
      },
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('contractDetail.lockedTitle'))).toBeVisible();
    await expect(canvas.getByText(/Zhang Min/)).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('contractDetail.submitFill')) }),
    ).toBeDisabled();
    // Asking for the lock would have been refused: no notice (the page works on), and a toast.
    await expect(within(document.body).queryByText('No permission for now')).toBeNull();
  },
};

/** The details while another member of the party signs it: the page says who, until when. */
export const HeldByAnother: Story = {
  parameters: {
    web: {
      path: `${DETAILS}?id=9001`,
      routeTitle: 'contractDetails',
      demo: { contractActions: { ...DEMO_CONTRACT_ACTIONS, lockHolder: 'Zhang Min' } },
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('contractDetail.lockedTitle'))).toBeVisible();
    await expect(within(canvas.getByRole('alert')).getByText(/Zhang Min/)).toBeVisible();
  },
};

/** Fill asked of a contract with nothing to fill now: the details, and a line saying so. */
export const NothingToFill: Story = {
  parameters: at(`${DETAILS}?id=9001&action=fill`),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('contractDetail.nothingToFill'))).toBeVisible();
  },
};

/** A contract that is not there for the console: a clear page, never a blank one. */
export const NotFound: Story = {
  parameters: at(`${DETAILS}?id=424242`),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { name: t('contractDetail.problem.notFound.title') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('contractDetail.backToList')) }),
    ).toBeVisible();
  },
};

export const NotFoundZh: Story = inChinese(NotFound, 'Not found');

/** Contract 9001 held by the demo company alone, as the fixture of a contract of one console. */
const heldByCompany = (path: string) => ({
  web: {
    path,
    routeTitle: 'contractDetails' as const,
    demo: {
      contractActions: {
        ...DEMO_CONTRACT_ACTIONS,
        heldBy: {
          '9001': { companyId: DEMO_COMPANY.id, companyName: DEMO_COMPANY.companyName },
        },
      },
    },
  },
});

/**
 * A company's contract opened in the personal console: the page names the company and one tap
 * on the switch shows the contract on this very page, in the company's console.
 */
export const InOtherConsole: Story = {
  parameters: heldByCompany(`${DETAILS}?id=9001`),
  play: async (context) => {
    const { t, canvas } = scene(context);
    const name = DEMO_COMPANY.companyName;
    await expect(
      await canvas.findByRole('heading', { name: t('contractConsole.title', { name }) }),
    ).toBeVisible();
    await expect(
      canvas.getByText(t('contractConsole.hint', { current: t('layout.personalConsole') })),
    ).toBeVisible();
    await expect(
      canvas.queryByRole('heading', { name: t('contractDetail.problem.notFound.title') }),
    ).toBeNull();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('contractConsole.switchTo', { name })) }),
    );
    await expect(
      await canvas.findByRole('heading', { level: 1, name: /Office lease 2025/ }),
    ).toBeVisible();
    await expect(session.getState()).toMatchObject({ companyId: DEMO_COMPANY.id });
  },
};

export const InOtherConsoleZh: Story = inChinese(InOtherConsole, 'In another console');

/** The same on a phone: the name and the switch fit the screen. */
export const InOtherConsoleOnPhone: Story = {
  parameters: heldByCompany(`${DETAILS}?id=9001`),
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const name = DEMO_COMPANY.companyName;
    const button = await canvas.findByRole('button', {
      name: buttonName(t('contractConsole.switchTo', { name })),
    });
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** A contract of the personal console opened in a company's: the switch leads back there. */
export const InPersonalConsole: Story = {
  parameters: {
    web: {
      path: `${DETAILS}?id=9001`,
      routeTitle: 'contractDetails' as const,
      demo: {
        contractActions: {
          ...DEMO_CONTRACT_ACTIONS,
          heldBy: { '9001': { companyId: PERSONAL_CONSOLE_ID, companyName: '' } },
        },
      },
    },
  },
  args: { session: 'company' },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { name: t('contractConsole.titlePersonal') }),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('contractConsole.switchToPersonal')) }),
    );
    await expect(
      await canvas.findByRole('heading', { level: 1, name: /Office lease 2025/ }),
    ).toBeVisible();
  },
};

/** No contract in the address. */
export const NoContract: Story = {
  parameters: at(DETAILS),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { name: t('contractDetail.problem.noId.title') }),
    ).toBeVisible();
  },
};

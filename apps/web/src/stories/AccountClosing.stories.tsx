import { message } from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AccountPage from '../pages/userCenter/AccountPage';
import { session } from '../session';
import { demoAccountClosingFrom } from './demoAccountClosing';
import {
  appeared,
  buttonName,
  dialogSaying,
  inChinese,
  scene,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

/** Closing one's account from the user center's account page (issue 30). */
const meta = {
  title: 'Web/AccountClosing',
  ...webStoryMeta,
  parameters: { web: { path: '/user-center/account', routeTitle: 'personalAccount' } },
  render: () => <AccountPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Nothing blocks: the first dialog states what happens and what stays, the second asks a reason,
 * the code and "I understand"; once closed, the session is gone.
 */
export const CloseAccount: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('accountClosing.open')) }),
    );
    const first = await dialogSaying(context, t('accountClosing.contractsStay'));
    await expect(first.getByText(t('accountClosing.endsSessions'))).toBeVisible();
    await expect(first.getByText(t('accountClosing.phoneFreed'))).toBeVisible();
    const next = first.getByRole('button', { name: buttonName(t('accountClosing.continue')) });
    await waitFor(() => expect(next).toBeEnabled());
    await userEvent.click(next);

    const second = await dialogSaying(context, t('accountClosing.understand'));
    const submit = second.getByRole('button', { name: buttonName(t('accountClosing.submit')) });
    // Nothing typed yet: each field says what it needs.
    await userEvent.click(submit);
    await appeared(second.findByText(message('accountClosingReasonRequired', context.args.locale)));
    await appeared(second.findByText(t('accountClosing.understandRequired')));

    await userEvent.type(
      second.getByRole('textbox', { name: t('accountClosing.reason') }),
      'No longer needed',
    );
    const codeLabel = t('accountClosing.code', { phone: '138****0001' });
    await userEvent.click(
      second.getByRole('button', { name: `${t('userCenterPage.phone.sendCode')}: ${codeLabel}` }),
    );
    await userEvent.type(second.getByRole('textbox', { name: codeLabel }), '123456');
    await userEvent.click(second.getByRole('checkbox', { name: t('accountClosing.understand') }));
    await userEvent.click(submit);
    await appeared(page.findByText(t('accountClosing.closed')));
    await waitFor(() => expect(session.getState().token).toBeNull());
  },
};

export const CloseAccountZh: Story = inChinese(CloseAccount, 'Close account');

/** Unfinished contracts: counted before anything is asked, and Continue stays off. */
export const BlockedByUnfinishedContracts: Story = {
  beforeEach: () => demoAccountClosingFrom({ unfinished: 2 }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('accountClosing.open')) }),
    );
    const first = await dialogSaying(context, t('accountClosing.contractsStay'));
    await expect(
      await first.findByText(t('accountClosing.unfinished', { count: 2 })),
    ).toBeVisible();
    await expect(
      first.getByRole('button', { name: buttonName(t('accountClosing.continue')) }),
    ).toBeDisabled();
  },
};

export const BlockedByUnfinishedContractsZh: Story = inChinese(
  BlockedByUnfinishedContracts,
  'Blocked by unfinished contracts',
);

/** In a company's console: the dialog says so, and the code is refused with the spec's words. */
export const BlockedByCompany: Story = {
  args: { session: 'company' },
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('accountClosing.open')) }),
    );
    const first = await dialogSaying(context, t('accountClosing.contractsStay'));
    await expect(first.getByText(t('accountClosing.inCompany'))).toBeVisible();
    await userEvent.click(
      first.getByRole('button', { name: buttonName(t('accountClosing.continue')) }),
    );
    const second = await dialogSaying(context, t('accountClosing.understand'));
    const codeLabel = t('accountClosing.code', { phone: '138****0001' });
    await userEvent.click(
      second.getByRole('button', { name: `${t('userCenterPage.phone.sendCode')}: ${codeLabel}` }),
    );
    await appeared(
      page.findByText(message('userInEnterprise', context.args.locale), { exact: false }),
    );
    await expect(within(document.body).queryByText(t('accountClosing.closed'))).toBeNull();
  },
};

export const BlockedByCompanyZh: Story = inChinese(BlockedByCompany, 'Blocked by company');

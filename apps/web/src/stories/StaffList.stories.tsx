import { BUILTIN_ROLE_NAMES, PERSONAL_CONSOLE_ID, builtinGrants, message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import StaffListPage from '../pages/enterprise/staff/StaffListPage';
import { DEMO_COMPANY, demoWorld } from './demoData';
import {
  buttonName,
  inChinese,
  rowOf,
  scene,
  webStoryMeta,
  type WebStoryArgs,
  appeared,
  dialogSaying,
  ON_A_PHONE,
  cardOf,
} from './webStory';

/** The demo user as the company's system administrator, who may do everything here. */
const COMPANY_ADMIN = {
  ...demoWorld().get(DEMO_COMPANY.id)!.user,
  roles: ['admin'],
  permissions: builtinGrants('admin'),
};

const PATH = '/enterprise-console/staff_list';

const meta = {
  title: 'Web/Enterprise/StaffList',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: {
    web: { path: PATH, routeTitle: 'staffList', demo: { user: COMPANY_ADMIN } },
  },
  render: () => <StaffListPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const role = (context: StoryContext<WebStoryArgs>, key: keyof typeof BUILTIN_ROLE_NAMES) =>
  BUILTIN_ROLE_NAMES[key][context.args.locale];

/**
 * The company's members with their roles and statuses; the administrator (the demo user) offers no
 * action on themselves, a forbidden member offers un-forbid; the search narrows the list.
 */
export const List: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.staffList') }),
    ).toBeVisible();
    await expect(canvas.getByRole('tab', { name: t('staffPage.tabs.members') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const self = await rowOf(context, 'Li Wei');
    await expect(self.getByText(t('staffPage.you'))).toBeVisible();
    await expect(self.getByText(role(context, 'admin'))).toBeVisible();
    await expect(
      self.queryByRole('button', { name: buttonName(t('staffPage.actions.setRole')) }),
    ).toBeNull();
    const legal = await rowOf(context, 'Zhang Min');
    await expect(legal.getByText(role(context, 'legal'))).toBeVisible();
    await expect(legal.getByText(t('staffPage.status.active'))).toBeVisible();
    for (const action of ['setRole', 'forbid', 'delete'] as const) {
      await expect(
        legal.getByRole('button', { name: buttonName(t(`staffPage.actions.${action}`)) }),
      ).toBeVisible();
    }
    const forbidden = await rowOf(context, 'Chen Jie');
    await expect(forbidden.getByText(t('staffPage.status.forbidden'))).toBeVisible();
    await expect(
      forbidden.getByRole('button', { name: buttonName(t('staffPage.actions.unforbid')) }),
    ).toBeVisible();
    await expect((await rowOf(context, 'Zhao Lei')).getByText('Contract reviewer')).toBeVisible();

    const search = canvas.getByRole('searchbox', { name: t('staffPage.search') });
    await userEvent.type(search, 'Wang{Enter}');
    await waitFor(() => expect(canvas.queryByText('Zhang Min')).toBeNull());
    await expect(canvas.getByText('Wang Fang')).toBeVisible();
  },
};

export const ListZh: Story = inChinese(List, 'List');

/** Inviting by phone: a wrong number is refused in the form, a right one shows as pending. */
export const InviteDialog: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await rowOf(context, 'Li Wei');
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('staffPage.invite')) }));
    const dialog = await dialogSaying(context, t('staffPage.inviteDialog.title'));
    await expect(dialog.getByText(role(context, 'employee'))).toBeVisible();
    const phone = dialog.getByRole('textbox', { name: t('staffPage.inviteDialog.phone') });
    await userEvent.type(phone, '12345');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('staffPage.inviteDialog.send')) }),
    );
    await appeared(dialog.findByText(message('phoneInvalid', context.args.locale)));
    await userEvent.clear(phone);
    await userEvent.type(phone, '13900001099');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('staffPage.inviteDialog.send')) }),
    );
    await appeared(page.findByText(t('staffPage.inviteDialog.sent', { phone: '13900001099' })));
    await userEvent.click(canvas.getByRole('tab', { name: t('staffPage.tabs.invitations') }));
    const invited = await rowOf(context, '13900001099');
    await expect(invited.getByText(role(context, 'employee'))).toBeVisible();
    await expect(invited.getByText(t('staffPage.status.pending'))).toBeVisible();
  },
};

export const InviteDialogZh: Story = inChinese(InviteDialog, 'Invite dialog');

/**
 * A staff message (?isMsg=true) opens the applications: rejecting needs a reason, approving
 * chooses a role.
 */
export const Applications: Story = {
  parameters: {
    web: { path: `${PATH}?isMsg=true`, routeTitle: 'staffList', demo: { user: COMPANY_ADMIN } },
  },
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('tab', { name: t('staffPage.tabs.applications') }),
    ).toHaveAttribute('aria-selected', 'true');
    const sun = await rowOf(context, 'Sun Hao');
    await userEvent.click(
      sun.getByRole('button', { name: buttonName(t('staffPage.actions.reject')) }),
    );
    const reject = await dialogSaying(
      context,
      t('staffPage.auditDialog.rejectTitle', { name: 'Sun Hao' }),
    );
    await userEvent.click(
      reject.getByRole('button', { name: buttonName(t('staffPage.actions.reject')) }),
    );
    await appeared(reject.findByText(message('staffReasonRequired', context.args.locale)));
    await userEvent.type(
      reject.getByRole('textbox', { name: t('staffPage.auditDialog.reason') }),
      'Not one of ours',
    );
    await userEvent.click(
      reject.getByRole('button', { name: buttonName(t('staffPage.actions.reject')) }),
    );
    await appeared(page.findByText(t('staffPage.auditDialog.rejected', { name: 'Sun Hao' })));
    await waitFor(() => expect(canvas.queryByText('Sun Hao')).toBeNull());

    const zhou = await rowOf(context, 'Zhou Qing');
    await userEvent.click(
      zhou.getByRole('button', { name: buttonName(t('staffPage.actions.approve')) }),
    );
    const approve = await dialogSaying(
      context,
      t('staffPage.auditDialog.approveTitle', { name: 'Zhou Qing' }),
    );
    await expect(approve.getByTitle(role(context, 'employee'))).toBeVisible();
    await userEvent.click(
      approve.getByRole('button', { name: buttonName(t('staffPage.actions.approve')) }),
    );
    await appeared(page.findByText(t('staffPage.auditDialog.approved', { name: 'Zhou Qing' })));
    await expect(await canvas.findByText(t('staffPage.empty.applications'))).toBeVisible();
  },
};

export const ApplicationsZh: Story = inChinese(Applications, 'Applications');

/**
 * Deleting a member: nothing happens until a colleague is chosen; then the dialog says what moves
 * to them, and the answer says how much moved.
 */
export const DeleteWithTransfer: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const liu = await rowOf(context, 'Liu Yang');
    await userEvent.click(
      liu.getByRole('button', { name: buttonName(t('staffPage.actions.delete')) }),
    );
    const dialog = await dialogSaying(
      context,
      t('staffPage.deleteDialog.title', { name: 'Liu Yang' }),
    );
    await expect(dialog.getByText(t('staffPage.deleteDialog.chooseFirst'))).toBeVisible();
    const confirm = dialog.getByRole('button', {
      name: buttonName(t('staffPage.deleteDialog.confirm')),
    });
    await expect(confirm).toBeDisabled();
    const chooser = dialog.getByRole('combobox', { name: t('staffPage.deleteDialog.colleague') });
    await userEvent.click(chooser);
    await userEvent.type(chooser, 'Zhang');
    await userEvent.click(await page.findByTitle(/^Zhang Min · 13900001021/));
    await expect(
      await dialog.findByText(t('staffPage.deleteDialog.moves', { colleague: 'Zhang Min' })),
    ).toBeVisible();
    await expect(
      dialog.getByText(t('staffPage.deleteDialog.movesContracts', { name: 'Liu Yang' })),
    ).toBeVisible();
    await expect(
      dialog.getByText(t('staffPage.deleteDialog.movesGrants', { name: 'Liu Yang' })),
    ).toBeVisible();
    await expect(
      dialog.getByText(t('staffPage.deleteDialog.leaves', { name: 'Liu Yang' })),
    ).toBeVisible();
    await userEvent.click(confirm);
    await appeared(
      page.findByText(
        t('staffPage.deleteDialog.done', {
          name: 'Liu Yang',
          colleague: 'Zhang Min',
          contracts: 3,
          templates: 2,
          grants: 1,
        }),
      ),
    );
    await waitFor(() => expect(canvas.queryByText('Liu Yang')).toBeNull());
  },
};

export const DeleteWithTransferZh: Story = inChinese(DeleteWithTransfer, 'Delete with transfer');

/** A search that finds nobody says so, with the way back to the whole list. */
export const EmptyList: Story = {
  parameters: {
    web: { path: `${PATH}?keyword=Nobody`, routeTitle: 'staffList', demo: { user: COMPANY_ADMIN } },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByText(t('staffPage.empty.noMatch', { keyword: 'Nobody' })),
    ).toBeVisible();
    await expect(canvas.getByText(t('staffPage.empty.noMatchHint'))).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('staffPage.clearSearch')) }),
    );
    await expect(await canvas.findByText('Li Wei')).toBeVisible();
  },
};

export const EmptyListZh: Story = inChinese(EmptyList, 'Empty list');

/**
 * The personal console has no staff: it shows the invitations to the person's phone (accepting
 * one) and their applications, and finds a company by its credit code to apply to.
 */
export const PersonalConsole: Story = {
  args: { session: 'personal' },
  // Parameters merge with the meta's: the personal console's own user, not the administrator.
  parameters: {
    web: {
      path: PATH,
      routeTitle: 'staffList',
      demo: { user: demoWorld().get(PERSONAL_CONSOLE_ID)!.user },
    },
  },
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(await canvas.findByText(t('staffPage.mine.personalHint'))).toBeVisible();
    await expect(canvas.queryByRole('tab')).toBeNull();
    const invitation = t('staffPage.mine.invitedBy', {
      company: 'Blue River Logistics Ltd.',
      role: role(context, 'employee'),
    });
    await expect(await canvas.findByText(invitation)).toBeVisible();
    await expect(canvas.getByText('Hengda Foods Co., Ltd.')).toBeVisible();
    await expect(canvas.getByText(t('staffPage.status.rejected'))).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('staffPage.actions.accept')) }),
    );
    await appeared(
      page.findByText(t('staffPage.mine.accepted', { company: 'Blue River Logistics Ltd.' })),
    );
    await expect(await canvas.findByText(t('staffPage.empty.myInvitations'))).toBeVisible();

    await userEvent.type(
      canvas.getByRole('textbox', { name: t('staffPage.mine.companyName') }),
      '91440300MA5F000003{Enter}',
    );
    await expect(await canvas.findByText(t('staffPage.mine.certified'))).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('staffPage.mine.applyButton')) }),
    );
    await appeared(
      page.findByText(t('staffPage.mine.applied', { company: 'Hengda Foods Co., Ltd.' })),
    );
    await expect(await canvas.findByText(t('staffPage.mine.alreadyApplied'))).toBeVisible();
  },
};

export const PersonalConsoleZh: Story = inChinese(PersonalConsole, 'Personal console');

/** On a phone: each member a card with phone, role, status and the moves one tap away. */
export const OnPhone: Story = {
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const legal = await cardOf(context, 'Zhang Min');
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(legal.getByText(role(context, 'legal'))).toBeVisible();
    await expect(legal.getByText(t('staffPage.status.active'))).toBeVisible();
    for (const action of ['setRole', 'forbid', 'delete'] as const) {
      const button = legal.getByRole('button', {
        name: buttonName(t(`staffPage.actions.${action}`)),
      });
      await expect(button).toBeVisible();
      await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
    await expect((await cardOf(context, 'Li Wei')).getByText(t('staffPage.you'))).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const OnPhoneZh: Story = inChinese(OnPhone, 'On a phone');

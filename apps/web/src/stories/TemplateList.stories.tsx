import { TOAST_MS, message } from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import TemplateListPage from '../pages/template/TemplateListPage';
import { DEMO_COMPANY, demoWorld } from './demoData';
import { COMPANY_TEMPLATES, NO_TEMPLATES } from './demoTemplates';
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

/** The demo user as staff of the company, and as its administrator (who manages everything). */
const COMPANY_STAFF = demoWorld().get(DEMO_COMPANY.id)!.user;
const COMPANY_ADMIN = { ...COMPANY_STAFF, roles: ['admin'] };

const meta = {
  title: 'Web/Templates/TemplateList',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: {
    web: { path: '/template/index', routeTitle: 'templateList', demo: { user: COMPANY_ADMIN } },
  },
  render: () => <TemplateListPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The company's templates beside their categories: two enabled, one disabled with problems that
 * keep it from being enabled (listed under the warning sign), one disabled and ready.
 */
export const List: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.templateList') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('templateList.newTemplate')) }),
    ).toBeVisible();
    const supply = await rowOf(context, 'Supply agreement');
    await expect(supply.getByText(t('templateList.disabled'))).toBeVisible();
    await expect(supply.getByText('Sales contracts')).toBeVisible();
    await expect(
      supply.getByRole('button', { name: buttonName(t('templateList.enable')) }),
    ).toBeVisible();
    const lease = await rowOf(context, 'Office lease 2025');
    await expect(lease.getByText(t('templateList.enabled'))).toBeVisible();
    await expect(
      lease.getByRole('button', { name: buttonName(t('templateList.disable')) }),
    ).toBeVisible();
    await expect(lease.getByText('Zhang Min')).toBeVisible();

    await userEvent.hover(
      supply.getByRole('img', {
        name: t('templateList.problemsLabel', { name: 'Supply agreement' }),
      }),
    );
    const tooltip = within(await appeared(page.findByRole('tooltip')));
    await expect(tooltip.getByText(t('templateList.problemsTitle'))).toBeVisible();
    await expect(
      tooltip.getByText(
        context.args.locale === 'zh'
          ? 'B 方需要签署，但没有印章或签名字段'
          : 'Party B signs but has no seal or signature field',
      ),
    ).toBeVisible();

    const categories = canvas.getByRole('complementary', { name: t('templateCategory.title') });
    const sales = within(categories).getByRole('button', { name: /^Sales contracts\s*2$/ });
    await expect(within(sales).getByText('2')).toBeVisible();
    await userEvent.click(sales);
    await expect(sales).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(canvas.queryByText('Office lease 2025')).toBeNull());
    await expect(canvas.getByText('Purchase agreement')).toBeVisible();
  },
};

export const ListZh: Story = inChinese(List, 'List');

/** Enabling a template with problems: the server refuses and the dialog lists what to fix. */
export const EnableRefused: Story = {
  play: async (context) => {
    const { t } = scene(context);
    const supply = await rowOf(context, 'Supply agreement');
    await userEvent.click(
      supply.getByRole('button', { name: buttonName(t('templateList.enable')) }),
    );
    const dialog = await dialogSaying(context, message('templateHasProblems', context.args.locale));
    await expect(
      dialog.getByText(
        t('templateEditor.problemOnPage', {
          page: 2,
          message:
            context.args.locale === 'zh'
              ? '“交付日期”与“数量”重叠'
              : '"Delivery date" and "Quantity" overlap',
        }),
      ),
    ).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: buttonName(t('templateList.openEditor')) }),
    ).toBeVisible();
  },
};

export const EnableRefusedZh: Story = inChinese(EnableRefused, 'Enable refused');

/** A console without templates: what they are for, and the way to the first one. */
export const NoTemplates: Story = {
  parameters: { web: { demo: { user: COMPANY_ADMIN, templates: NO_TEMPLATES } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('templateList.emptyTitle'))).toBeVisible();
    await expect(canvas.getByText(t('templateList.emptyHint'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('templateList.createFirst')) }),
    ).toBeVisible();
    await expect(canvas.getByText(t('templateCategory.emptyAdmin'))).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const NoTemplatesZh: Story = inChinese(NoTemplates, 'No templates');

/**
 * Moving a template to a category that the server refuses: the reason stays in the dialog, once,
 * past a toast's time, until the person closes it (a refusal asks them to act).
 */
export const MoveRefused: Story = {
  parameters: {
    web: {
      demo: { user: COMPANY_ADMIN, templates: { ...COMPANY_TEMPLATES, refusesFiling: true } },
    },
  },
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await rowOf(context, 'Office lease 2025');
    await userEvent.click(
      canvas.getByRole('button', {
        name: t('templateList.moreActions', { name: 'Office lease 2025' }),
      }),
    );
    await userEvent.click(
      await page.findByRole('menuitem', { name: t('templateList.moveToCategory') }),
    );
    const dialog = await dialogSaying(
      context,
      t('templateList.moveOne', { name: 'Office lease 2025' }),
    );
    await userEvent.click(dialog.getByRole('combobox', { name: t('templateList.moveCategory') }));
    await userEvent.click(await page.findByTitle('Sales contracts'));
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('templateList.moveOk')) }),
    );
    const refused = message('noPermission', context.args.locale);
    const reason = (await dialog.findByText(refused)).closest<HTMLElement>('[role="alert"]')!;
    await expect(reason).toBeVisible();
    await expect(page.getAllByText(refused)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, TOAST_MS * 2));
    await expect(reason).toBeVisible();
    await userEvent.click(within(reason).getByRole('button', { name: t('common.close') }));
    await waitFor(() => expect(dialog.queryByText(refused)).toBeNull());
  },
};

export const MoveRefusedZh: Story = inChinese(MoveRefused, 'Move refused');

/**
 * Delete asks for a selection first (the spec's message), then asks to confirm, naming the
 * template.
 */
export const DeleteConfirmation: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await rowOf(context, 'Purchase agreement');
    const toolbar = canvas.getByRole('toolbar', { name: t('templateList.bulkActions') });
    const remove = within(toolbar).getByRole('button', {
      name: buttonName(t('templateList.delete')),
    });
    await userEvent.click(remove);
    await appeared(page.findByText(message('selectAtLeastOne', context.args.locale)));

    await userEvent.click(
      canvas.getByRole('checkbox', {
        name: t('templateList.select', { name: 'Purchase agreement' }),
      }),
    );
    await expect(within(toolbar).getByText(t('templateList.selected', { count: 1 }))).toBeVisible();
    await userEvent.click(remove);
    const dialog = await dialogSaying(
      context,
      t('templateList.deleteOneTitle', { name: 'Purchase agreement' }),
    );
    await expect(dialog.getByText(t('templateList.deleteContent'))).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: buttonName(t('templateList.deleteOk')) }),
    ).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: buttonName(t('common.cancel')) }),
    ).toBeVisible();
  },
};

export const DeleteConfirmationZh: Story = inChinese(DeleteConfirmation, 'Delete confirmation');

/** A template that contracts were started from: the server refuses, and says so. */
export const DeleteRefused: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const lease = await rowOf(context, 'Office lease 2025');
    await userEvent.click(
      lease.getByRole('button', {
        name: t('templateList.moreActions', { name: 'Office lease 2025' }),
      }),
    );
    await userEvent.click(await page.findByRole('menuitem', { name: t('templateList.delete') }));
    const dialog = await dialogSaying(
      context,
      t('templateList.deleteOneTitle', { name: 'Office lease 2025' }),
    );
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('templateList.deleteOk')) }),
    );
    await appeared(page.findByText(message('templateInUse', context.args.locale)));
    await expect(canvas.getByText('Office lease 2025')).toBeVisible();
  },
};

export const DeleteRefusedZh: Story = inChinese(DeleteRefused, 'Delete refused');

/** The public preview link of a template, with its copy button and when it stops working. */
export const SharePreviewLink: Story = {
  play: async (context) => {
    const { t, page } = scene(context);
    const row = await rowOf(context, 'Purchase agreement');
    await userEvent.click(
      row.getByRole('button', {
        name: t('templateList.moreActions', { name: 'Purchase agreement' }),
      }),
    );
    await userEvent.click(await page.findByRole('menuitem', { name: t('templateList.share') }));
    const dialog = await dialogSaying(
      context,
      t('templateList.shareIntro', { name: 'Purchase agreement' }),
    );
    const link = dialog.getByRole('textbox', { name: t('templateList.linkLabel') });
    await expect((link as HTMLInputElement).value).toMatch(
      /\/ztj\/template\/Preview\?id=demo-preview-ticket&templateId=202$/,
    );
    await expect(
      dialog.getByRole('button', { name: buttonName(t('templateList.copyLink')) }),
    ).toBeVisible();
    const until = t('templateList.linkExpiry', { time: '@' }).split('@')[0]!.trim();
    await expect(dialog.getByText(until, { exact: false })).toBeVisible();
  },
};

export const SharePreviewLinkZh: Story = inChinese(SharePreviewLink, 'Share preview link');

/**
 * A company template's approval flows: the flow it requires before signing (the example's), none
 * before initiating (the company has no enabled flow of that type, which the dialog says); saving
 * "No approval" says it is saved.
 */
export const ApprovalFlowsOfATemplate: Story = {
  play: async (context) => {
    const { t, page } = scene(context);
    const row = await rowOf(context, 'Purchase agreement');
    await userEvent.click(
      row.getByRole('button', {
        name: t('templateList.moreActions', { name: 'Purchase agreement' }),
      }),
    );
    await userEvent.click(
      await page.findByRole('menuitem', { name: t('approvalInbox.templateFlows.edit') }),
    );
    const dialog = await dialogSaying(context, t('approvalInbox.templateFlows.intro'));
    await expect(await dialog.findByText('Sales contracts')).toBeVisible();
    await expect(await dialog.findByText(t('approvalInbox.templateFlows.noFlows'))).toBeVisible();
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('approvalInbox.templateFlows.save')) }),
    );
    await appeared(
      page.findByText(t('approvalInbox.templateFlows.saved', { name: 'Purchase agreement' })),
    );
  },
};

export const ApprovalFlowsOfATemplateZh: Story = inChinese(
  ApprovalFlowsOfATemplate,
  'Approval flows of a template',
);

/**
 * The permissions of a category: who may use or manage its templates, each right changed in
 * place, and staff to add.
 */
export const CategoryPermissions: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: t('templateCategory.actions', { name: 'Sales contracts' }),
      }),
    );
    await userEvent.click(
      await page.findByRole('menuitem', { name: t('templateCategory.permissions') }),
    );
    const drawer = await dialogSaying(
      context,
      t('templateCategory.permissionsTitle', { name: 'Sales contracts' }),
    );
    const zhangMin = within((await drawer.findByText('Zhang Min')).closest('tr')!);
    await expect(zhangMin.getByText('13800000008')).toBeVisible();
    await expect(
      zhangMin.getByRole('combobox', {
        name: t('templateCategory.rightOf', { name: 'Zhang Min' }),
      }),
    ).toBeVisible();
    await expect(zhangMin.getByText(t('templateCategory.manage'))).toBeVisible();
    const wangFang = within(drawer.getByText('Wang Fang').closest('tr')!);
    await expect(wangFang.getByText(t('templateCategory.use'))).toBeVisible();
    await expect(
      wangFang.getByRole('button', { name: buttonName(t('templateCategory.removeGrant')) }),
    ).toBeVisible();
    await expect(
      drawer.getByRole('combobox', { name: t('templateCategory.membersLabel') }),
    ).toBeVisible();
  },
};

export const CategoryPermissionsZh: Story = inChinese(CategoryPermissions, 'Category permissions');

/** A category name over 20 characters gets the spec's message; a good one is created. */
export const NewCategory: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('templateCategory.new')) }),
    );
    const dialog = await dialogSaying(context, t('templateCategory.nameLabel'));
    const name = dialog.getByRole('textbox', { name: t('templateCategory.nameLabel') });
    await userEvent.type(name, 'Framework agreements 2025{Enter}');
    await appeared(dialog.findByText(message('categoryNameTooLong', context.args.locale)));
    await userEvent.clear(name);
    await userEvent.type(name, 'Framework agreements{Enter}');
    const panel = canvas.getByRole('complementary', { name: t('templateCategory.title') });
    await expect(
      await within(panel).findByRole('button', { name: /^Framework agreements\s*0$/ }),
    ).toBeVisible();
  },
};

export const NewCategoryZh: Story = inChinese(NewCategory, 'New category');

/**
 * A member of staff: categories shared with them only, no category management, and no edit,
 * enable or delete on templates they may only use.
 */
export const AsStaff: Story = {
  parameters: { web: { demo: { user: COMPANY_STAFF } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const lease = await rowOf(context, 'Office lease 2025');
    await expect(lease.getByRole('link', { name: t('templateList.preview') })).toBeVisible();
    await expect(lease.queryByRole('link', { name: t('templateList.edit') })).toBeNull();
    await expect(
      lease.queryByRole('button', { name: buttonName(t('templateList.disable')) }),
    ).toBeNull();
    const purchase = await rowOf(context, 'Purchase agreement');
    await expect(purchase.getByRole('link', { name: t('templateList.edit') })).toBeVisible();
    const panel = canvas.getByRole('complementary', { name: t('templateCategory.title') });
    await expect(within(panel).queryByText('Archive')).toBeNull();
    await expect(
      within(panel).queryByRole('button', { name: buttonName(t('templateCategory.new')) }),
    ).toBeNull();
  },
};

export const AsStaffZh: Story = inChinese(AsStaff, 'As staff');

/**
 * On a phone: each template a card — its name (to the preview), status, category, author and
 * date, and its moves (Edit, Preview, Start a contract, Enable or Disable, More) within a tap.
 */
export const OnPhone: Story = {
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const lease = await cardOf(context, 'Office lease 2025');
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(lease.getByText(t('templateList.enabled'))).toBeVisible();
    await expect(lease.getByText('Zhang Min')).toBeVisible();
    await expect(lease.getByRole('link', { name: 'Office lease 2025' })).toBeVisible();
    const disable = lease.getByRole('button', { name: buttonName(t('templateList.disable')) });
    await expect(disable).toBeVisible();
    await expect(disable.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    const supply = await cardOf(context, 'Supply agreement');
    await expect(
      supply.getByRole('button', { name: buttonName(t('templateList.enable')) }),
    ).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const OnPhoneZh: Story = inChinese(OnPhone, 'On a phone');

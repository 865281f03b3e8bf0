import { builtinGrants, message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SubCompanyTabs } from '../layout/SubCompanyTabs';
import SubCompanyPage from '../pages/enterprise/subCompany/SubCompanyPage';
import { DEMO_COMPANY, demoWorld } from './demoData';
import {
  DEMO_GROUP_TABS,
  DEMO_SUB_COMPANIES,
  NO_SUB_COMPANIES,
  demoSubCompaniesFrom,
} from './demoSubCompanies';
import {
  buttonName,
  inChinese,
  rowOf,
  scene,
  webStoryMeta,
  type WebStoryArgs,
  appeared,
} from './webStory';

/** The demo user as the company's system administrator, and as its legal representative (view only). */
const COMPANY_STAFF = demoWorld().get(DEMO_COMPANY.id)!.user;
const COMPANY_ADMIN = { ...COMPANY_STAFF, roles: ['admin'], permissions: builtinGrants('admin') };
const LEGAL = { ...COMPANY_STAFF, roles: ['legal'], permissions: builtinGrants('legal') };

const meta = {
  title: 'Web/Enterprise/SubCompanies',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: {
    web: {
      path: '/enterprise-console/sub_company',
      routeTitle: 'subCompany',
      demo: { user: COMPANY_ADMIN },
    },
  },
  render: () => <SubCompanyPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The add dialog, opened from the page's button. */
async function openAddDialog(context: StoryContext<WebStoryArgs>) {
  const { t, canvas, page } = scene(context);
  await userEvent.click(
    (await canvas.findAllByRole('button', { name: buttonName(t('subCompanyPage.add')) }))[0]!,
  );
  return within(await appeared(page.findByRole('dialog')));
}

/**
 * The company's affiliates: certification, launch authority (switched here, with a toast saying
 * what it now means) and when each was linked.
 */
export const List: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.subCompany') }),
    ).toBeVisible();
    const wuhan = await rowOf(context, 'Qingshan Logistics (Wuhan) Co., Ltd.');
    await expect(wuhan.getByText(t('subCompanyPage.certified'))).toBeVisible();
    await expect(wuhan.getByText('2025-02-18 10:24:05')).toBeVisible();
    const hongKong = await rowOf(context, 'Qingshan Trading Hong Kong Ltd.');
    await expect(hongKong.getByText(t('subCompanyPage.notCertified'))).toBeVisible();
    const launch = hongKong.getByRole('switch', {
      name: t('subCompanyPage.launchAuthLabel', { name: 'Qingshan Trading Hong Kong Ltd.' }),
    });
    await expect(launch).not.toBeChecked();
    await userEvent.click(launch);
    await appeared(
      page.findByText(
        t('subCompanyPage.launchAuthOn', { name: 'Qingshan Trading Hong Kong Ltd.' }),
      ),
    );
    await waitFor(() => expect(launch).toBeChecked());
    await expect(canvas.getByText(t('subCompanyPage.total', { count: 2 }))).toBeVisible();
  },
};

export const ListZh: Story = inChinese(List, 'List');

/** A member who may only view: no add button, the switches cannot be changed. */
export const ViewOnly: Story = {
  parameters: {
    web: {
      path: '/enterprise-console/sub_company',
      routeTitle: 'subCompany',
      demo: { user: LEGAL },
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const wuhan = await rowOf(context, 'Qingshan Logistics (Wuhan) Co., Ltd.');
    await expect(wuhan.getByRole('switch')).toBeDisabled();
    await expect(
      canvas.queryByRole('button', { name: buttonName(t('subCompanyPage.add')) }),
    ).toBeNull();
  },
};

export const ViewOnlyZh: Story = inChinese(ViewOnly, 'View only');

/**
 * Adding an affiliate: the code goes to the named company's administrator (masked phone shown),
 * and the code they pass on links it.
 */
export const AddAffiliate: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const dialog = await openAddDialog(context);
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('subCompanyPage.link')) }),
    );
    await appeared(dialog.findByText(message('subCompanyNameRequired', context.args.locale)));
    await userEvent.type(
      dialog.getByLabelText(t('subCompanyPage.companyName')),
      'Qingshan Supply Chain Co., Ltd.',
    );
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('subCompanyPage.sendCode')) }),
    );
    await appeared(
      dialog.findByText(
        t('subCompanyPage.codeSentTo', {
          name: 'Qingshan Supply Chain Co., Ltd.',
          phone: '139****0023',
        }),
      ),
    );
    await expect(dialog.getByRole('button', { name: /\d+/ })).toBeDisabled();
    // Enter in the code field links, as the dialog's button does.
    await userEvent.type(dialog.getByLabelText(t('subCompanyPage.code')), '123456{Enter}');
    await appeared(
      page.findByText(t('subCompanyPage.linked', { name: 'Qingshan Supply Chain Co., Ltd.' })),
    );
    await rowOf(context, 'Qingshan Supply Chain Co., Ltd.');
    await waitFor(() =>
      expect(canvas.getByText(t('subCompanyPage.total', { count: 3 }))).toBeVisible(),
    );
  },
};

export const AddAffiliateZh: Story = inChinese(AddAffiliate, 'Add affiliate');

/** Naming the company itself: refused as the spec says, and nothing is sent. */
export const AddItself: Story = {
  play: async (context) => {
    const { t, page } = scene(context);
    const dialog = await openAddDialog(context);
    await userEvent.type(
      dialog.getByLabelText(t('subCompanyPage.companyName')),
      DEMO_COMPANY.companyName,
    );
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('subCompanyPage.sendCode')) }),
    );
    await appeared(page.findByText(message('subCompanySelf', context.args.locale)));
    await expect(
      dialog.getByRole('button', { name: buttonName(t('subCompanyPage.sendCode')) }),
    ).toBeEnabled();
  },
};

export const AddItselfZh: Story = inChinese(AddItself, 'Add itself');

/** No affiliate yet: what linking is for, and the way to the first one. */
export const NoAffiliates: Story = {
  beforeEach: () => demoSubCompaniesFrom(NO_SUB_COMPANIES),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('subCompanyPage.emptyTitle'))).toBeVisible();
    await expect(canvas.getByText(t('subCompanyPage.emptyHint'))).toBeVisible();
    await expect(
      canvas.getAllByRole('button', { name: buttonName(t('subCompanyPage.add')) }),
    ).toHaveLength(1);
  },
};

export const NoAffiliatesZh: Story = inChinese(NoAffiliates, 'No affiliates');

/** The top bar's tab bar: the group's companies the user belongs to, the current one active. */
export const GroupTabs: Story = {
  beforeEach: () => demoSubCompaniesFrom(DEMO_SUB_COMPANIES, DEMO_GROUP_TABS),
  render: () => <SubCompanyTabs />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const bar = within(await canvas.findByRole('navigation', { name: t('subCompanyPage.tabs') }));
    const main = bar.getByRole('tab', {
      name: `${DEMO_COMPANY.companyName} · ${t('subCompanyPage.main')}`,
    });
    await expect(main).toHaveAttribute('aria-selected', 'true');
    await expect(
      bar.getByRole('tab', { name: 'Qingshan Logistics (Wuhan) Co., Ltd.' }),
    ).toHaveAttribute('aria-selected', 'false');
  },
};

export const GroupTabsZh: Story = inChinese(GroupTabs, 'Group tabs');

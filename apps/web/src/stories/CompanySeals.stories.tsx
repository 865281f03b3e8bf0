import { builtinGrants, message, sealDay } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { expect, userEvent, waitFor } from 'storybook/test';
import CompanySealAddLegalPage from '../pages/enterprise/seals/CompanySealAddLegalPage';
import CompanySealAddPage from '../pages/enterprise/seals/CompanySealAddPage';
import CompanySealListPage from '../pages/enterprise/seals/CompanySealListPage';
import CompanySealViewPage from '../pages/enterprise/seals/CompanySealViewPage';
import { demoCompanySealsFrom } from './demoCompanySeals';
import { DEMO_COMPANY, demoWorld } from './demoData';
import {
  appeared,
  buttonName,
  dialogSaying,
  inChinese,
  rowOf,
  scene,
  webStoryMeta,
  type WebStoryArgs,
  ON_A_PHONE,
  cardOf,
} from './webStory';

const companyUser = demoWorld().get(DEMO_COMPANY.id)!.user;

/** The company's system administrator: every seal action, approval included. */
const SEAL_ADMIN = { ...companyUser, roles: ['admin'], permissions: builtinGrants('admin') };

/** A seal user: sees the seals, changes nothing. */
const SEAL_USER = {
  ...companyUser,
  roles: ['sealUser'],
  permissions: builtinGrants('sealUser'),
};

const LIST = '/enterprise-console/seal';

/** The accessible name of antd's clear button of a date range, in each language. */
const CLEAR = { en: 'Clear', zh: '清除' } as const;

/** The seal screens by path: a story's address (and where a screen navigates) picks the screen. */
const SCREENS: Readonly<Record<string, ComponentType>> = {
  [LIST]: CompanySealListPage,
  '/enterprise-console/seal-add': CompanySealAddPage,
  '/enterprise-console/seal-add-legal': CompanySealAddLegalPage,
  '/enterprise-console/seal-view': CompanySealViewPage,
};

/** The seal screen of the router's address, as the app's routes would show it. */
function SealConsole() {
  const { pathname } = useLocation();
  const Screen = SCREENS[pathname] ?? CompanySealListPage;
  return <Screen />;
}

const meta = {
  title: 'Web/CompanySeals',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: { web: { path: LIST, routeTitle: 'companySeals', demo: { user: SEAL_ADMIN } } },
  render: () => <SealConsole />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page's heading, once the screen is in. */
async function heading(context: StoryContext<WebStoryArgs>, name: string) {
  const { canvas } = scene(context);
  return canvas.findByRole('heading', { level: 1, name });
}

/**
 * The administrator's seals in every status: a pending seal offers Approve and Reject, a disused
 * one Enable, a rejected one says why; the status filter narrows the list.
 */
export const List: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(await heading(context, t('routes.companySeals'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('companySealPage.newSeal')) }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('companySealPage.newLegalSeal')) }),
    ).toBeVisible();
    const contract = await rowOf(context, 'Sales contract seal');
    await expect(contract.getByText(t('companySealPage.status.normal'))).toBeVisible();
    await expect(
      await contract.findByRole('img', {
        name: t('companySealPage.imageOf', { name: 'Sales contract seal' }),
      }),
    ).toBeVisible();
    const finance = await rowOf(context, 'Treasury seal');
    await expect(finance.getByText(t('companySealPage.status.pending'))).toBeVisible();
    await expect(finance.getByText('Wang Fang')).toBeVisible();
    for (const action of ['approve', 'reject', 'delete'] as const) {
      await expect(
        finance.getByRole('button', { name: buttonName(t(`companySealPage.actions.${action}`)) }),
      ).toBeVisible();
    }
    const invoice = await rowOf(context, 'Invoice seal 2023');
    await expect(invoice.getByText(t('companySealPage.status.disuse'))).toBeVisible();
    await expect(
      invoice.getByRole('button', { name: buttonName(t('companySealPage.actions.enable')) }),
    ).toBeVisible();
    const project = await rowOf(context, 'Project seal');
    await expect(project.getByText(t('companySealPage.status.rejected'))).toBeVisible();
    await expect(
      project.getByText(
        t('companySealPage.rejectedBecause', {
          reason: 'A project department may not have its own seal',
        }),
      ),
    ).toBeVisible();

    await userEvent.click(
      canvas.getByRole('combobox', { name: t('companySealPage.statusFilter') }),
    );
    await userEvent.click(await page.findByTitle(t('companySealPage.status.pending')));
    await waitFor(() => expect(canvas.queryByText('Sales contract seal')).toBeNull());
    await expect(canvas.getByText('Treasury seal')).toBeVisible();
  },
};

export const ListZh: Story = inChinese(List, 'List');

/** A seal user sees the seals and may open them, and is offered no change at all. */
export const ListAsSealUser: Story = {
  parameters: { web: { path: LIST, routeTitle: 'companySeals', demo: { user: SEAL_USER } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const row = await rowOf(context, 'Treasury seal');
    await expect(row.getByRole('link', { name: t('companySealPage.actions.view') })).toBeVisible();
    await expect(row.queryAllByRole('button')).toEqual([]);
    await expect(
      canvas.queryByRole('button', { name: buttonName(t('companySealPage.newSeal')) }),
    ).toBeNull();
  },
};

export const ListAsSealUserZh: Story = inChinese(ListAsSealUser, 'List as a seal user');

/** No seal yet: what seals are for, and the one way to a new one. */
export const Empty: Story = {
  beforeEach: () => demoCompanySealsFrom({ seals: [] }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('companySealPage.empty.none'))).toBeVisible();
    await expect(canvas.getByText(t('companySealPage.empty.noneHint'))).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(
      canvas.getAllByRole('button', { name: buttonName(t('companySealPage.newSeal')) }),
    ).toHaveLength(1);
  },
};

export const EmptyZh: Story = inChinese(Empty, 'Empty');

/**
 * A new seal from the template: the preview is drawn beside the form as the fields change; the
 * upload way asks for a picture instead.
 */
export const Add: Story = {
  parameters: {
    web: {
      path: '/enterprise-console/seal-add',
      routeTitle: 'sealAdd',
      demo: { user: SEAL_ADMIN },
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await heading(context, t('companySealPage.form.addTitle'))).toBeVisible();
    await expect(
      canvas.getByRole('radio', { name: t('companySealPage.makeWay.template') }),
    ).toBeChecked();
    await expect(
      await canvas.findByRole('img', { name: t('companySealPage.form.preview') }),
    ).toBeVisible();
    await expect(canvas.getByText(t('companySealPage.form.previewHint'))).toBeVisible();
    await userEvent.click(canvas.getByText(t('companySealPage.makeWay.upload')));
    await expect(
      await canvas.findByRole('button', {
        name: buttonName(t('companySealPage.form.chooseImage')),
      }),
    ).toBeVisible();
    await expect(canvas.getByText(t('companySealPage.form.previewEmpty'))).toBeVisible();
    // A file that only claims to be a PNG is refused before it is sent, in the server's words.
    const input =
      context.canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['PK\u0003\u0004'], 'seal.png', { type: 'image/png' }));
    await appeared(canvas.findByText(message('sealImageType', context.args.locale)));
    // Handwriting: the drawing pad, and nothing to save until something is drawn.
    await userEvent.click(canvas.getByText(t('companySealPage.makeWay.handwrite')));
    await expect(
      await canvas.findByRole('img', { name: t('companySealPage.form.draw') }),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText(t('companySealPage.form.name')), 'Signed seal');
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('companySealPage.form.save')) }),
    );
    await appeared(canvas.findByText(message('sealImageRequired', context.args.locale)));
  },
};

export const AddZh: Story = inChinese(Add, 'Add');

/** The legal representative's seal: no type to choose, and whose name it carries. */
export const AddLegal: Story = {
  parameters: {
    web: {
      path: '/enterprise-console/seal-add-legal',
      routeTitle: 'sealAddLegal',
      demo: { user: SEAL_ADMIN },
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await heading(context, t('companySealPage.form.addLegalTitle'))).toBeVisible();
    await expect(
      await canvas.findByText(t('companySealPage.form.legalIntro', { name: 'Chen Jianguo' })),
    ).toBeVisible();
    await expect(canvas.queryByText(t('companySealPage.form.type'))).toBeNull();
    await expect(
      await canvas.findByRole('img', { name: t('companySealPage.form.preview') }),
    ).toBeVisible();
  },
};

export const AddLegalZh: Story = inChinese(AddLegal, 'Add legal');

const VIEW = '/enterprise-console/seal-view?id=302';

/**
 * A contract seal with authorisations in every state on the demo's day: all staff (normal), one
 * member for one template (expires soon, with Re-authorize), one expired (Re-authorize), one not
 * yet effective.
 */
export const View: Story = {
  parameters: { web: { path: VIEW, routeTitle: 'sealView', demo: { user: SEAL_ADMIN } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await heading(context, 'Sales contract seal')).toBeVisible();
    await expect(
      await canvas.findByRole('img', {
        name: t('companySealPage.imageOf', { name: 'Sales contract seal' }),
      }),
    ).toBeVisible();
    const state = (key: 'notYetEffective' | 'normal' | 'expiringSoon' | 'expired') =>
      t(`companySealPage.authorization.state.${key}`);
    const all = await rowOf(context, t('companySealPage.authorization.allStaff'));
    await expect(all.getByText(state('normal'))).toBeVisible();
    await expect(all.getByText(t('companySealPage.authorization.allContracts'))).toBeVisible();
    const zhang = await rowOf(context, 'Zhang Min');
    await expect(zhang.getByText(state('expiringSoon'))).toBeVisible();
    await expect(
      zhang.getByText(
        t('companySealPage.authorization.templateRange', { name: 'Office lease 2025' }),
      ),
    ).toBeVisible();
    await expect(
      zhang.getByRole('button', {
        name: buttonName(t('companySealPage.authorization.reauthorize')),
      }),
    ).toBeVisible();
    const wang = await rowOf(context, 'Wang Fang');
    await expect(wang.getByText(state('expired'))).toBeVisible();
    await expect(wang.getByText(t('companySealPage.authorization.right.manage'))).toBeVisible();
    const zhao = await rowOf(context, 'Zhao Lei');
    await expect(zhao.getByText(state('notYetEffective'))).toBeVisible();
    await expect(
      zhao.queryByRole('button', {
        name: buttonName(t('companySealPage.authorization.reauthorize')),
      }),
    ).toBeNull();

    await userEvent.click(
      wang.getByRole('button', {
        name: buttonName(t('companySealPage.authorization.reauthorize')),
      }),
    );
    const dialog = await dialogSaying(
      context,
      t('companySealPage.reauthorizeDialog.title', { grantee: 'Wang Fang' }),
    );
    // It opens on the authorisation's own days, to be moved on (the browser test renews one).
    await expect(
      dialog.getByPlaceholderText(t('companySealPage.authorizeDialog.start')),
    ).toHaveValue('2024-01-01');
    await expect(dialog.getByPlaceholderText(t('companySealPage.authorizeDialog.end'))).toHaveValue(
      '2024-12-31',
    );
  },
};

export const ViewZh: Story = inChinese(View, 'View');

/**
 * The Authorize dialog: staff (all or specified, from the active staff), right, contracts (all or
 * a template), and the time, which is required.
 */
export const AuthorizeDialog: Story = {
  parameters: { web: { path: VIEW, routeTitle: 'sealView', demo: { user: SEAL_ADMIN } } },
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await heading(context, 'Sales contract seal');
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('companySealPage.actions.authorize')) }),
    );
    const dialog = await dialogSaying(
      context,
      t('companySealPage.authorizeDialog.title', { name: 'Sales contract seal' }),
    );
    // A month from today unless changed; cleared, the time is required.
    await expect(
      dialog.getByPlaceholderText(t('companySealPage.authorizeDialog.start')),
    ).toHaveValue(sealDay(new Date()));
    // antd shows its clear button on hover, which a simulated pointer has no CSS for.
    await userEvent.click(dialog.getByRole('button', { name: CLEAR[context.args.locale] }), {
      pointerEventsCheck: 0,
    });
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('companySealPage.authorizeDialog.ok')) }),
    );
    await appeared(dialog.findByText(message('sealAuthTimeRequired', context.args.locale)));
    await appeared(dialog.findByText(message('sealAuthGranteeRequired', context.args.locale)));
    await userEvent.click(
      dialog.getByRole('combobox', { name: t('companySealPage.authorizeDialog.staff') }),
    );
    await appeared(page.findByTitle('Zhang Min · 13900001021'));
    // Forbidden members cannot be authorised: the picker offers active staff only.
    await expect(page.queryByTitle('Chen Jie · 13900001023')).toBeNull();
    await userEvent.click(dialog.getByText(t('companySealPage.authorizeDialog.contractTemplate')));
    await expect(
      await dialog.findByRole('combobox', { name: t('companySealPage.authorizeDialog.template') }),
    ).toBeVisible();
  },
};

export const AuthorizeDialogZh: Story = inChinese(AuthorizeDialog, 'Authorize dialog');

/** On a phone: each seal a card — its image, name (to the seal), status, type, and its moves. */
export const ListOnPhone: Story = {
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const finance = await cardOf(context, 'Treasury seal');
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(finance.getByText(t('companySealPage.status.pending'))).toBeVisible();
    await expect(finance.getByRole('link', { name: 'Treasury seal' })).toBeVisible();
    for (const action of ['approve', 'reject', 'delete'] as const) {
      const button = finance.getByRole('button', {
        name: buttonName(t(`companySealPage.actions.${action}`)),
      });
      await expect(button).toBeVisible();
      await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
    await expect(
      await (
        await cardOf(context, 'Sales contract seal')
      ).findByRole('img', { name: t('companySealPage.imageOf', { name: 'Sales contract seal' }) }),
    ).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const ListOnPhoneZh: Story = inChinese(ListOnPhone, 'List on a phone');

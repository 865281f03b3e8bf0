import {
  ACCESS_SECRET_OVERLAP_HOURS,
  INTEGRATION_EXAMPLES,
  OPEN_API_EXAMPLES,
  message,
} from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AccessPartiesPage from '../pages/application/AccessPartiesPage';
import { demoIntegrationsFrom, exampleIntegrations, noIntegrations } from './demoIntegrations';
import {
  ON_A_PHONE,
  appeared,
  buttonName,
  cardOf,
  dialogSaying,
  inChinese,
  rowOf,
  scene,
  companyScreenMeta,
  type WebStoryArgs,
} from './webStory';

const meta = {
  title: 'Web/Enterprise/ApplicationAccess',
  ...companyScreenMeta('/enterprise-console/application/access', 'applicationAccess'),
  render: () => <AccessPartiesPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const { party: ERP, companies: COMPANIES } = INTEGRATION_EXAMPLES;
const [MAIN, AFFILIATE] = COMPANIES;

/** The drawer of "New access party", once open. */
async function openCreate(context: StoryContext<WebStoryArgs>) {
  const { t, canvas } = scene(context);
  await userEvent.click(
    (
      await canvas.findAllByRole('button', { name: buttonName(t('integrations.access.create')) })
    )[0]!,
  );
  return dialogSaying(context, t('integrations.drawer.companies'));
}

/**
 * The company's access parties: the app key, the companies each acts for (the main company
 * tagged), its callback or a link to configure one, and its enabled switch (with a toast saying
 * what disabling means).
 */
export const Parties: Story = {
  beforeEach: () => demoIntegrationsFrom(exampleIntegrations()),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.applicationAccess') }),
    ).toBeVisible();
    const erp = await rowOf(context, ERP.appKey);
    await expect(erp.getByText('ERP')).toBeVisible();
    await expect(erp.getByText(MAIN!.fullName)).toBeVisible();
    await expect(erp.getByText(t('integrations.access.main'))).toBeVisible();
    await expect(erp.getByText(AFFILIATE!.fullName)).toBeVisible();
    await expect(erp.getByText(ERP.callback!.url)).toBeVisible();
    const crm = await rowOf(context, 'CRM');
    await expect(crm.getByText(t('integrations.access.noCallback'))).toBeVisible();
    await expect(
      crm.getByRole('link', { name: t('integrations.access.configureCallback') }),
    ).toHaveAttribute('href', '/enterprise-console/application/application_notify?party=4');
    const off = crm.getByRole('switch', {
      name: t('integrations.access.switchLabel', { name: 'CRM' }),
    });
    await expect(off).not.toBeChecked();
    await userEvent.click(off);
    await appeared(page.findByText(t('integrations.access.enabledDone', { name: 'CRM' })));
    await waitFor(() => expect(off).toBeChecked());
    // No secret is ever listed.
    await expect(canvas.queryByText(/^sk_/)).toBeNull();
  },
};
export const PartiesZh: Story = inChinese(Parties, 'Parties');

/** On a phone: one card a party, its state beside its name. */
export const PartiesOnAPhone: Story = {
  beforeEach: () => demoIntegrationsFrom(exampleIntegrations()),
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t } = scene(context);
    const card = await cardOf(context, 'ERP');
    await expect(card.getByText(ERP.appKey)).toBeVisible();
    await expect(card.getByText(t('integrations.access.enabled'))).toBeVisible();
    await expect(
      card.getByRole('button', { name: buttonName(t('integrations.access.rotate')) }),
    ).toBeVisible();
  },
};
export const PartiesOnAPhoneZh: Story = inChinese(PartiesOnAPhone, 'Parties on a phone');

/**
 * A new party: the channel is required (the platform's message), the main company is included and
 * cannot be unchosen, an affiliate is chosen; the API secret is shown once, with the app key, and
 * the dialog closes only by saying it was saved.
 */
export const Create: Story = {
  beforeEach: () => demoIntegrationsFrom(exampleIntegrations()),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const drawer = await openCreate(context);
    // The main company is always included: said, not offered as a choice.
    await expect(
      drawer.getByText(t('integrations.drawer.mainAlways', { name: MAIN!.fullName })),
    ).toBeVisible();
    await expect(drawer.getAllByRole('checkbox')).toHaveLength(1);
    await userEvent.click(
      drawer.getByRole('button', { name: buttonName(t('integrations.drawer.submit')) }),
    );
    await appeared(drawer.findByText(message('accessNameRequired', context.args.locale)));
    await userEvent.type(drawer.getByLabelText(t('integrations.drawer.name')), 'Billing');
    await userEvent.click(drawer.getByRole('checkbox', { name: AFFILIATE!.fullName }));
    await userEvent.click(
      drawer.getByRole('button', { name: buttonName(t('integrations.drawer.submit')) }),
    );
    const secret = await dialogSaying(context, t('integrations.secret.once'));
    await expect(secret.getByLabelText(t('integrations.secret.apiSecret'))).toHaveValue(
      INTEGRATION_EXAMPLES.created.secret,
    );
    await expect(
      (secret.getByLabelText(t('integrations.secret.appKey')) as HTMLInputElement).value,
    ).toMatch(/^ak_/);
    await expect(
      secret.getAllByRole('button', { name: buttonName(t('integrations.secret.copy')) }),
    ).toHaveLength(2);
    await userEvent.click(
      secret.getByRole('button', { name: buttonName(t('integrations.secret.done')) }),
    );
    await waitFor(() => expect(page.queryByText(t('integrations.secret.once'))).toBeNull());
    const billing = await rowOf(context, 'Billing');
    await expect(billing.getByText(AFFILIATE!.fullName)).toBeVisible();
    await expect(canvas.queryByText(INTEGRATION_EXAMPLES.created.secret)).toBeNull();
  },
};
export const CreateZh: Story = inChinese(Create, 'Create');

/** The server's refusal of the main company among the associated ones stays in the drawer. */
export const MainCompanyRefused: Story = {
  beforeEach: () =>
    demoIntegrationsFrom({
      ...exampleIntegrations(),
      refuseSave: { status: 400, text: 'subCompanySelf', field: 'companyIds' },
    }),
  play: async (context) => {
    const { t } = scene(context);
    const drawer = await openCreate(context);
    await userEvent.type(drawer.getByLabelText(t('integrations.drawer.name')), 'Billing');
    await userEvent.click(
      drawer.getByRole('button', { name: buttonName(t('integrations.drawer.submit')) }),
    );
    await expect(
      (await drawer.findAllByText(message('subCompanySelf', context.args.locale)))[0],
    ).toBeVisible();
  },
};
export const MainCompanyRefusedZh: Story = inChinese(MainCompanyRefused, 'Main company refused');

/** Rotating a secret is confirmed, says how long the old one works, and shows the new one once. */
export const Rotate: Story = {
  beforeEach: () => demoIntegrationsFrom(exampleIntegrations()),
  play: async (context) => {
    const { t } = scene(context);
    const erp = await rowOf(context, ERP.appKey);
    await userEvent.click(
      erp.getByRole('button', { name: buttonName(t('integrations.access.rotate')) }),
    );
    const confirm = await dialogSaying(
      context,
      t('integrations.access.rotateBody', { hours: ACCESS_SECRET_OVERLAP_HOURS }),
    );
    await userEvent.click(
      confirm.getByRole('button', { name: buttonName(t('integrations.access.rotateOk')) }),
    );
    const secret = await dialogSaying(context, t('integrations.secret.once'));
    await expect(secret.getByLabelText(t('integrations.secret.apiSecret'))).toHaveValue(
      INTEGRATION_EXAMPLES.rotated.secret,
    );
    await userEvent.click(
      secret.getByRole('button', { name: buttonName(t('integrations.secret.done')) }),
    );
    const after = await rowOf(context, ERP.appKey);
    await waitFor(() =>
      expect(
        after.getByText(new RegExp(t('integrations.access.previousUntil', { time: '' }).trim())),
      ).toBeVisible(),
    );
  },
};
export const RotateZh: Story = inChinese(Rotate, 'Rotate');

/**
 * What an access party did through the open API: its calls, newest first, each with its answer
 * and duration and the contract it was about; "Refused only" keeps the refusals.
 */
export const ApiCalls: Story = {
  beforeEach: () => demoIntegrationsFrom(exampleIntegrations()),
  play: async (context) => {
    const { t } = scene(context);
    const erp = await rowOf(context, ERP.appKey);
    await userEvent.click(
      erp.getByRole('button', { name: buttonName(t('integrations.access.calls')) }),
    );
    const drawer = await dialogSaying(context, t('integrations.calls.hint'));
    const [created, missing] = OPEN_API_EXAMPLES.calls.records;
    await expect(await drawer.findByText(`${created!.method} ${created!.path}`)).toBeVisible();
    await expect(drawer.getByText(`HTTP ${missing!.status}`)).toBeVisible();
    await expect(
      drawer.getByRole('link', {
        name: t('integrations.calls.contract', { id: created!.contractId }),
      }),
    ).toBeVisible();
    await userEvent.click(drawer.getByRole('switch'));
    await waitFor(() =>
      expect(drawer.queryByText(`${created!.method} ${created!.path}`)).toBeNull(),
    );
    await expect(drawer.getByText(`${missing!.method} ${missing!.path}`)).toBeVisible();
  },
};
export const ApiCallsZh: Story = inChinese(ApiCalls, 'API calls');

export const ApiCallsOnAPhone: Story = {
  ...ApiCalls,
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t } = scene(context);
    const card = await cardOf(context, 'ERP');
    await userEvent.click(
      card.getByRole('button', { name: buttonName(t('integrations.access.calls')) }),
    );
    const drawer = await dialogSaying(context, t('integrations.calls.hint'));
    const [created] = OPEN_API_EXAMPLES.calls.records;
    await expect(
      await drawer.findByRole('listitem', { name: `${created!.method} ${created!.path}` }),
    ).toBeVisible();
  },
};

/** No access party yet: the screen says what one is for. */
export const Empty: Story = {
  beforeEach: () => demoIntegrationsFrom(noIntegrations()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('integrations.access.empty'))).toBeVisible();
    await expect(canvas.getByText(t('integrations.access.emptyHint'))).toBeVisible();
    await expect(
      within(
        canvas.getByText(t('integrations.access.empty')).closest('.ant-empty')! as HTMLElement,
      ).getByRole('button', { name: buttonName(t('integrations.access.create')) }),
    ).toBeVisible();
  },
};
export const EmptyZh: Story = inChinese(Empty, 'Empty');

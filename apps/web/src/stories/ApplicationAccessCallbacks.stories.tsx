import { CALLBACK_EVENT_TYPES, INTEGRATION_EXAMPLES, message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import CallbacksPage from '../pages/application/CallbacksPage';
import { demoIntegrationsFrom, exampleIntegrations, noIntegrations } from './demoIntegrations';
import {
  ON_A_PHONE,
  appeared,
  buttonName,
  cardOf,
  dialogSaying,
  inChinese,
  scene,
  companyMember,
  companyScreenMeta,
  type WebStoryArgs,
} from './webStory';

const meta = {
  title: 'Web/Enterprise/ApplicationAccessCallbacks',
  ...companyScreenMeta('/enterprise-console/application/application_notify', 'applicationNotify'),
  render: () => <CallbacksPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const { callback: CALLBACK, failing: FAILING, delivered: DELIVERED } = INTEGRATION_EXAMPLES;
const label = (type: string, locale: 'en' | 'zh') =>
  CALLBACK_EVENT_TYPES.find((info) => info.type === type)!.label[locale];

/** The delivery log's row of an event (the settings' checkboxes carry the same labels). */
async function deliveryRow(context: StoryContext<WebStoryArgs>, text: string) {
  const { t, canvas } = scene(context);
  const log = within(await canvas.findByRole('region', { name: t('integrations.log.title') }));
  return within((await log.findByText(text)).closest('tr')!);
}

/**
 * A configured callback: its settings, its state, and the deliveries — one retrying with its next
 * attempt, one delivered after a timeout — with every attempt's status, time, duration, error and
 * the answer's first 1 KB in the details.
 */
export const Configured: Story = {
  beforeEach: () => demoIntegrationsFrom(exampleIntegrations()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    const locale = context.args.locale;
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.applicationNotify') }),
    ).toBeVisible();
    await expect(await canvas.findByLabelText(t('integrations.notify.url'))).toHaveValue(
      CALLBACK.url,
    );
    await expect(canvas.getByLabelText(t('integrations.notify.maxRetries'))).toHaveValue(
      String(CALLBACK.maxRetries),
    );
    await expect(
      canvas.getByRole('checkbox', { name: label('contract.signed', locale) }),
    ).toBeChecked();
    await expect(
      canvas.getByRole('checkbox', { name: label('contract.expired', locale) }),
    ).not.toBeChecked();
    await expect(canvas.getByText(t('integrations.notify.enabled'))).toBeVisible();
    const retrying = await deliveryRow(context, label(FAILING.eventType, locale));
    await expect(retrying.getByText(t('integrations.log.status.pending'))).toBeVisible();
    await expect(
      retrying.getByText(t('integrations.log.httpStatus', { status: 503 })),
    ).toBeVisible();
    const delivered = await deliveryRow(context, label(DELIVERED.eventType, locale));
    await expect(delivered.getByText(t('integrations.log.status.delivered'))).toBeVisible();
    await userEvent.click(
      delivered.getByRole('button', { name: buttonName(t('integrations.log.view')) }),
    );
    const details = await dialogSaying(context, t('integrations.log.attempt', { attempt: 1 }));
    await expect(details.getByText(DELIVERED.attemptLog[1]!.error!)).toBeVisible();
    await expect(details.getByText('{"received":true}')).toBeVisible();
    await expect(details.getByText(t('integrations.log.noAnswer'))).toBeVisible();
  },
};
export const ConfiguredZh: Story = inChinese(Configured, 'Configured');

/** On a phone: the settings in one column, the deliveries as cards. */
export const ConfiguredOnAPhone: Story = {
  beforeEach: () => demoIntegrationsFrom(exampleIntegrations()),
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t } = scene(context);
    const locale = context.args.locale;
    const card = await cardOf(context, `${label(FAILING.eventType, locale)} ${FAILING.id}`);
    await expect(card.getByText(t('integrations.log.status.pending'))).toBeVisible();
    await expect(
      card.getByRole('button', { name: buttonName(t('integrations.log.view')) }),
    ).toBeVisible();
  },
};
export const ConfiguredOnAPhoneZh: Story = inChinese(ConfiguredOnAPhone, 'Configured on a phone');

/** Spec 001 §5: the timeouts and retries must be numeric, said at the field in the user's language. */
export const NotNumeric: Story = {
  beforeEach: () => demoIntegrationsFrom(exampleIntegrations()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    const field = await canvas.findByLabelText(t('integrations.notify.connectTimeout'));
    await userEvent.clear(field);
    await userEvent.type(field, 'fast');
    await userEvent.tab();
    await appeared(
      canvas.findByText(message('callbackConnectTimeoutNumeric', context.args.locale)),
    );
    const retries = canvas.getByLabelText(t('integrations.notify.maxRetries'));
    await userEvent.clear(retries);
    await userEvent.type(retries, '20');
    await userEvent.tab();
    await appeared(canvas.findByText(message('callbackMaxRetriesRange', context.args.locale)));
  },
};
export const NotNumericZh: Story = inChinese(NotNumeric, 'Not numeric');

/** "Send test event": queued, then delivered in the log. */
export const TestEvent: Story = {
  beforeEach: () => demoIntegrationsFrom(exampleIntegrations()),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('integrations.notify.test')) }),
    );
    await appeared(page.findByText(t('integrations.notify.testSent')));
    const row = await deliveryRow(context, t('integrations.log.testEvent'));
    await waitFor(
      () => expect(row.getByText(t('integrations.log.status.delivered'))).toBeVisible(),
      { timeout: 5000 },
    );
  },
};
export const TestEventZh: Story = inChinese(TestEvent, 'Test event');

/** A callback whose endpoint answered 410 Gone: disabled, saying why, with Enable. */
export const Gone: Story = {
  beforeEach: () =>
    demoIntegrationsFrom({
      ...exampleIntegrations(),
      callbacks: [structuredClone(INTEGRATION_EXAMPLES.callbackGone)],
    }),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const alert = await canvas.findByText(/410 Gone/);
    await expect(alert).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('integrations.notify.test')) }),
    ).toBeDisabled();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('integrations.notify.enable')) }),
    );
    await appeared(page.findByText(t('integrations.notify.enabledDone')));
    await expect(await canvas.findByText(t('integrations.notify.enabled'))).toBeVisible();
  },
};
export const GoneZh: Story = inChinese(Gone, 'Gone');

/**
 * A party without a callback: the settings start from the defaults with every type chosen; the
 * first save shows the signing secret once.
 */
export const FirstCallback: Story = {
  beforeEach: () => demoIntegrationsFrom(exampleIntegrations()),
  parameters: {
    web: {
      path: '/enterprise-console/application/application_notify?party=4',
      routeTitle: 'applicationNotify',
      demo: { user: companyMember('admin') },
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('integrations.notify.notConfigured'))).toBeVisible();
    await userEvent.type(
      canvas.getByLabelText(t('integrations.notify.url')),
      'https://crm.example.com/hooks',
    );
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('integrations.notify.save')) }),
    );
    const secret = await dialogSaying(context, t('integrations.secret.once'));
    await expect(secret.getByLabelText(t('integrations.secret.signingSecret'))).toHaveValue(
      INTEGRATION_EXAMPLES.callbackCreated.signingSecret,
    );
    await userEvent.click(
      secret.getByRole('button', { name: buttonName(t('integrations.secret.done')) }),
    );
    await expect(await canvas.findByText(t('integrations.log.empty'))).toBeVisible();
  },
};
export const FirstCallbackZh: Story = inChinese(FirstCallback, 'First callback');

/** No access party yet: a callback needs one, and the screen leads there. */
export const NoParties: Story = {
  beforeEach: () => demoIntegrationsFrom(noIntegrations()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('integrations.notify.noParties'))).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t('integrations.notify.toAccess') }),
    ).toHaveAttribute('href', '/enterprise-console/application/access');
  },
};
export const NoPartiesZh: Story = inChinese(NoParties, 'No parties');

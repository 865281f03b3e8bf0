import {
  CLICK_DEBOUNCE_MS,
  ORDER_EXAMPLES,
  formatYuan,
  message,
  type Order,
  type SignPackage,
} from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLocation } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import DirectlyTemplatePage from '../pages/contract/launch/DirectlyTemplatePage';
import ConfirmPage from '../pages/cost/ConfirmPage';
import MallPage from '../pages/cost/MallPage';
import SubmitPage from '../pages/cost/SubmitPage';
import { demoFeesFrom, exampleFees, liveQrCode } from './demoFees';
import {
  ON_A_PHONE,
  appeared,
  buttonName,
  dialogSaying,
  inChinese,
  scene,
  companyMember,
  companyScreenMeta,
  type WebStoryArgs,
} from './webStory';

/** The demo user as the company's administrator: buying needs `account:buy`. */
const COMPANY_ADMIN = companyMember('admin');

/** The buying screens as the app routes them: the one the address names (mall, confirm, submit). */
function Buying() {
  const { pathname } = useLocation();
  if (pathname.endsWith('/confirm')) return <ConfirmPage />;
  if (pathname.endsWith('/submit')) return <SubmitPage />;
  return <MallPage />;
}

const MALL = '/enterprise-console/mall';
const SUBMIT = `/enterprise-console/submit?orderId=${ORDER_EXAMPLES.unpaid.id}`;

const meta = {
  title: 'Web/Fees/Buying a package',
  ...companyScreenMeta(MALL, 'mall'),
  render: () => <Buying />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const [ENTERPRISE_100] = ORDER_EXAMPLES.packages;

/** A package of evidence report copies on sale beside the signing packages (a fixture). */
const EVIDENCE_10: SignPackage = {
  ...ENTERPRISE_100!,
  id: '9',
  unit: 'evidence',
  name: 'Evidence reports 10',
  nameZh: '出证 10 份',
  signings: 10,
  priceFen: 18_000,
};

const withEvidence = () => ({
  ...exampleFees(),
  packages: [...structuredClone(ORDER_EXAMPLES.packages), EVIDENCE_10],
});

/**
 * The company's mall: the packages on sale grouped by what they hold — signings, then evidence
 * report copies — each with its units, price in yuan and one year of validity.
 */
export const Mall: Story = {
  beforeEach: () => demoFeesFrom(withEvidence()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    const locale = context.args.locale;
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.mall') }),
    ).toBeVisible();
    const signings = within(canvas.getByRole('region', { name: t('fees.mall.group.signing') }));
    const name = locale === 'zh' ? ENTERPRISE_100!.nameZh : ENTERPRISE_100!.name;
    const card = within(signings.getByRole('listitem', { name }));
    await expect(card.getByText(formatYuan(ENTERPRISE_100!.priceFen, locale))).toBeVisible();
    await expect(card.getByText(t('fees.units.signing', { count: 100 }))).toBeVisible();
    await expect(card.getByText(t('fees.mall.validYear'))).toBeVisible();
    const evidence = within(canvas.getByRole('region', { name: t('fees.mall.group.evidence') }));
    await expect(evidence.getByText(t('fees.units.evidence', { count: 10 }))).toBeVisible();
    await expect(
      card.getByRole('button', { name: t('fees.mall.buyLabel', { name }) }),
    ).toBeVisible();
  },
};
export const MallZh: Story = inChinese(Mall, 'Mall');

/** On a phone the packages stand one under the other, whole. */
export const MallOnAPhone: Story = { ...Mall, name: 'Mall on a phone', globals: ON_A_PHONE };

/**
 * Buying: the package's confirmation counts the total as the quantity changes; submitted without
 * the purchase agreement, the server's refusal is shown at the agreement; accepted, the order is
 * made and its payment opens.
 */
export const ConfirmAndSubmit: Story = {
  beforeEach: () => demoFeesFrom(exampleFees()),
  parameters: {
    web: {
      path: `/enterprise-console/confirm?packageId=${ENTERPRISE_100!.id}`,
      routeTitle: 'orderConfirm',
      demo: { user: COMPANY_ADMIN },
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const locale = context.args.locale;
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.orderConfirm') }),
    ).toBeVisible();
    const quantity = canvas.getByRole('spinbutton', { name: t('fees.confirm.quantity') });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await waitFor(() =>
      expect(canvas.getByText(formatYuan(ENTERPRISE_100!.priceFen * 2, locale))).toBeVisible(),
    );
    const submit = canvas.getByRole('button', { name: buttonName(t('fees.confirm.submit')) });
    await userEvent.click(submit);
    await expect(
      (await canvas.findAllByText(message('purchaseAgreementRequired', locale), { exact: false }))
        .length,
    ).toBeGreaterThan(0);
    await userEvent.click(canvas.getByRole('checkbox', { name: t('fees.confirm.accept') }));
    // A second submission within a second is taken for a double click and dropped (useSubmit).
    await new Promise((resolve) => setTimeout(resolve, CLICK_DEBOUNCE_MS + 50));
    await userEvent.click(submit);
    // The order's payment: what it is, and the methods to pay it with.
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.orderSubmit') }),
    ).toBeVisible();
    // Asked again as it shows (the page asks every 2 s): the cell is looked up each time.
    await waitFor(() => expect(canvas.getByText(ORDER_EXAMPLES.unpaid.number)).toBeVisible());
  },
};
export const ConfirmAndSubmitZh: Story = inChinese(ConfirmAndSubmit, 'Confirm and submit');

const unpaid = (): Order => structuredClone(ORDER_EXAMPLES.unpaid);
const paid = (): Order => structuredClone(ORDER_EXAMPLES.paid);

/**
 * Paying: Alipay's QR code is drawn with its countdown; the development provider says that no
 * money moves and offers its page; the page asks for the order every 2 s and, the payment made
 * elsewhere, says so without a reload, with the way to the wallet and the orders.
 */
export const Pay: Story = {
  beforeEach: () =>
    demoFeesFrom({
      ...exampleFees(),
      // The order as the server answers it while the page asks: unpaid three times, then paid.
      orderAnswers: { [ORDER_EXAMPLES.unpaid.id]: [unpaid(), unpaid(), unpaid(), paid()] },
    }),
  parameters: { web: { path: SUBMIT, routeTitle: 'orderSubmit', demo: { user: COMPANY_ADMIN } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const locale = context.args.locale;
    const amount = formatYuan(ORDER_EXAMPLES.unpaid.amountFen, locale);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: buttonName(t('fees.submit.getCode', { amount })),
      }),
    );
    const method = t('fees.method.alipay');
    await expect(await canvas.findByLabelText(t('fees.submit.qrLabel', { method }))).toBeVisible();
    await expect(canvas.getByText(t('fees.submit.development'))).toBeVisible();
    const link = canvas.getByRole('link', { name: t('fees.submit.openPaymentPage') });
    await expect(link.getAttribute('href')).toBe(ORDER_EXAMPLES.qrCode.qrText);
    await expect(link.getAttribute('target')).toBe('_blank');
    await expect(canvas.getByText(/\d+:\d{2}/)).toBeVisible();
    await expect(
      await canvas.findByText(t('fees.submit.paid'), {}, { timeout: 12_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: t('fees.submit.openWallet') })).toBeVisible();
  },
};
export const PayZh: Story = inChinese(Pay, 'Pay');

/**
 * A code that lapsed before it was paid: "QR code expired, please refresh"; Refresh asks for a new
 * code, which counts down again.
 */
export const QrCodeExpired: Story = {
  beforeEach: () =>
    demoFeesFrom({
      ...exampleFees(),
      qrCodes: [structuredClone(ORDER_EXAMPLES.qrCode), liveQrCode()],
      orderAnswers: { [ORDER_EXAMPLES.unpaid.id]: [unpaid()] },
    }),
  parameters: { web: { path: SUBMIT, routeTitle: 'orderSubmit', demo: { user: COMPANY_ADMIN } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const locale = context.args.locale;
    const amount = formatYuan(ORDER_EXAMPLES.unpaid.amountFen, locale);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: buttonName(t('fees.submit.getCode', { amount })),
      }),
    );
    await expect(await canvas.findByText(message('qrCodeExpired', locale))).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('fees.submit.refresh')) }),
    );
    await waitFor(() => expect(canvas.queryByText(message('qrCodeExpired', locale))).toBeNull());
    // The new code counts down again.
    await expect(await canvas.findByText(/\d+:\d{2}/)).toBeVisible();
  },
};
export const QrCodeExpiredZh: Story = inChinese(QrCodeExpired, 'QR code expired');

/** An order whose payment window closed unpaid: it says so and offers the packages again. */
export const Lapsed: Story = {
  beforeEach: () =>
    demoFeesFrom({
      ...exampleFees(),
      orderAnswers: {
        [ORDER_EXAMPLES.unpaid.id]: [
          { ...unpaid(), status: 'invalid', invalidReason: 'lapsed', payBefore: null },
        ],
      },
    }),
  parameters: { web: { path: SUBMIT, routeTitle: 'orderSubmit', demo: { user: COMPANY_ADMIN } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('fees.submit.ended.lapsed'))).toBeVisible();
    await expect(canvas.getByText(t('fees.submit.endedHint.lapsed'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('fees.submit.buyAgain')) }),
    ).toBeVisible();
  },
};
export const LapsedZh: Story = inChinese(Lapsed, 'Lapsed');

/**
 * Initiating with no signing left: the server's refusal, and "Buy signings" opening the company's
 * mall in a new tab while the contract stays on the page.
 */
export const NoSigningsLeft: Story = {
  beforeEach: () => demoFeesFrom({ ...exampleFees(), noSigningsMall: '/enterprise-console/mall' }),
  parameters: {
    web: {
      path: '/agency-contract/directly-template?templateId=202',
      routeTitle: 'directlyTemplate',
      demo: { user: COMPANY_ADMIN },
    },
  },
  render: () => <DirectlyTemplatePage />,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const locale = context.args.locale;
    await userEvent.type(
      await canvas.findByRole('textbox', {
        name: t('contractLaunch.partyNameOf', { party: 'B' }),
      }),
      'Zhao Min',
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: t('contractLaunch.partyPhoneOf', { party: 'B' }) }),
      '13800000008',
    );
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('common.next')) }));
    await userEvent.click(
      await canvas.findByRole(
        'button',
        { name: buttonName(t('contractLaunch.send')) },
        { timeout: 8_000 },
      ),
    );
    const summary = await dialogSaying(context, t('contractLaunch.summary.title'));
    await userEvent.click(
      summary.getByRole('button', { name: buttonName(t('contractLaunch.summary.send')) }),
    );
    const refusal = await dialogSaying(context, message('noSigningsLeft', locale));
    const buy = refusal.getByRole('link', { name: buttonName(t('fees.noSignings.buy')) });
    await expect(buy.getAttribute('href')).toBe('/enterprise-console/mall');
    await expect(buy.getAttribute('target')).toBe('_blank');
    await appeared(page.findByText(t('fees.noSignings.keep')));
  },
};
export const NoSigningsLeftZh: Story = inChinese(NoSigningsLeft, 'No signings left');

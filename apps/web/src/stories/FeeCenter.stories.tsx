import { FEE_EXAMPLES, ORDER_EXAMPLES, formatYuan, type Order } from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import BillsPage from '../pages/cost/BillsPage';
import CompanyAccountPage from '../pages/cost/CompanyAccountPage';
import GiftsPage from '../pages/cost/GiftsPage';
import OrdersPage from '../pages/cost/OrdersPage';
import WalletPage from '../pages/cost/WalletPage';
import { session } from '../session';
import { demoFeesFrom, exampleFees } from './demoFees';
import {
  ON_A_PHONE,
  appeared,
  buttonName,
  cardOf,
  dialogSaying,
  inChinese,
  rowOf,
  scene,
  companyMember,
  companyScreenMeta,
  type WebStoryArgs,
} from './webStory';

/** The demo user as the company's administrator: the fee center needs `fee:*`. */
const COMPANY_ADMIN = companyMember('admin');

const meta = {
  title: 'Web/Fees/Fee center',
  ...companyScreenMeta('/enterprise-console/cost/wallet', 'wallet'),
  render: () => <WalletPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const [GIFT, PACKAGE] = FEE_EXAMPLES.wallet.sources;
const [CONSUMED] = FEE_EXAMPLES.consumeRecords;

/**
 * The company's wallet: per unit what remains, what contracts hold and what ends within 30 days;
 * the sources in the order they are spent, the welcome gift first and marked as expiring soon;
 * the consume records with their counts, each contract to its details.
 */
export const Wallet: Story = {
  beforeEach: () => demoFeesFrom(exampleFees()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    const locale = context.args.locale;
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.wallet') }),
    ).toBeVisible();
    const signings = within(
      await canvas.findByRole('listitem', { name: t('fees.wallet.remaining.signing') }),
    );
    await expect(signings.getByText('115')).toBeVisible();
    await expect(signings.getByText('18')).toBeVisible();
    // The sources, in the order they are spent: the gift that ends first, then the package.
    const sources = within(canvas.getByRole('region', { name: t('fees.wallet.sources') }));
    const rows = sources.getAllByRole('row').slice(1);
    const gift = within(rows[0]!);
    await expect(gift.getByText(locale === 'zh' ? GIFT!.nameZh : GIFT!.name)).toBeVisible();
    await expect(gift.getByText(t('fees.wallet.expiringSoon'))).toBeVisible();
    const bought = within(rows[1]!);
    await expect(bought.getByText(locale === 'zh' ? PACKAGE!.nameZh : PACKAGE!.name)).toBeVisible();
    await expect(bought.queryByText(t('fees.wallet.expiringSoon'))).toBeNull();
    const record = await rowOf(context, CONSUMED!.contractName);
    await expect(record.getByText(t('fees.consumeState.consumed'))).toBeVisible();
    await expect(
      record.getByRole('link', { name: CONSUMED!.contractName }).getAttribute('href'),
    ).toBe(`/agency-contract/contractDetails?id=${CONSUMED!.contractId}`);
    await expect(canvas.getByText(t('fees.counts.thisMonth', { count: 1 }))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('fees.export')) }));
    await appeared(
      scene(context).page.findByText(t('fees.exported', { name: 'consume-records.xlsx' })),
    );
  },
};
export const WalletZh: Story = inChinese(Wallet, 'Wallet');

/** The wallet on a phone: sources and records as cards. */
export const WalletOnAPhone: Story = {
  ...Wallet,
  name: 'Wallet on a phone',
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const sources = within(await canvas.findByRole('region', { name: t('fees.wallet.sources') }));
    // The signings' welcome gift, spent first (the evidence copies' gift has the same name).
    const [first] = await sources.findAllByRole('listitem', { name: GIFT!.name });
    const card = within(first!);
    await expect(card.getByText(t('fees.wallet.expiringSoon'))).toBeVisible();
    const record = await cardOf(context, CONSUMED!.contractName);
    await expect(record.getByText(t('fees.consumeState.consumed'))).toBeVisible();
  },
};

/**
 * The corporate account: the wallet's figures, "Buy" to the company's mall and the way into the
 * fee center.
 */
export const CompanyAccount: Story = {
  beforeEach: () => demoFeesFrom(exampleFees()),
  parameters: {
    web: {
      path: '/enterprise-console/account',
      routeTitle: 'companyAccount',
      demo: { user: COMPANY_ADMIN },
    },
  },
  render: () => <CompanyAccountPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.companyAccount') }),
    ).toBeVisible();
    const evidence = within(
      await canvas.findByRole('listitem', { name: t('fees.wallet.remaining.evidence') }),
    );
    await expect(evidence.getByText('2')).toBeVisible();
    await expect(canvas.getByRole('button', { name: buttonName(t('fees.buy')) })).toBeVisible();
    const links = within(canvas.getByRole('navigation', { name: t('fees.overview.links') }));
    await expect(links.getByRole('link', { name: t('routes.wallet') }).getAttribute('href')).toBe(
      '/enterprise-console/cost/wallet',
    );
    await expect(links.getByRole('link', { name: t('routes.gifts') }).getAttribute('href')).toBe(
      '/enterprise-console/cost/free',
    );
  },
};
export const CompanyAccountZh: Story = inChinese(CompanyAccount, 'Company account');

const pendingOrder: Order = {
  ...structuredClone(ORDER_EXAMPLES.unpaid),
  id: '42',
  number: 'DD2026120500000042',
};

/**
 * The personal console's orders: the totals (sum-order), each order's status, "Pay" for the one
 * waiting for payment, and an order's details in a drawer.
 */
export const Orders: Story = {
  args: { session: 'personal' },
  beforeEach: () =>
    demoFeesFrom({
      ...exampleFees(),
      orders: [pendingOrder, structuredClone(ORDER_EXAMPLES.paid)],
      summary: { ...ORDER_EXAMPLES.summary, pendingPayment: 1 },
    }),
  parameters: { web: { path: '/cost-center/order', routeTitle: 'orders' } },
  render: () => <OrdersPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const locale = context.args.locale;
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.orders') }),
    ).toBeVisible();
    await expect(
      await canvas.findByText(formatYuan(ORDER_EXAMPLES.summary.paidFen, locale), {
        selector: '.fee-figure-value',
      }),
    ).toBeVisible();
    const waiting = await rowOf(context, pendingOrder.number);
    await expect(waiting.getByText(t('fees.orderStatus.pendingPayment'))).toBeVisible();
    await expect(
      waiting.getByRole('button', {
        name: t('fees.orders.payLabel', { number: pendingOrder.number }),
      }),
    ).toBeVisible();
    const paid = await rowOf(context, ORDER_EXAMPLES.paid.number);
    await expect(paid.getByText(t('fees.orderStatus.inEffect'))).toBeVisible();
    await expect(
      paid.queryByRole('button', {
        name: t('fees.orders.payLabel', { number: ORDER_EXAMPLES.paid.number }),
      }),
    ).toBeNull();
    await userEvent.click(
      paid.getAllByRole('button', {
        name: t('fees.orders.viewLabel', { number: ORDER_EXAMPLES.paid.number }),
      })[0]!,
    );
    const drawer = await dialogSaying(
      context,
      t('fees.orders.detailTitle', { number: ORDER_EXAMPLES.paid.number }),
    );
    await expect(
      drawer.getByText(t('fees.orders.usedRemaining', { used: 3, remaining: 97 })),
    ).toBeVisible();
    await expect(drawer.getByText(t('fees.method.alipay'), { exact: false })).toBeVisible();
  },
};
export const OrdersZh: Story = inChinese(Orders, 'Orders');

/** The bills: each payment, what they amount to in all, and the export. */
export const Bills: Story = {
  beforeEach: () => demoFeesFrom(exampleFees()),
  parameters: {
    web: {
      path: '/enterprise-console/cost/bill',
      routeTitle: 'bills',
      demo: { user: COMPANY_ADMIN },
    },
  },
  render: () => <BillsPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const locale = context.args.locale;
    const [bill] = FEE_EXAMPLES.bills;
    const row = await rowOf(context, bill!.orderNumber);
    await expect(row.getByText(t('fees.method.alipay'))).toBeVisible();
    await expect(
      canvas.getByText(
        t('fees.bills.total', { count: 1, amount: formatYuan(bill!.amountFen, locale) }),
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: buttonName(t('fees.export')) })).toBeEnabled();
  },
};
export const BillsZh: Story = inChinese(Bills, 'Bills');

/** The platform's gifts: the welcome gift with what is left, its expiry and its status. */
export const Gifts: Story = {
  args: { session: 'personal' },
  beforeEach: () => demoFeesFrom(exampleFees()),
  parameters: { web: { path: '/cost-center/gave', routeTitle: 'gifts' } },
  render: () => <GiftsPage />,
  play: async (context) => {
    const { t } = scene(context);
    const row = await rowOf(context, context.args.locale === 'zh' ? '新用户赠送' : 'Welcome gift');
    await expect(row.getByText(t('fees.giftStatus.inEffect'))).toBeVisible();
    await expect(row.getByText(t('fees.units.signing', { count: 20 }))).toBeVisible();
  },
};
export const GiftsZh: Story = inChinese(Gifts, 'Gifts');

/**
 * A platform of system type 1 has no fees: an address typed by hand says so, and nothing offers to
 * buy.
 */
export const NoFees: Story = {
  args: { session: 'personal' },
  beforeEach: () => {
    const { tenantId } = session.getState();
    session.getState().setSystem({ tenantId, sysType: 1 });
    return () => session.getState().setSystem({ tenantId, sysType: 0 });
  },
  parameters: { web: { path: '/cost-center/wallet', routeTitle: 'wallet' } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('fees.unavailable') }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: buttonName(t('fees.buy')) })).toBeNull();
  },
};
export const NoFeesZh: Story = inChinese(NoFees, 'No fees');

import {
  INVOICE_EXAMPLES,
  PAPER_INVOICE_COURIER_FEE_FEN,
  formatYuan,
  message,
} from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import InvoicesPage from '../pages/invoices/InvoicesPage';
import { demoInvoicesFrom, exampleInvoices } from './demoInvoices';
import {
  ON_A_PHONE,
  buttonName,
  appeared,
  cardOf,
  dialogSaying,
  inChinese,
  rowOf,
  scene,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

const meta = {
  title: 'Web/Fees/Invoices',
  ...webStoryMeta,
  // The personal console's person holds every permission, fee:invoice included.
  args: { ...webStoryMeta.args, session: 'personal' },
  parameters: { web: { path: '/cost-center/open-ticket', routeTitle: 'invoices' } },
  render: () => <InvoicesPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const {
  requested: REQUESTED,
  issued: ISSUED,
  mailed: MAILED,
  rejected: REJECTED,
} = INVOICE_EXAMPLES;
const [ORDER, PARTLY_INVOICED] = INVOICE_EXAMPLES.invoiceable;

/** The drawer of "Request an invoice", once open. */
async function openRequest(context: Parameters<NonNullable<Story['play']>>[0]) {
  const { t, canvas } = scene(context);
  await userEvent.click(
    (await canvas.findAllByRole('button', { name: buttonName(t('invoices.request')) }))[0]!,
  );
  return dialogSaying(context, t('invoices.form.orders'));
}

/**
 * The console's requests, newest first, each with its state and what the state recorded: the
 * issued invoice's number and where it was sent, the paper one's tracking number and courier fee
 * (paid on delivery), the rejection's reason.
 */
export const Requests: Story = {
  beforeEach: () => demoInvoicesFrom(exampleInvoices()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    const locale = context.args.locale;
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.invoices') }),
    ).toBeVisible();
    const requested = await rowOf(context, REQUESTED.number);
    await expect(requested.getByText(t('invoices.status.requested'))).toBeVisible();
    await expect(requested.getByText(t('invoices.statusHint.requested'))).toBeVisible();
    await expect(requested.getByText(formatYuan(REQUESTED.amountFen, locale))).toBeVisible();
    const issued = await rowOf(context, ISSUED.number);
    await expect(issued.getByText(t('invoices.status.issued'))).toBeVisible();
    await expect(
      issued.getByText(t('invoices.statusHint.issued', { number: ISSUED.invoiceNumber })),
    ).toBeVisible();
    await expect(issued.getByText(t('invoices.sentTo', { email: ISSUED.sentTo }))).toBeVisible();
    const mailed = await rowOf(context, MAILED.number);
    await expect(mailed.getByText(t('invoices.status.mailed'))).toBeVisible();
    await expect(
      mailed.getByText(t('invoices.tracking', { number: MAILED.trackingNumber })),
    ).toBeVisible();
    await expect(
      mailed.getByText(
        t('invoices.courierOnDelivery', {
          fee: formatYuan(PAPER_INVOICE_COURIER_FEE_FEN, locale),
        }),
      ),
    ).toBeVisible();
    const rejected = await rowOf(context, REJECTED.number);
    await expect(
      rejected.getByText(t('invoices.statusHint.rejected', { reason: REJECTED.rejectReason })),
    ).toBeVisible();
    await expect(canvas.getByText(t('invoices.total', { count: 4 }))).toBeVisible();
    // Testers' moves exist only where the server serves them (development).
    await expect(canvas.queryByText(t('invoices.dev.hint'))).toBeNull();
  },
};
export const RequestsZh: Story = inChinese(Requests, 'Requests');

/** The same requests on a phone: one card each, the state beside the title. */
export const RequestsOnAPhone: Story = {
  ...Requests,
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t } = scene(context);
    const card = await cardOf(context, `${MAILED.number} ${MAILED.title}`);
    await expect(card.getByText(t('invoices.status.mailed'))).toBeVisible();
    await expect(
      card.getByText(t('invoices.orderLine', { number: MAILED.items[0]!.orderNumber })),
    ).toBeVisible();
  },
};
export const RequestsOnAPhoneZh: Story = inChinese(RequestsOnAPhone, 'Requests on a phone');

/** No request yet: the screen says how to ask for one. */
export const Empty: Story = {
  beforeEach: () => demoInvoicesFrom({ ...exampleInvoices(), requests: [] }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('invoices.empty'))).toBeVisible();
    await expect(canvas.getByText(t('invoices.emptyHint'))).toBeVisible();
    await expect(
      canvas.getAllByRole('button', { name: buttonName(t('invoices.request')) }).length,
    ).toBe(2);
  },
};
export const EmptyZh: Story = inChinese(Empty, 'Empty');

/**
 * An electronic VAT general invoice: the paid orders with what remains of each, one chosen (the
 * total follows), the title suggested, the email typed; the request is listed as requested.
 */
export const RequestElectronic: Story = {
  beforeEach: () => demoInvoicesFrom({ ...exampleInvoices(), requests: [] }),
  play: async (context) => {
    const { t, page } = scene(context);
    const locale = context.args.locale;
    const drawer = await openRequest(context);
    const choice = await drawer.findByRole('checkbox', {
      name: t('invoices.form.orderLabel', {
        number: ORDER!.orderNumber,
        remaining: formatYuan(ORDER!.remainingFen, locale),
      }),
    });
    await expect(
      drawer.getByText(
        t('invoices.form.partly', {
          remaining: formatYuan(PARTLY_INVOICED!.remainingFen, locale),
          amount: formatYuan(PARTLY_INVOICED!.amountFen, locale),
        }),
      ),
    ).toBeVisible();
    // Nothing chosen: the server's own message.
    await userEvent.click(
      drawer.getByRole('button', { name: buttonName(t('invoices.form.submit')) }),
    );
    await appeared(drawer.findByText(message('invoiceOrdersRequired', locale)));
    await userEvent.click(choice);
    await expect(drawer.getByRole('status')).toHaveTextContent(
      formatYuan(ORDER!.remainingFen, locale),
    );
    await expect(drawer.getByLabelText(t('invoices.form.fields.title'))).toHaveValue('Li Wei');
    await userEvent.type(
      drawer.getByLabelText(t('invoices.form.fields.email')),
      'li.wei@example.com',
    );
    // An electronic invoice asks for no mailing address.
    await expect(drawer.queryByLabelText(t('invoices.form.fields.address'))).toBeNull();
    await userEvent.click(
      drawer.getByRole('button', { name: buttonName(t('invoices.form.submit')) }),
    );
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    const row = await rowOf(context, t('invoices.orderLine', { number: ORDER!.orderNumber }));
    await expect(row.getByText(t('invoices.status.requested'))).toBeVisible();
    await expect(row.getByText('Li Wei')).toBeVisible();
  },
};
export const RequestElectronicZh: Story = inChinese(RequestElectronic, 'Request electronic');

/**
 * A paper VAT special invoice: the bank and registration details and the mailing fields appear,
 * with the courier fee paid on delivery; each field is held to the server's rules (spec 001 §5).
 */
export const RequestPaperSpecial: Story = {
  beforeEach: () => demoInvoicesFrom({ ...exampleInvoices(), requests: [] }),
  play: async (context) => {
    const { t } = scene(context);
    const locale = context.args.locale;
    const drawer = await openRequest(context);
    // antd's radio buttons are their labels (the inputs take no pointer).
    await userEvent.click(drawer.getByText(t('invoices.types.vatSpecial')));
    await userEvent.click(drawer.getByText(t('invoices.forms.paper')));
    await expect(
      await drawer.findByText(
        t('invoices.form.courierFee', { fee: formatYuan(PAPER_INVOICE_COURIER_FEE_FEN, locale) }),
      ),
    ).toBeVisible();
    await expect(drawer.getByText(t('invoices.form.courierFeeHint'))).toBeVisible();
    await userEvent.type(drawer.getByLabelText(t('invoices.form.fields.address')), '址'.repeat(34));
    await userEvent.type(
      drawer.getByLabelText(t('invoices.form.fields.bankName')),
      '行'.repeat(21),
    );
    await userEvent.click(
      drawer.getByRole('button', { name: buttonName(t('invoices.form.submit')) }),
    );
    for (const key of [
      'invoiceAddressTooLong',
      'invoiceBankNameTooLong',
      'invoiceBankAccountRequired',
      'invoiceRecipientRequired',
      'invoiceTaxpayerNumberRequired',
    ] as const) {
      await appeared(drawer.findByText(message(key, locale)));
    }
  },
};
export const RequestPaperSpecialZh: Story = inChinese(RequestPaperSpecial, 'Request paper special');

/**
 * The server refuses: the order was invoiced meanwhile (its answer, as a story's fixture). The
 * refusal stays in the drawer, at the orders.
 */
export const RefusedAsOverInvoiced: Story = {
  beforeEach: () =>
    demoInvoicesFrom({
      ...exampleInvoices(),
      refuseApply: {
        status: 409,
        text: 'invoiceAmountExceeded',
        data: { field: 'items', orderId: ORDER!.orderId, remainingFen: 0 },
      },
    }),
  play: async (context) => {
    const { t } = scene(context);
    const locale = context.args.locale;
    const drawer = await openRequest(context);
    await userEvent.click(
      await drawer.findByRole('checkbox', {
        name: t('invoices.form.orderLabel', {
          number: ORDER!.orderNumber,
          remaining: formatYuan(ORDER!.remainingFen, locale),
        }),
      }),
    );
    await userEvent.type(drawer.getByLabelText(t('invoices.form.fields.email')), 'li@example.com');
    await userEvent.click(
      drawer.getByRole('button', { name: buttonName(t('invoices.form.submit')) }),
    );
    // Above the form, and at the orders it names.
    const refusal = message('invoiceAmountExceeded', locale);
    await waitFor(() => expect(drawer.getAllByText(refusal)).toHaveLength(2));
  },
};
export const RefusedAsOverInvoicedZh: Story = inChinese(RefusedAsOverInvoiced, 'Refused');

/**
 * On a development server, a tester moves a request on as the operator would: issuing it shows
 * the development invoice's number, sent to the request's email, marked as no real invoice.
 */
export const DevelopmentMoves: Story = {
  beforeEach: () => demoInvoicesFrom({ ...exampleInvoices(), devAdvance: true }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('invoices.dev.hint'))).toBeVisible();
    const row = await rowOf(context, REQUESTED.number);
    await userEvent.click(
      row.getByRole('button', {
        name: t('invoices.dev.label', { move: t('invoices.dev.issue'), number: REQUESTED.number }),
      }),
    );
    await expect(await row.findByText(t('invoices.developmentInvoice'))).toBeVisible();
    await expect(row.getByText(t('invoices.sentTo', { email: REQUESTED.email }))).toBeVisible();
    // A mailed paper invoice and a rejected request offer nothing more.
    const mailed = await rowOf(context, MAILED.number);
    await expect(mailed.queryByRole('button')).toBeNull();
  },
};

/** A member whose role does not grant fee:invoice (the demo company's employee) is told so. */
export const WithoutPermission: Story = {
  args: { session: 'company' },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('noPermission.title'))).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: buttonName(t('invoices.request')) }),
    ).toBeNull();
  },
};

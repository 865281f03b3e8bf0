import { message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { COMPANY_AUTH_EN } from '../i18n/areas/companyAuth.en';
import RealNameCompanyPage from '../pages/companyAuth/RealNameCompanyPage';
import CustomAuthBusinessPage from '../pages/companyAuth/CustomAuthBusinessPage';
import CustomAuthPersonalPage from '../pages/companyAuth/CustomAuthPersonalPage';
import {
  DEMO_TRANSFER_AMOUNT,
  DEMO_VERIFIED_COMPANY,
  demoApplication,
  demoCompanyAuthFrom,
} from './demoCompanyAuth';
import {
  buttonName,
  inChinese,
  scene,
  webStoryMeta,
  type WebStoryArgs,
  appeared,
} from './webStory';

const meta = {
  title: 'Web/RealName/CompanyAuth',
  ...webStoryMeta,
  parameters: { web: { path: '/real-name/company', routeTitle: 'realNameCompany' } },
  render: () => <RealNameCompanyPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;

/** A string of this area's screens. */
type PageKey = `companyAuthPage.${Exclude<keyof typeof COMPANY_AUTH_EN, 'status'>}`;
type Story = StoryObj<typeof meta>;

const click = async (context: StoryContext<WebStoryArgs>, key: PageKey) => {
  const { t, canvas } = scene(context);
  await userEvent.click(await canvas.findByRole('button', { name: buttonName(t(key)) }));
};

const tab = async (context: StoryContext<WebStoryArgs>, key: PageKey) => {
  const { t, canvas } = scene(context);
  await userEvent.click(await canvas.findByRole('tab', { name: t(key) }));
};

/**
 * The company's details as the first step: a company already verified on the platform offers to
 * apply to join it; a wrong credit code says why; then the legal representative's code verifies
 * the company and the applicant is its administrator.
 */
export const ByLegalRepresentative: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    const locale = context.args.locale;
    await expect(await canvas.findByText(t('companyAuthPage.stepDetails'))).toBeVisible();
    const name = canvas.getByLabelText(t('companyAuthPage.companyName'));
    await userEvent.type(name, DEMO_VERIFIED_COMPANY.name);
    await userEvent.tab();
    await appeared(
      canvas.findByText(t('companyAuthPage.existsTitle', { name: DEMO_VERIFIED_COMPANY.name })),
    );
    await expect(
      canvas.getByRole('button', { name: buttonName(t('companyAuthPage.applyJoin')) }),
    ).toBeVisible();

    await userEvent.clear(name);
    await userEvent.type(name, 'Hangzhou Lakeside Trading Co., Ltd.');
    await userEvent.tab();
    await waitFor(() => expect(canvas.queryByText(t('companyAuthPage.existsHint'))).toBeNull());
    const code = canvas.getByLabelText(t('companyAuthPage.creditCode'));
    await userEvent.type(code, '12345');
    await userEvent.type(canvas.getByLabelText(t('companyAuthPage.legalName')), '王五');
    await click(context, 'companyAuthPage.next');
    await appeared(canvas.findByText(message('creditCodeInvalid', locale)));
    await userEvent.clear(code);
    await userEvent.type(code, '91330106ma2h000x1y');
    await click(context, 'companyAuthPage.next');

    await appeared(canvas.findByText(t('companyAuthPage.chooseMethod')));
    await userEvent.type(canvas.getByLabelText(t('companyAuthPage.legalPhone')), '13912345678');
    await click(context, 'companyAuthPage.sendCode');
    await appeared(canvas.findByText(t('companyAuthPage.codeSentTo', { phone: '139****5678' })));
    await userEvent.type(canvas.getByLabelText(t('companyAuthPage.code')), '246810');
    await click(context, 'companyAuthPage.confirm');
    await appeared(
      canvas.findByText(
        t('companyAuthPage.doneTitle', { name: 'Hangzhou Lakeside Trading Co., Ltd.' }),
      ),
    );
    await expect(canvas.getByText(t('companyAuthPage.doneHint'))).toBeVisible();
  },
};

export const ByLegalRepresentativeZh: Story = inChinese(
  ByLegalRepresentative,
  'By legal representative',
);

/**
 * The bank transfer: the development provider's notice shows the amount it "paid", the page says
 * when funds are expected, a wrong amount costs one of three attempts, the right one verifies.
 */
export const ByMicroPayment: Story = {
  beforeEach: () => demoCompanyAuthFrom([demoApplication()]),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const locale = context.args.locale;
    await tab(context, 'companyAuthPage.methodPayment');
    await userEvent.click(canvas.getByLabelText(t('companyAuthPage.bank')));
    const bank = locale === 'zh' ? '中国工商银行' : 'Industrial and Commercial Bank of China';
    await userEvent.click(await page.findByTitle(bank));
    await userEvent.type(
      canvas.getByLabelText(t('companyAuthPage.bankAccount')),
      '6222 0202 0011 2233',
    );
    await click(context, 'companyAuthPage.applyTransfer');
    await appeared(
      canvas.findByText(t('companyAuthPage.transferSent', { bank, account: '****2233', hours: 2 })),
    );
    await appeared(
      canvas.findByText(t('companyAuthPage.devPayment', { amount: DEMO_TRANSFER_AMOUNT })),
    );

    const amount = canvas.getByLabelText(t('companyAuthPage.amount'));
    await userEvent.type(amount, '1.5');
    await click(context, 'companyAuthPage.confirm');
    await appeared(canvas.findByText(message('transferAmountInvalid', locale)));
    await userEvent.clear(amount);
    await userEvent.type(amount, '0.12');
    await click(context, 'companyAuthPage.confirm');
    await appeared(page.findByText(message('paymentAmountWrong', locale)));
    await appeared(canvas.findByText(t('companyAuthPage.attemptsLeft', { count: 2 })));
    await userEvent.clear(amount);
    await userEvent.type(amount, DEMO_TRANSFER_AMOUNT);
    await click(context, 'companyAuthPage.confirm');
    await appeared(
      canvas.findByText(
        t('companyAuthPage.doneTitle', { name: 'Hangzhou Lakeside Trading Co., Ltd.' }),
      ),
    );
  },
};

export const ByMicroPaymentZh: Story = inChinese(ByMicroPayment, 'By micro-payment');

/** Three wrong amounts end the application; it can be started again. */
export const PaymentAttemptsExceeded: Story = {
  beforeEach: () =>
    demoCompanyAuthFrom([
      demoApplication({
        method: 'payment',
        payment: {
          bankName: 'China Merchants Bank',
          account: '****0001',
          attemptsLeft: 1,
          development: true,
          devReference: 'demo-payment-reference-0001',
        },
      }),
    ]),
  play: async (context) => {
    const { t, canvas } = scene(context);
    const locale = context.args.locale;
    await tab(context, 'companyAuthPage.methodPayment');
    await appeared(canvas.findByText(t('companyAuthPage.attemptsLeft', { count: 1 })));
    await userEvent.type(canvas.getByLabelText(t('companyAuthPage.amount')), '0.99');
    await click(context, 'companyAuthPage.confirm');
    await appeared(
      canvas.findByText(
        t('companyAuthPage.failedTitle', { name: 'Hangzhou Lakeside Trading Co., Ltd.' }),
      ),
    );
    await expect(canvas.getAllByText(message('paymentAttemptsExceeded', locale))[0]).toBeVisible();
    await click(context, 'companyAuthPage.startAgain');
    await appeared(canvas.findByLabelText(t('companyAuthPage.companyName')));
    // The ended application stays in the user's list of verifications.
    const history = within(canvas.getByRole('region', { name: t('companyAuthPage.historyTitle') }));
    await expect(history.getByText('Hangzhou Lakeside Trading Co., Ltd.')).toBeVisible();
    await expect(history.getByText(t('companyAuthPage.status.failed'))).toBeVisible();
  },
};

export const PaymentAttemptsExceededZh: Story = inChinese(
  PaymentAttemptsExceeded,
  'Payment attempts exceeded',
);

/**
 * The authorisation letter: uploaded, it waits for a platform operator (progress shown with the
 * review times); withdrawing it, after confirming, lets a new verification begin.
 */
export const ByLetter: Story = {
  beforeEach: () => demoCompanyAuthFrom([demoApplication()]),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await tab(context, 'companyAuthPage.methodLetter');
    await expect(await canvas.findByText(t('companyAuthPage.letterTiming'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('companyAuthPage.downloadTemplate')) }),
    ).toBeVisible();
    const input = context.canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(
      input,
      new File(['%PDF-1.4\n%%EOF\n'], 'letter.pdf', { type: 'application/pdf' }),
    );
    await appeared(canvas.findByText(t('companyAuthPage.inReviewTitle')));
    await expect(canvas.getByText(t('companyAuthPage.inReviewHint'))).toBeVisible();

    await click(context, 'companyAuthPage.withdraw');
    const confirm = within(await appeared(page.findByRole('tooltip')));
    await expect(
      confirm.getByText(
        t('companyAuthPage.withdrawConfirm', { name: 'Hangzhou Lakeside Trading Co., Ltd.' }),
      ),
    ).toBeVisible();
    await userEvent.click(
      confirm.getByRole('button', { name: buttonName(t('companyAuthPage.withdraw')) }),
    );
    await appeared(page.findByText(t('companyAuthPage.withdrawn')));
    await appeared(canvas.findByLabelText(t('companyAuthPage.companyName')));
    await expect(canvas.getByText(t('companyAuthPage.status.withdrawn'))).toBeVisible();
  },
};

export const ByLetterZh: Story = inChinese(ByLetter, 'By letter');

/**
 * Custom-made authentication of an individual business: the partner's signer sees how to go back
 * to signing, and a company's credit code is refused for an individual business.
 */
export const CustomBusiness: Story = {
  parameters: { web: { path: '/custom-auth/business', routeTitle: 'customAuthBusiness' } },
  render: () => <CustomAuthBusinessPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const locale = context.args.locale;
    await expect(await canvas.findByText(t('companyAuthPage.customNotice'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('companyAuthPage.backToSigning')) }),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText(t('companyAuthPage.businessName')), '街角小店');
    await userEvent.type(
      canvas.getByLabelText(t('companyAuthPage.creditCode')),
      '91330106MA2H000X1Y',
    );
    await userEvent.type(canvas.getByLabelText(t('companyAuthPage.legalName')), '赵六');
    await click(context, 'companyAuthPage.next');
    await appeared(canvas.findByText(message('businessCreditCodeInvalid', locale)));
  },
};

export const CustomBusinessZh: Story = inChinese(CustomBusiness, 'Custom business');

/** Custom-made authentication as a person: already verified, straight back to signing. */
export const CustomPersonal: Story = {
  parameters: { web: { path: '/custom-auth/personal', routeTitle: 'customAuthPersonal' } },
  render: () => <CustomAuthPersonalPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('companyAuthPage.personalVerified'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('companyAuthPage.backToSigning')) }),
    ).toBeVisible();
  },
};

export const CustomPersonalZh: Story = inChinese(CustomPersonal, 'Custom personal');

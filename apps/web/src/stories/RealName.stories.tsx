import { CLICK_DEBOUNCE_MS, message } from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import OperatorReviewsPage from '../pages/operator/OperatorReviewsPage';
import RealNameIndexPage from '../pages/realName/RealNameIndexPage';
import RealNamePersonPage from '../pages/realName/RealNamePersonPage';
import { session } from '../session';
import { demoWorld } from './demoData';
import {
  DEMO_COMPANY_REVIEWS,
  DEMO_PENDING_REVIEWS,
  DEMO_REJECTED_PHONE,
  DEMO_REJECTION_REASON,
} from './demoRealName';
import {
  buttonName,
  inChinese,
  scene,
  webStoryMeta,
  type WebStoryArgs,
  appeared,
  dialogSaying,
} from './webStory';

/** The demo user before verifying their real name, and an applicant whose review was rejected. */
const PERSONAL_USER = demoWorld().get(-1)!.user;
const UNVERIFIED = { ...PERSONAL_USER, authStep: 'NOT' as const, launchAuth: false };
const REJECTED = { ...UNVERIFIED, phone: DEMO_REJECTED_PHONE };

const meta = {
  title: 'Web/RealName/RealName',
  ...webStoryMeta,
  parameters: {
    web: { path: '/real-name/index?isPerson=true', demo: { user: UNVERIFIED } },
  },
  render: () => <RealNameIndexPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A person reading the refusal before trying again (the form drops a second click within a second). */
const afterReading = () => new Promise((resolve) => setTimeout(resolve, CLICK_DEBOUNCE_MS + 50));

/**
 * The index: the four methods, each explained and marked when a development provider answers;
 * going on without the agreement is refused with the spec's message, which goes once accepted.
 */
export const ChooseMethod: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.realNameIndex') }),
    ).toBeVisible();
    for (const method of ['phone', 'face', 'bankCard', 'manual'] as const) {
      await expect(canvas.getByText(t(`realNamePage.methods.${method}`))).toBeVisible();
      await expect(canvas.getByText(t(`realNamePage.methodHints.${method}`))).toBeVisible();
    }
    await expect(canvas.getAllByText('dev')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('realNamePage.next')) }));
    const refusal = message('agreementRequired', context.args.locale);
    await appeared(canvas.findByText(refusal));
    await userEvent.click(canvas.getByRole('checkbox', { name: t('realNamePage.agreement') }));
    await expect(canvas.queryByText(refusal)).toBeNull();
    await expect(canvas.getByRole('link', { name: t('realNamePage.company') })).toBeVisible();
  },
};
export const ChooseMethodZh: Story = inChinese(ChooseMethod, 'Choose method');

/**
 * Phone three-element with the development provider (its notice shown): a wrong code is refused;
 * the right one verifies, and the session's user info says VERIFIED at once.
 */
export const PhoneThreeElement: Story = {
  parameters: { web: { path: '/real-name/person?method=phone&agreed=1' } },
  render: () => <RealNamePersonPage />,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await appeared(canvas.findByText(t('realNamePage.development')));
    await expect(canvas.getByRole('checkbox', { name: t('realNamePage.agreement') })).toBeChecked();
    await userEvent.type(canvas.getByLabelText(t('realNamePage.name')), '李伟');
    await userEvent.type(canvas.getByLabelText(t('realNamePage.idNumber')), '110101199003071235');
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('realNamePage.sendCode')) }),
    );
    await appeared(page.findByText(t('realNamePage.codeSent', { phone: '138****0001' })));
    const code = canvas.getByLabelText(t('realNamePage.code'));
    await userEvent.type(code, '000000');
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('realNamePage.verify')) }),
    );
    await appeared(page.findByText(message('smsCodeWrong', context.args.locale)));
    await afterReading();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('realNamePage.verify')) }),
    );
    await appeared(canvas.findByText(t('realNamePage.verifiedTitle')));
    await expect(canvas.getByText(t('realNamePage.verifiedAs', { name: '李伟' }))).toBeVisible();
    await waitFor(() =>
      expect(session.getState().userInfo).toMatchObject({ authStep: 'VERIFIED', name: '李伟' }),
    );
  },
};
export const PhoneThreeElementZh: Story = inChinese(PhoneThreeElement, 'Phone three-element');

/** Bank card four-element: a card number ending in 4 fails with the development provider. */
export const BankCardFourElement: Story = {
  parameters: { web: { path: '/real-name/person?method=bankCard&agreed=1' } },
  render: () => <RealNamePersonPage />,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await userEvent.type(await canvas.findByLabelText(t('realNamePage.name')), 'Li Wei');
    await userEvent.type(canvas.getByLabelText(t('realNamePage.idNumber')), '110101199003071235');
    const card = canvas.getByLabelText(t('realNamePage.bankCard'));
    await userEvent.type(card, '6222020200112234');
    await userEvent.type(canvas.getByLabelText(t('realNamePage.bankPhone')), '13912345678');
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('realNamePage.verify')) }),
    );
    await appeared(page.findByText(message('realNameBankCardMismatch', context.args.locale)));
    await afterReading();
    await userEvent.clear(card);
    await userEvent.type(card, '6222020200112235');
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('realNamePage.verify')) }),
    );
    await appeared(canvas.findByText(t('realNamePage.verifiedTitle')));
  },
};
export const BankCardFourElementZh: Story = inChinese(BankCardFourElement, 'Bank card');

/**
 * Face: the development notice says the provider's page has Pass and Fail; the check opens in a
 * new window (held back here) and the page verifies once the provider reports passed.
 */
export const Face: Story = {
  parameters: { web: { path: '/real-name/person?method=face&agreed=1' } },
  render: () => <RealNamePersonPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await appeared(canvas.findByText(t('realNamePage.developmentFace')));
    const opened: string[] = [];
    const open = window.open;
    window.open = (url) => {
      opened.push(String(url));
      return null;
    };
    try {
      await userEvent.type(canvas.getByLabelText(t('realNamePage.name')), '李伟');
      await userEvent.type(canvas.getByLabelText(t('realNamePage.idNumber')), '110101199003071235');
      await userEvent.click(
        canvas.getByRole('button', { name: buttonName(t('realNamePage.startFace')) }),
      );
      await appeared(canvas.findByText(t('realNamePage.verifiedTitle')));
      await expect(opened).toEqual(['about:blank']);
    } finally {
      window.open = open;
    }
  },
};
export const FaceZh: Story = inChinese(Face, 'Face');

/** Manual review: both photos chosen, the review waits for an operator. */
export const ManualReview: Story = {
  parameters: { web: { path: '/real-name/person?method=manual&agreed=1' } },
  render: () => <RealNamePersonPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await userEvent.type(await canvas.findByLabelText(t('realNamePage.name')), 'Li Wei');
    await userEvent.type(canvas.getByLabelText(t('realNamePage.idNumber')), '110101199003071235');
    const photo = (name: string) =>
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], name, { type: 'image/svg+xml' });
    const inputs = context.canvasElement.querySelectorAll<HTMLInputElement>('input[type="file"]');
    await userEvent.upload(inputs[0]!, photo('front.svg'));
    await userEvent.upload(inputs[1]!, photo('back.svg'));
    await appeared(canvas.findByText(t('realNamePage.photoChosen', { name: 'back.svg' })));
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('realNamePage.submitReview')) }),
    );
    await appeared(canvas.findByText(t('realNamePage.reviewStatus.pending')));
  },
};
export const ManualReviewZh: Story = inChinese(ManualReview, 'Manual review');

/** The applicant reads the operator's reason for rejecting the review, and may submit again. */
export const ReviewRejected: Story = {
  parameters: {
    web: { path: '/real-name/person?method=manual&agreed=1', demo: { user: REJECTED } },
  },
  render: () => <RealNamePersonPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await appeared(
      canvas.findByText(t('realNamePage.reviewRejected', { reason: DEMO_REJECTION_REASON })),
    );
    await expect(canvas.getByText(t('realNamePage.reviewStatus.rejected'))).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('realNamePage.reviewAgain')) }),
    );
    await appeared(canvas.findByText(t('realNamePage.front')));
    await expect(canvas.getByText(t('realNamePage.back'))).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('realNamePage.submitReview')) }),
    );
    await appeared(
      canvas.findAllByText(message('idPhotoRequired', context.args.locale)).then((all) => all[0]!),
    );
  },
};
export const ReviewRejectedZh: Story = inChinese(ReviewRejected, 'Review rejected');

/**
 * The operator's screen: the pending reviews; one opened shows both photos; rejecting needs a
 * reason, and the rejected review leaves the pending list.
 */
export const OperatorReviews: Story = {
  parameters: { web: { path: '/operator/reviews', routeTitle: 'operatorReviews' } },
  render: () => <OperatorReviewsPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const [first] = DEMO_PENDING_REVIEWS;
    const cell = await canvas.findByText(first!.name);
    await expect(canvas.getByText(DEMO_PENDING_REVIEWS[1]!.name)).toBeVisible();
    await userEvent.click(
      within(cell.closest('tr')!).getByRole('button', {
        name: buttonName(t('realNamePage.operator.open')),
      }),
    );
    const dialog = await dialogSaying(
      context,
      t('realNamePage.operator.dialogTitle', { name: first!.name }),
    );
    await expect(
      await dialog.findByRole('img', { name: t('realNamePage.operator.front') }),
    ).toBeVisible();
    await expect(
      await dialog.findByRole('img', { name: t('realNamePage.operator.back') }),
    ).toBeVisible();
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('realNamePage.operator.reject')) }),
    );
    await appeared(dialog.findByText(message('reviewReasonRequired', context.args.locale)));
    await userEvent.type(
      dialog.getByLabelText(t('realNamePage.operator.rejectReason')),
      'The name does not match',
    );
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('realNamePage.operator.reject')) }),
    );
    await waitFor(() => expect(canvas.queryByText(first!.name)).toBeNull());
  },
};
export const OperatorReviewsZh: Story = inChinese(OperatorReviews, 'Operator reviews');

/**
 * The operator's "Company letters" tab: the waiting authorisation letters, a PDF one opened in a
 * frame and rejected (only with a reason), an image one shown inline and approved after
 * confirming; both leave the waiting list.
 */
export const OperatorCompanyLetters: Story = {
  parameters: { web: { path: '/operator/reviews', routeTitle: 'operatorReviews' } },
  render: () => <OperatorReviewsPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await userEvent.click(
      await canvas.findByRole('tab', { name: t('realNamePage.operator.companyTab') }),
    );
    const [pdf, image] = DEMO_COMPANY_REVIEWS;
    const pdfCell = await canvas.findByText(pdf!.companyName);
    await expect(canvas.getByText(image!.companyName)).toBeVisible();
    await expect(canvas.getByText(pdf!.creditCode)).toBeVisible();

    await userEvent.click(
      within(pdfCell.closest('tr')!).getByRole('button', {
        name: buttonName(t('realNamePage.operator.open')),
      }),
    );
    const dialog = await dialogSaying(
      context,
      t('realNamePage.operator.companyDialogTitle', { name: pdf!.companyName }),
    );
    await expect(await dialog.findByTitle(t('realNamePage.operator.letter'))).toBeVisible();
    await expect(
      dialog.getByRole('link', { name: t('realNamePage.operator.letterDownload') }),
    ).toHaveAttribute('href', expect.stringMatching(/^blob:/));
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('realNamePage.operator.reject')) }),
    );
    await appeared(dialog.findByText(message('reviewReasonRequired', context.args.locale)));
    await userEvent.type(
      dialog.getByLabelText(t('realNamePage.operator.rejectReason')),
      'The letter is not stamped',
    );
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('realNamePage.operator.reject')) }),
    );
    await waitFor(() => expect(canvas.queryByText(pdf!.companyName)).toBeNull());

    const imageCell = await canvas.findByText(image!.companyName);
    await userEvent.click(
      within(imageCell.closest('tr')!).getByRole('button', {
        name: buttonName(t('realNamePage.operator.open')),
      }),
    );
    const imageDialog = await dialogSaying(
      context,
      t('realNamePage.operator.companyDialogTitle', { name: image!.companyName }),
    );
    await expect(
      await imageDialog.findByRole('img', { name: t('realNamePage.operator.letter') }),
    ).toBeVisible();
    await userEvent.click(
      imageDialog.getByRole('button', { name: buttonName(t('realNamePage.operator.approve')) }),
    );
    const confirm = await dialogSaying(
      context,
      t('realNamePage.operator.approveConfirm', { name: image!.companyName }),
    );
    await userEvent.click(
      confirm.getByRole('button', { name: buttonName(t('realNamePage.operator.approve')) }),
    );
    await appeared(canvas.findByText(t('realNamePage.operator.companyEmpty')));
    await expect(canvas.queryByText(image!.companyName)).toBeNull();
  },
};
export const OperatorCompanyLettersZh: Story = inChinese(
  OperatorCompanyLetters,
  'Operator company letters',
);

import { message } from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ContractSignPage from '../pages/contract/sign/ContractSignPage';
import { DEMO_CONTRACT_ACTIONS, DEMO_SIGN_CODE } from './demoContractActions';
import {
  appeared,
  buttonName,
  inChinese,
  scene,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

const SIGN = '/agency-contract/contractedit';

const meta = {
  title: 'Web/Contracts/Sign a contract',
  ...webStoryMeta,
  parameters: {
    layout: 'fullscreen',
    web: { path: `${SIGN}?id=9001`, routeTitle: 'contractEdit' },
  },
  render: () => <ContractSignPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** In the company console: the company's seals the member may use, the contract seal chosen. */
const companySeals = {
  web: {
    path: `${SIGN}?id=9001`,
    routeTitle: 'contractEdit' as const,
    demo: { contractActions: { ...DEMO_CONTRACT_ACTIONS, seals: 'company' as const } },
  },
};

/**
 * Choosing a seal and signing with an SMS code: the contract seal is chosen first and the signer
 * picks another; the code's button counts down; the last signature completes the contract.
 */
export const SignWithSealChoice: Story = {
  args: { session: 'company' },
  parameters: companySeals,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const seals = within(
      await canvas.findByRole('radiogroup', { name: t('contractSign.pickSeal') }),
    );
    await expect(seals.getByText('Qingshan Trading Co., Ltd.')).toBeVisible();
    await expect(seals.getByRole('radio', { name: /Contract seal/ })).toBeChecked();
    await expect(
      canvas.getByText(t('contractSign.signatureOnPages', { pages: '2' })),
    ).toBeVisible();
    const sms = within(canvas.getByRole('form', { name: t('contractSign.smsForm') }));
    await userEvent.click(
      sms.getByRole('button', { name: buttonName(t('contractSign.sendCode')) }),
    );
    await expect(
      await sms.findByText(t('contractSign.codeSentTo', { phone: '138****0001' })),
    ).toBeVisible();
    await expect(sms.getByRole('button', { name: /60/ })).toBeDisabled();
    await userEvent.type(
      sms.getByRole('textbox', { name: t('contractSign.code') }),
      DEMO_SIGN_CODE,
    );
    await userEvent.click(seals.getByRole('radio', { name: /Qingshan/ }));
    await expect(seals.getByRole('radio', { name: /Qingshan/ })).toBeChecked();
    await userEvent.click(sms.getByRole('button', { name: buttonName(t('contractSign.signNow')) }));
    await expect(
      await canvas.findByRole('heading', { name: t('contractSign.completedTitle') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('contractDetail.move.download')) }),
    ).toBeVisible();
  },
};

export const SignWithSealChoiceZh: Story = inChinese(SignWithSealChoice, 'Sign with seal choice');

/**
 * On a phone (320 px, narrower than the 390 px the product is held to): the seal choice, where it
 * lands, the document and the SMS code, one under the other, nothing wider than the screen; the
 * code field asks the phone to fill it from the SMS.
 */
export const SignOnPhone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const seals = await canvas.findByRole('radiogroup', { name: t('contractSign.pickSeal') });
    const sms = await canvas.findByRole('form', { name: t('contractSign.smsForm') });
    const code = within(sms).getByRole('textbox', { name: t('contractSign.code') });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(canvas.getByRole('application')).toBeVisible();
    const width = window.innerWidth;
    for (const part of [seals, sms, code]) {
      const box = part.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.right).toBeLessThanOrEqual(width);
    }
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
    // Large enough to hit with a thumb, and read without the phone zooming in.
    await expect(code.getBoundingClientRect().height).toBeGreaterThanOrEqual(32);
    // Below the steps, "Show" brings the document back with the stamp's place in its middle.
    const [showPlace] = canvas.getAllByRole('button', {
      name: new RegExp(t('contractSign.showPlace', { place: '' })),
    });
    showPlace!.scrollIntoView({ block: 'end' });
    const documentSection = canvas.getByRole('region', {
      name: t('contractSign.documentWithStamps'),
    });
    await waitFor(() => expect(documentSection.getBoundingClientRect().top).toBeLessThan(0));
    await userEvent.click(showPlace!);
    // Where the app's sticky header ends (56 px), and a little more.
    await waitFor(() =>
      expect(Math.abs(documentSection.getBoundingClientRect().top - 64)).toBeLessThan(2),
    );
    const scroller = documentSection.querySelector<HTMLElement>('.esign-te__scroller')!;
    await expect(scroller.getBoundingClientRect().right).toBeLessThanOrEqual(width);
  },
};

/** The Konva image drawn in the party's signature box, if any (the editor names it). */
function signatureMarkIn(root: HTMLElement): HTMLImageElement | null {
  const stages = (
    window as unknown as {
      Konva: { stages: { container(): HTMLElement; findOne(selector: string): unknown }[] };
    }
  ).Konva.stages;
  for (const stage of stages) {
    if (!root.contains(stage.container())) continue;
    const mark = stage.findOne('.signature-mark') as { image(): HTMLImageElement } | undefined;
    if (mark) return mark.image();
  }
  return null;
}

/**
 * Before any code is sent, the signer's signature box on page 2 shows the signature picked, in
 * place, not "Sign here": the side panel's promise holds for signature boxes as for seals.
 */
export const SignatureShownBeforeCode: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await canvas.findByRole('radiogroup', { name: t('contractSign.pickSeal') });
    const chosen = await waitFor(() => {
      const image = context.canvasElement.querySelector<HTMLImageElement>(
        '.contract-sign-chosen img',
      );
      if (!image?.src) throw new Error('The chosen signature has not loaded');
      return image.src;
    });
    await userEvent.click(
      canvas.getByRole('button', {
        name: t('contractSign.showPlace', {
          place: t('contractSign.signatureOnPages', { pages: '2' }),
        }),
      }),
    );
    await waitFor(() => expect(signatureMarkIn(context.canvasElement)?.src).toBe(chosen));
    const sms = within(canvas.getByRole('form', { name: t('contractSign.smsForm') }));
    await expect(
      sms.queryByText(t('contractSign.codeSentTo', { phone: '138****0001' })),
    ).toBeNull();
  },
};

export const SignatureShownBeforeCodeZh: Story = inChinese(
  SignatureShownBeforeCode,
  'Signature shown before code',
);

/** A wrong code: the spec's message under the field, and nothing signed. */
export const WrongCode: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    const sms = within(await canvas.findByRole('form', { name: t('contractSign.smsForm') }));
    await userEvent.type(
      sms.getByRole('textbox', { name: t('contractSign.code') }),
      '000000{Enter}',
    );
    await expect(await sms.findByText(message('smsCodeWrong', context.args.locale))).toBeVisible();
    await expect(
      canvas.queryByRole('heading', { name: t('contractSign.completedTitle') }),
    ).toBeNull();
  },
};

export const WrongCodeZh: Story = inChinese(WrongCode, 'Wrong code');

/** The face check: the development provider says so; once it passed, Sign signs. */
export const FaceCheck: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await userEvent.click(await canvas.findByRole('tab', { name: /Face check|人脸识别/ }));
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('contractSign.startFace')) }),
    );
    await expect(await canvas.findByText(t('contractSign.faceDevelopment'))).toBeVisible();
    await expect(await canvas.findByText(t('contractSign.facePassed'))).toBeVisible();
    const signButtons = canvas.getAllByRole('button', {
      name: buttonName(t('contractSign.signNow')),
    });
    const faceSign = signButtons[signButtons.length - 1]!;
    await waitFor(() => expect(faceSign).toBeEnabled());
    await userEvent.click(faceSign);
    await expect(
      await canvas.findByRole('heading', { name: t('contractSign.completedTitle') }),
    ).toBeVisible();
  },
};

export const FaceCheckZh: Story = inChinese(FaceCheck, 'Face check');

/** A contract with nothing to sign for the console: why, and the way to its details. */
export const NothingToSign: Story = {
  parameters: { web: { path: `${SIGN}?id=9005`, routeTitle: 'contractEdit' } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { name: t('contractSign.nothingTitle') }),
    ).toBeVisible();
    await expect(canvas.getByText(t('contractSign.nothing.signed'))).toBeVisible();
  },
};

export const NothingToSignZh: Story = inChinese(NothingToSign, 'Nothing to sign');

/** Asked to sign a contract whose party still has to fill in: the way to fill in first. */
export const FillFirst: Story = {
  parameters: { web: { path: `${SIGN}?id=9002`, routeTitle: 'contractEdit' } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('contractSign.nothing.fillFirst'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('contractDetail.move.fill')) }),
    ).toBeVisible();
  },
};

/** Refusing from the signing page: a reason, Enter sends it. */
export const RefuseInstead: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('contractDetail.move.refuse')) }),
    );
    const dialog = within(
      await page.findByRole('dialog', { name: t('contractDetail.refuseTitle') }),
    );
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('contractDetail.refuseReason') }),
      'Wrong rent{Enter}',
    );
    const done = await page.findByText(t('contractDetail.refused'));
    await waitFor(() => expect(done).toBeVisible());
  },
};

export const RefuseInsteadZh: Story = inChinese(RefuseInstead, 'Refuse instead');

/**
 * The company's approval is needed before it signs (the detail's `signingApproval`, here the
 * template's flow): the last step applies instead of signing, with a note for the approvers; then
 * the contract waits and the page says the approval is in progress, with the way to it.
 */
export const ApplyForSigningApproval: Story = {
  args: { session: 'company' },
  parameters: {
    web: {
      ...companySeals.web,
      demo: {
        contractActions: {
          ...companySeals.web.demo.contractActions,
          signingApproval: { '9001': { latest: null, applyBecause: 'workflow' } },
        },
      },
    },
  },
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(await canvas.findByText(t('approvalInbox.apply.workflow'))).toBeVisible();
    await expect(canvas.queryByRole('form', { name: t('contractSign.smsForm') })).toBeNull();
    await userEvent.type(
      canvas.getByRole('textbox', { name: t('approvalInbox.apply.comment') }),
      'The customer asks to sign today',
    );
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('approvalInbox.apply.submit')) }),
    );
    await appeared(page.findByText(t('approvalInbox.apply.applied')));
    await expect(
      await canvas.findByRole('heading', { name: t('approvalInbox.apply.inProgressTitle') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('approvalInbox.apply.view')) }),
    ).toBeVisible();
  },
};

export const ApplyForSigningApprovalZh: Story = inChinese(
  ApplyForSigningApproval,
  'Apply for signing approval',
);

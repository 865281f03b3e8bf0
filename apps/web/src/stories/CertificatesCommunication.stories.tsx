import { CERTIFICATE_EXAMPLES, message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import CommunicationCertificatesPage from '../pages/certificates/CommunicationCertificatesPage';
import { demoCertificatesFrom, exampleCertificates, noCertificates } from './demoCertificates';
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
  title: 'Web/Enterprise/Certificates/Communication',
  ...companyScreenMeta('/enterprise-console/application/application_cert', 'applicationCert'),
  beforeEach: () => demoCertificatesFrom(exampleCertificates()),
  render: () => <CommunicationCertificatesPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const {
  communicationRsa: RSA,
  communicationSm2: SM2,
  communicationRevoked: REVOKED,
} = CERTIFICATE_EXAMPLES;
const ISSUED = CERTIFICATE_EXAMPLES.communicationApply.answer;

/** The issue dialog, opened from the page's button. */
async function openIssue(context: StoryContext<WebStoryArgs>) {
  const { t, canvas } = scene(context);
  await userEvent.click(
    (
      await canvas.findAllByRole('button', {
        name: buttonName(t('certificates.communication.apply')),
      })
    )[0]!,
  );
  return dialogSaying(context, t('certificates.communication.issueIntro'));
}

/**
 * The company's communication certificates: serial number, algorithm and key length, validity,
 * the access party each is bound to (or not), status with "Expires soon".
 */
export const List: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.applicationCert') }),
    ).toBeVisible();
    const rsa = await rowOf(context, RSA.serialNumber);
    await expect(
      rsa.getByText(t('certificates.keyLength', { algorithm: 'RSA', bits: 2048 })),
    ).toBeVisible();
    await expect(rsa.getByText(RSA.accessParty!.name)).toBeVisible();
    await expect(rsa.getByText(t('certificates.communication.status.active'))).toBeVisible();
    const sm2 = await rowOf(context, SM2.serialNumber);
    await expect(
      sm2.getByText(t('certificates.keyLength', { algorithm: 'SM2', bits: 256 })),
    ).toBeVisible();
    await expect(sm2.getByText(t('certificates.notBound'))).toBeVisible();
    await expect(sm2.getByText(t('certificates.expiresSoon'))).toBeVisible();
    const revoked = await rowOf(context, REVOKED.serialNumber);
    await expect(revoked.getByText(t('certificates.communication.status.revoked'))).toBeVisible();
    await expect(revoked.queryByRole('button', { name: t('certificates.revoke') })).toBeNull();
  },
};
export const ListZh: Story = inChinese(List, 'List');

export const ListOnAPhone: Story = {
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t } = scene(context);
    const card = await cardOf(context, SM2.serialNumber);
    await expect(card.getByText(t('certificates.notBound'))).toBeVisible();
    await expect(
      card.getByRole('button', { name: t('certificates.communication.bind') }),
    ).toBeVisible();
  },
};
export const ListOnAPhoneZh: Story = inChinese(ListOnAPhone, 'List on a phone');

export const Empty: Story = {
  beforeEach: () => demoCertificatesFrom(noCertificates()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('certificates.communication.empty'))).toBeVisible();
    await expect(canvas.getByText(t('certificates.communication.emptyHint'))).toBeVisible();
  },
};
export const EmptyZh: Story = inChinese(Empty, 'Empty');

/**
 * Issuing: the algorithm, the file's password (the platform's rule at the field, typed twice),
 * then the .p12 file to download — once; closing before downloading asks first.
 */
export const Issue: Story = {
  play: async (context) => {
    const { t, page } = scene(context);
    const dialog = await openIssue(context);
    await userEvent.click(dialog.getByText(t('certificates.communication.algorithms.SM2')));
    const password = dialog.getByLabelText(t('certificates.communication.password'));
    await userEvent.type(password, '12345678');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('certificates.communication.issue')) }),
    );
    await appeared(dialog.findByText(message('certificatePasswordRule', context.args.locale)));
    await userEvent.clear(password);
    await userEvent.type(password, 'Partner#2026');
    await userEvent.type(
      dialog.getByLabelText(t('certificates.communication.passwordAgain')),
      'Partner#2026',
    );
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('certificates.communication.issue')) }),
    );
    const issued = await dialogSaying(context, t('certificates.communication.issuedBody'));
    // The dialog's own Close button (its corner's × is named the same).
    const close = () =>
      userEvent.click(
        issued.getAllByRole('button', { name: buttonName(t('common.close')) }).at(-1)!,
      );
    await close();
    await appeared(page.findByText(t('certificates.communication.closeWithoutBody')));
    await userEvent.click(page.getByRole('button', { name: buttonName(t('common.cancel')) }));
    await userEvent.click(
      issued.getByRole('button', {
        name: buttonName(t('certificates.communication.downloadP12')),
      }),
    );
    await expect(
      issued.getByText(t('certificates.communication.fileName', { name: ISSUED.fileName })),
    ).toBeVisible();
    await expect(issued.getByRole('status')).toHaveTextContent(
      t('certificates.communication.downloadedP12'),
    );
    await close();
    await waitFor(() =>
      expect(page.queryByText(t('certificates.communication.issuedBody'))).toBeNull(),
    );
  },
};
export const IssueZh: Story = inChinese(Issue, 'Issue');

/** Revoking asks why and says it is for good. */
export const Revoke: Story = {
  play: async (context) => {
    const { t, page } = scene(context);
    const rsa = await rowOf(context, RSA.serialNumber);
    await userEvent.click(rsa.getByRole('button', { name: t('certificates.revoke') }));
    const dialog = await dialogSaying(context, t('certificates.communication.revokeBody'));
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('certificates.revoke')) }),
    );
    await appeared(
      page.findByText(t('certificates.communication.revoked', { serial: RSA.serialNumber })),
    );
    await waitFor(async () =>
      expect(
        (await rowOf(context, RSA.serialNumber)).getByText(
          t('certificates.communication.status.revoked'),
        ),
      ).toBeVisible(),
    );
  },
};
export const RevokeZh: Story = inChinese(Revoke, 'Revoke');

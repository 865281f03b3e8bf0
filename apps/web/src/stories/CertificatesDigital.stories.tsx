import { CERTIFICATE_EXAMPLES, message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import DigitalCertificatesPage from '../pages/certificates/DigitalCertificatesPage';
import { demoCertificatesFrom, exampleCertificates, noCertificates } from './demoCertificates';
import {
  ON_A_PHONE,
  appeared,
  buttonName,
  cardOf,
  companyMember,
  companyScreenMeta,
  dialogSaying,
  inChinese,
  rowOf,
  scene,
  type WebStoryArgs,
} from './webStory';

/** The demo user as the company's system administrator, and as its legal representative (view only). */
const LEGAL = companyMember('legal');

const WEB = { path: '/enterprise-console/cert', routeTitle: 'cert' } as const;

const meta = {
  title: 'Web/Enterprise/Certificates/Digital',
  ...companyScreenMeta(WEB.path, WEB.routeTitle),
  beforeEach: () => demoCertificatesFrom(exampleCertificates()),
  render: () => <DigitalCertificatesPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const {
  digitalIssued: ISSUED,
  digitalImported: IMPORTED,
  digitalRevoked: REVOKED,
} = CERTIFICATE_EXAMPLES;
const [APPLIED, SHIPPED] = CERTIFICATE_EXAMPLES.hardwareKeyPage.answer.records;

type Context = StoryContext<WebStoryArgs>;

/** Clicks the page's first button of that name (the header's, or the empty list's). */
async function press(context: Context, name: string) {
  const { canvas } = scene(context);
  await userEvent.click((await canvas.findAllByRole('button', { name: buttonName(name) }))[0]!);
}

/**
 * The company's certificates: how its contracts are signed now (the active certificate), each
 * certificate's source, key, status (and "Expires soon" within 30 days), holder, issuer and
 * validity; its hardware key applications with their state.
 */
export const List: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.cert') }),
    ).toBeVisible();
    await expect(
      await canvas.findByText(t('certificates.digital.signing.certificate', { name: ISSUED.name })),
    ).toBeVisible();
    const issued = await rowOf(context, ISSUED.name);
    await expect(issued.getByText(t('certificates.digital.status.active'))).toBeVisible();
    await expect(issued.getByText(ISSUED.subject)).toBeVisible();
    const imported = await rowOf(context, IMPORTED.name);
    await expect(imported.getByText(t('certificates.digital.status.disabled'))).toBeVisible();
    await expect(imported.getByText(t('certificates.expiresSoon'))).toBeVisible();
    await expect(
      imported.getByRole('button', { name: t('certificates.digital.enable') }),
    ).toBeVisible();
    const revoked = await rowOf(context, REVOKED.name);
    await expect(revoked.getByText(t('certificates.digital.status.revoked'))).toBeVisible();
    await expect(canvas.getByText(t('certificates.digital.total', { count: 3 }))).toBeVisible();
    const applied = await rowOf(context, APPLIED!.number);
    await expect(applied.getByText(t('certificates.hardwareKeys.status.applied'))).toBeVisible();
    const shipped = await rowOf(context, SHIPPED!.number);
    await expect(
      shipped.getByText(
        t('certificates.hardwareKeys.statusHint.shipped', { number: SHIPPED!.trackingNumber }),
      ),
    ).toBeVisible();
  },
};
export const ListZh: Story = inChinese(List, 'List');

/** On a phone: one card a certificate, its status beside its name, its moves under it. */
export const ListOnAPhone: Story = {
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t } = scene(context);
    const card = await cardOf(context, IMPORTED.name);
    await expect(card.getByText(t('certificates.digital.status.disabled'))).toBeVisible();
    await expect(
      card.getByRole('button', { name: t('certificates.digital.enable') }),
    ).toBeVisible();
    await cardOf(context, SHIPPED!.number);
  },
};
export const ListOnAPhoneZh: Story = inChinese(ListOnAPhone, 'List on a phone');

/** No certificate yet: the company signs with per-signer keys; apply or import from here. */
export const Empty: Story = {
  beforeEach: () => demoCertificatesFrom(noCertificates()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('certificates.digital.empty'))).toBeVisible();
    await expect(canvas.getByText(t('certificates.digital.signing.platform'))).toBeVisible();
    await expect(canvas.getByText(t('certificates.hardwareKeys.empty'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('certificates.digital.import')) }),
    ).toBeVisible();
  },
};
export const EmptyZh: Story = inChinese(Empty, 'Empty');

/** Applying: the name suggested, the validity chosen; the new certificate is listed. */
export const Apply: Story = {
  beforeEach: () => demoCertificatesFrom(noCertificates()),
  play: async (context) => {
    const { t, page, canvas } = scene(context);
    await canvas.findByText(t('certificates.digital.empty'));
    await press(context, t('certificates.digital.apply'));
    const dialog = await dialogSaying(context, t('certificates.digital.applyIntro'));
    const name = dialog.getByLabelText(t('certificates.digital.name'));
    await expect(name).toHaveValue(t('certificates.digital.defaultName'));
    await userEvent.clear(name);
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('certificates.digital.apply')) }),
    );
    await appeared(dialog.findByText(message('certificateNameRequired', context.args.locale)));
    await userEvent.type(name, 'Contracts 2027');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('certificates.digital.apply')) }),
    );
    await appeared(page.findByText(t('certificates.digital.applied', { name: 'Contracts 2027' })));
    await rowOf(context, 'Contracts 2027');
  },
};
export const ApplyZh: Story = inChinese(Apply, 'Apply');

/** An import the server refuses (a wrong password): the reason stays in the dialog. */
export const ImportRefused: Story = {
  beforeEach: () =>
    demoCertificatesFrom({ ...exampleCertificates(), refuseImport: 'certificateWrongPassword' }),
  play: async (context) => {
    const { t } = scene(context);
    await press(context, t('certificates.digital.import'));
    const dialog = await dialogSaying(context, t('certificates.digital.importIntro'));
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('certificates.digital.import')) }),
    );
    await appeared(dialog.findByText(message('certificateFileRequired', context.args.locale)));
    await userEvent.upload(
      dialog.getByLabelText(t('certificates.digital.file')),
      new File([new Uint8Array([0x30, 0x82, 0x09, 0xd1])], 'company.p12', {
        type: 'application/x-pkcs12',
      }),
    );
    await expect(
      dialog.getByText(t('certificates.digital.fileChosen', { name: 'company.p12', size: 1 })),
    ).toBeVisible();
    await userEvent.type(dialog.getByLabelText(t('certificates.digital.password')), 'Wrong#2026');
    await userEvent.type(dialog.getByLabelText(t('certificates.digital.name')), 'CFCA 2027');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('certificates.digital.import')) }),
    );
    await appeared(dialog.findByText(message('certificateWrongPassword', context.args.locale)));
  },
};
export const ImportRefusedZh: Story = inChinese(ImportRefused, 'Import refused');

/** Making the imported certificate active, after saying the active one is disabled. */
export const MakeActive: Story = {
  play: async (context) => {
    const { t, page } = scene(context);
    const imported = await rowOf(context, IMPORTED.name);
    await userEvent.click(imported.getByRole('button', { name: t('certificates.digital.enable') }));
    const dialog = within(
      await appeared(
        page.findByText(t('certificates.digital.enableBody', { current: ISSUED.name })),
      ).then((text) => text.closest<HTMLElement>('.ant-modal')!),
    );
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('certificates.digital.enable')) }),
    );
    await appeared(page.findByText(t('certificates.digital.enabled', { name: IMPORTED.name })));
    await waitFor(async () =>
      expect(
        (await rowOf(context, ISSUED.name)).getByText(t('certificates.digital.status.disabled')),
      ).toBeVisible(),
    );
  },
};
export const MakeActiveZh: Story = inChinese(MakeActive, 'Make active');

/** Revoking asks why and says it is for good; the certificate is then revoked. */
export const Revoke: Story = {
  play: async (context) => {
    const { t, page } = scene(context);
    const issued = await rowOf(context, ISSUED.name);
    await userEvent.click(
      issued.getByRole('button', { name: t('certificates.more', { name: ISSUED.name }) }),
    );
    await userEvent.click(
      await appeared(page.findByRole('menuitem', { name: t('certificates.revoke') })),
    );
    const dialog = await dialogSaying(context, t('certificates.digital.revokeBody'));
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('certificates.revoke')) }),
    );
    await appeared(page.findByText(t('certificates.digital.revoked', { name: ISSUED.name })));
    await waitFor(async () =>
      expect(
        (await rowOf(context, ISSUED.name)).getByText(t('certificates.digital.status.revoked')),
      ).toBeVisible(),
    );
  },
};
export const RevokeZh: Story = inChinese(Revoke, 'Revoke');

/** Applying for hardware keys: the platform's rules at the fields; the application is listed. */
export const ApplyForHardwareKeys: Story = {
  play: async (context) => {
    const { t, page } = scene(context);
    await press(context, t('certificates.hardwareKeys.apply'));
    const dialog = await dialogSaying(context, t('certificates.hardwareKeys.applyIntro'));
    await userEvent.type(
      dialog.getByLabelText(t('certificates.hardwareKeys.contactName')),
      'Wang Fang',
    );
    await userEvent.type(dialog.getByLabelText(t('certificates.hardwareKeys.phone')), '1380000');
    await userEvent.type(
      dialog.getByLabelText(t('certificates.hardwareKeys.address')),
      '1 Century Avenue, Shanghai',
    );
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('certificates.hardwareKeys.submit')) }),
    );
    await appeared(dialog.findByText(message('phoneInvalid', context.args.locale)));
    await userEvent.type(dialog.getByLabelText(t('certificates.hardwareKeys.phone')), '0002');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('certificates.hardwareKeys.submit')) }),
    );
    await appeared(
      page.findByText(t('certificates.hardwareKeys.applied', { number: 'HK20261207100002' })),
    );
    await rowOf(context, 'HK20261207100002');
  },
};
export const ApplyForHardwareKeysZh: Story = inChinese(
  ApplyForHardwareKeys,
  'Apply for hardware keys',
);

/** The legal representative sees and downloads (cert:view) and changes nothing. */
export const ViewOnly: Story = {
  parameters: { web: { ...WEB, demo: { user: LEGAL } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const issued = await rowOf(context, ISSUED.name);
    await expect(
      issued.getByRole('button', { name: new RegExp(t('certificates.download')) }),
    ).toBeVisible();
    await expect(
      issued.queryByRole('button', { name: t('certificates.digital.disable') }),
    ).toBeNull();
    await expect(
      canvas.queryByRole('button', { name: buttonName(t('certificates.digital.apply')) }),
    ).toBeNull();
    await expect(
      canvas.queryByRole('button', { name: buttonName(t('certificates.hardwareKeys.apply')) }),
    ).toBeNull();
  },
};
export const ViewOnlyZh: Story = inChinese(ViewOnly, 'View only');

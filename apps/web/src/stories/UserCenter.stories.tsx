import { TOAST_MS, message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import AboutPage from '../pages/userCenter/AboutPage';
import AccountPage from '../pages/userCenter/AccountPage';
import AddressPage from '../pages/userCenter/AddressPage';
import AgreementPage from '../pages/userCenter/AgreementPage';
import BasicPage from '../pages/userCenter/BasicPage';
import ContactPage from '../pages/userCenter/ContactPage';
import { BUILD } from '../pages/userCenter/buildInfo';
import { session } from '../session';
import { FULL_ADDRESSES, demoUserCenterFrom } from './demoUserCenter';
import {
  buttonName,
  inChinese,
  rowOf,
  scene,
  webStoryMeta,
  type WebStoryArgs,
  appeared,
} from './webStory';

const meta = {
  title: 'Web/UserCenter',
  ...webStoryMeta,
  parameters: { web: { path: '/user-center/basic', routeTitle: 'basic' } },
  render: () => <BasicPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog a button of the page opens. */
async function openDialog(context: StoryContext<WebStoryArgs>, button: string) {
  const { canvas, page } = scene(context);
  await userEvent.click(await canvas.findByRole('button', { name: buttonName(button) }));
  return within(await appeared(page.findByRole('dialog')));
}

/** A small picture of the given type, drawn in the browser. */
async function picture(type: 'image/png' | 'image/jpeg', name: string): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 120;
  canvas.height = 80;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#1677ff';
  context.fillRect(0, 0, 120, 80);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), type));
  return new File([blob], name, { type });
}

/**
 * Basic information: the verified name (read-only), the masked phone, the avatar's place and the
 * password's state; the phone changes with a code from the current phone and one from the new.
 */
export const Basic: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.basic') }),
    ).toBeVisible();
    await expect(await canvas.findByText('Li Wei')).toBeVisible();
    await expect(canvas.getByText(t('userCenterPage.basic.nameLocked'))).toBeVisible();
    await expect(canvas.getByText('138****0001')).toBeVisible();
    await expect(
      await canvas.findByRole('button', {
        name: buttonName(t('userCenterPage.basic.changePassword')),
      }),
    ).toBeVisible();

    const dialog = await openDialog(context, t('userCenterPage.basic.changePhone'));
    await expect(
      dialog.getByText(t('userCenterPage.phone.intro', { phone: '138****0001' })),
    ).toBeVisible();
    const oldLabel = t('userCenterPage.phone.oldCode');
    const newLabel = t('userCenterPage.phone.newCode');
    // The new phone is checked before its code is sent.
    await userEvent.click(
      dialog.getByRole('button', { name: `${t('userCenterPage.phone.sendCode')}: ${newLabel}` }),
    );
    await appeared(dialog.findByText(message('phoneRequired', context.args.locale)));
    await userEvent.click(
      dialog.getByRole('button', { name: `${t('userCenterPage.phone.sendCode')}: ${oldLabel}` }),
    );
    await userEvent.type(dialog.getByLabelText(oldLabel), '123456');
    await userEvent.type(dialog.getByLabelText(t('userCenterPage.phone.newPhone')), '13900000077');
    await userEvent.click(
      dialog.getByRole('button', { name: `${t('userCenterPage.phone.sendCode')}: ${newLabel}` }),
    );
    await userEvent.type(dialog.getByLabelText(newLabel), '654321{Enter}');
    await appeared(page.findByText(t('userCenterPage.phone.changed', { phone: '13900000077' })));
    await waitFor(() => expect(canvas.getByText('139****0077')).toBeVisible());
  },
};

export const BasicZh: Story = inChinese(Basic, 'Basic');

/** Without the current phone's code the phone does not change: the dialog says why and stays. */
export const PhoneChangeRefused: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await canvas.findByText('138****0001');
    const dialog = await openDialog(context, t('userCenterPage.basic.changePhone'));
    const newLabel = t('userCenterPage.phone.newCode');
    await userEvent.type(dialog.getByLabelText(t('userCenterPage.phone.oldCode')), '111111');
    await userEvent.type(dialog.getByLabelText(t('userCenterPage.phone.newPhone')), '13900000078');
    await userEvent.click(
      dialog.getByRole('button', { name: `${t('userCenterPage.phone.sendCode')}: ${newLabel}` }),
    );
    await userEvent.type(dialog.getByLabelText(newLabel), '654321{Enter}');
    await appeared(page.findByText(message('oldPhoneCodeWrong', context.args.locale)));
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(canvas.getByText('138****0001')).toBeVisible();
  },
};

export const PhoneChangeRefusedZh: Story = inChinese(PhoneChangeRefused, 'Phone change refused');

/** An account that signs in with codes only is offered to set a password, not to change one. */
export const SetFirstPassword: Story = {
  beforeEach: () => demoUserCenterFrom({ passwordSet: false }),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(await canvas.findByText(t('userCenterPage.basic.passwordNotSet'))).toBeVisible();
    const dialog = await openDialog(context, t('userCenterPage.basic.setPassword'));
    await userEvent.type(dialog.getByLabelText(t('userCenterPage.setPassword.password')), 'short');
    await userEvent.type(
      dialog.getByLabelText(t('userCenterPage.setPassword.confirm')),
      'short{Enter}',
    );
    await appeared(dialog.findByText(message('passwordRule', context.args.locale)));
    await userEvent.clear(dialog.getByLabelText(t('userCenterPage.setPassword.password')));
    await userEvent.clear(dialog.getByLabelText(t('userCenterPage.setPassword.confirm')));
    await userEvent.type(
      dialog.getByLabelText(t('userCenterPage.setPassword.password')),
      'Better2026',
    );
    await userEvent.type(
      dialog.getByLabelText(t('userCenterPage.setPassword.confirm')),
      'Better2026{Enter}',
    );
    await appeared(page.findByText(t('userCenterPage.setPassword.done')));
    await expect(
      await canvas.findByRole('button', {
        name: buttonName(t('userCenterPage.basic.changePassword')),
      }),
    ).toBeVisible();
  },
};

export const SetFirstPasswordZh: Story = inChinese(SetFirstPassword, 'Set first password');

/** A PNG is cropped (moved with the keyboard here) and becomes the avatar. */
export const UploadAvatar: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByText(t('userCenterPage.basic.avatarHint'), { exact: false }),
    ).toBeVisible();
    const input = context.canvasElement.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, await picture('image/png', 'me.png'));
    const dialog = within(await appeared(page.findByRole('dialog')));
    const area = dialog.getByRole('application', { name: t('userCenterPage.crop.area') });
    const image = area.querySelector('img')!;
    await waitFor(() => expect(image.style.transform).toMatch(/translate/));
    const before = image.style.transform;
    area.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(image.style.transform).not.toBe(before));
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('userCenterPage.crop.save')) }),
    );
    await appeared(page.findByText(t('userCenterPage.crop.saved')));
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: t('userCenterPage.basic.avatar') })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    );
    await expect(
      canvas.getByRole('button', { name: buttonName(t('userCenterPage.basic.changeAvatar')) }),
    ).toBeVisible();
  },
};

export const UploadAvatarZh: Story = inChinese(UploadAvatar, 'Upload avatar');

/** A file that is not a PNG or JPEG by its bytes is refused before any crop, saying why. */
export const AvatarRefused: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await canvas.findByText(t('userCenterPage.basic.avatarHint'), { exact: false });
    const input = context.canvasElement.querySelector<HTMLInputElement>('input[type=file]')!;
    // A GIF under a PNG's name and type.
    const gif = new File([new TextEncoder().encode('GIF89a fake')], 'me.png', {
      type: 'image/png',
    });
    await userEvent.upload(input, gif, { applyAccept: false });
    // Said beside the avatar, and still there past a toast's time until closed.
    const refused = message('avatarType', context.args.locale);
    const reason = (await canvas.findByText(refused)).closest<HTMLElement>('[role="alert"]')!;
    await expect(reason).toBeVisible();
    await expect(page.queryByRole('dialog')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, TOAST_MS * 2));
    await expect(reason).toBeVisible();
    await userEvent.click(within(reason).getByRole('button', { name: t('common.close') }));
    await waitFor(() => expect(canvas.queryByText(refused)).toBeNull());
  },
};

export const AvatarRefusedZh: Story = inChinese(AvatarRefused, 'Avatar refused');

/** The addresses: one added (after the platform's messages), one edited, one removed on confirm. */
export const Addresses: Story = {
  parameters: { web: { path: '/user-center/address', routeTitle: 'addresses' } },
  render: () => <AddressPage />,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const { locale } = context.args;
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.addresses') }),
    ).toBeVisible();
    await rowOf(context, 'Wang Fang');
    await expect(
      canvas.getByText(t('userCenterPage.address.count', { count: 2, limit: 20 })),
    ).toBeVisible();

    let dialog = await openDialog(context, t('userCenterPage.address.add'));
    await userEvent.type(dialog.getByLabelText(t('userCenterPage.address.phone')), '12345');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('userCenterPage.address.save')) }),
    );
    await appeared(dialog.findByText(message('addressNameRequired', locale)));
    await expect(dialog.getByText(message('phoneInvalid', locale))).toBeVisible();
    await expect(dialog.getByText(message('addressRequired', locale))).toBeVisible();
    await userEvent.type(dialog.getByLabelText(t('userCenterPage.address.name')), 'Zhao Lei');
    await userEvent.clear(dialog.getByLabelText(t('userCenterPage.address.phone')));
    await userEvent.type(dialog.getByLabelText(t('userCenterPage.address.phone')), '13700000005');
    await userEvent.type(
      dialog.getByLabelText(t('userCenterPage.address.address')),
      '5 Tianfu Avenue, Chengdu',
    );
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('userCenterPage.address.save')) }),
    );
    await appeared(page.findByText(t('userCenterPage.address.added')));
    await rowOf(context, 'Zhao Lei');

    await userEvent.click(
      canvas.getByRole('button', {
        name: t('userCenterPage.address.editLabel', { name: 'Wang Fang' }),
      }),
    );
    dialog = within(
      await appeared(page.findByRole('dialog', { name: t('userCenterPage.address.editTitle') })),
    );
    const address = dialog.getByLabelText(t('userCenterPage.address.address'));
    await expect(address).toHaveValue('16 Zhongguancun Street, Haidian, Beijing');
    await userEvent.clear(address);
    await userEvent.type(address, '1 Wangfujing Street, Beijing');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('userCenterPage.address.save')) }),
    );
    await appeared(page.findByText(t('userCenterPage.address.saved')));
    await appeared(canvas.findByText('1 Wangfujing Street, Beijing'));

    await userEvent.click(
      canvas.getByRole('button', {
        name: t('userCenterPage.address.removeLabel', { name: 'Li Wei' }),
      }),
    );
    const confirm = within(await appeared(page.findByRole('dialog')));
    await expect(
      confirm.getByText(
        t('userCenterPage.address.removeBody', {
          name: 'Li Wei',
          address: 'Room 1203, 88 Century Avenue, Pudong, Shanghai',
        }),
      ),
    ).toBeVisible();
    await userEvent.click(
      confirm.getByRole('button', { name: buttonName(t('userCenterPage.address.remove')) }),
    );
    await appeared(page.findByText(t('userCenterPage.address.removed')));
    await waitFor(() => expect(canvas.queryByText('Li Wei')).toBeNull());
  },
};

export const AddressesZh: Story = inChinese(Addresses, 'Addresses');

/** No address yet: what addresses are for, and the way to the first one. */
export const NoAddresses: Story = {
  ...Addresses,
  beforeEach: () => demoUserCenterFrom({ addresses: [] }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('userCenterPage.address.emptyTitle'))).toBeVisible();
    await expect(canvas.getByText(t('userCenterPage.address.emptyHint'))).toBeVisible();
    await expect(
      canvas.getAllByRole('button', { name: buttonName(t('userCenterPage.address.add')) }),
    ).toHaveLength(1);
  },
};

export const NoAddressesZh: Story = inChinese(NoAddresses, 'No addresses');

/** At the limit of 20: adding is off, and the page says why. */
export const AddressesFull: Story = {
  ...Addresses,
  beforeEach: () => demoUserCenterFrom({ addresses: FULL_ADDRESSES }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByText(t('userCenterPage.address.limitReached', { limit: 20 })),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('userCenterPage.address.add')) }),
    ).toBeDisabled();
  },
};

export const AddressesFullZh: Story = inChinese(AddressesFull, 'Addresses full');

/**
 * The personal account: holder, phone, registration day, verification, and its wallet at a glance
 * with "Buy" and the way into the fee center.
 */
export const Account: Story = {
  parameters: { web: { path: '/user-center/account', routeTitle: 'personalAccount' } },
  render: () => <AccountPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.personalAccount') }),
    ).toBeVisible();
    await expect(await canvas.findByText('2024-06-18')).toBeVisible();
    await expect(canvas.getByText(t('userCenterPage.account.verified'))).toBeVisible();
    await expect(
      await canvas.findByRole('listitem', { name: t('fees.wallet.remaining.signing') }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: buttonName(t('fees.buy')) })).toBeVisible();
  },
};

export const AccountZh: Story = inChinese(Account, 'Account');

/** System type 1: no personal account, said plainly to whoever types its address. */
export const AccountNotOffered: Story = {
  ...Account,
  beforeEach: () => {
    const { tenantId } = session.getState();
    session.getState().setSystem({ tenantId, sysType: 1 });
    return () => session.getState().setSystem({ tenantId, sysType: 0 });
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('userCenterPage.account.unavailable'))).toBeVisible();
    await expect(canvas.queryByText(t('fees.wallet.remaining.signing'))).toBeNull();
    await expect(canvas.queryByRole('button', { name: buttonName(t('fees.buy')) })).toBeNull();
  },
};

export const AccountNotOfferedZh: Story = inChinese(AccountNotOffered, 'Account not offered');

/** The user agreement with its contents: a link moves to its section and focuses it. */
export const UserAgreement: Story = {
  parameters: { web: { path: '/user-center/userAgreement', routeTitle: 'userAgreement' } },
  render: () => <AgreementPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const contents = within(
      await canvas.findByRole('navigation', { name: t('userCenterPage.agreement.contents') }),
    );
    await expect(contents.getAllByRole('link')).toHaveLength(8);
    await userEvent.click(
      contents.getByRole('link', { name: t('userCenterPage.agreement.s5Title') }),
    );
    const section = canvas.getByRole('region', { name: t('userCenterPage.agreement.s5Title') });
    await waitFor(() => expect(section).toHaveFocus());
    await expect(within(section).getByText(t('userCenterPage.agreement.s5Body'))).toBeVisible();
  },
};

export const UserAgreementZh: Story = inChinese(UserAgreement, 'User agreement');

/** The support contacts, the hotline and email as links. */
export const Contact: Story = {
  parameters: { web: { path: '/user-center/contact', routeTitle: 'contact' } },
  render: () => <ContactPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('link', { name: t('userCenterPage.contact.hotlineValue') }),
    ).toHaveAttribute('href', 'tel:4008001234');
    await expect(
      canvas.getByRole('link', { name: t('userCenterPage.contact.emailValue') }),
    ).toHaveAttribute('href', 'mailto:support@esign.example.com');
    await expect(canvas.getByText(t('userCenterPage.contact.hoursValue'))).toBeVisible();
  },
};

export const ContactZh: Story = inChinese(Contact, 'Contact');

/** The product, its version and the build date (the spec's date on a development server). */
export const About: Story = {
  parameters: { web: { path: '/user-center/about', routeTitle: 'about' } },
  render: () => <AboutPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.about') }),
    ).toBeVisible();
    await expect(canvas.getByText(BUILD.version)).toBeVisible();
    await expect(canvas.getByText(BUILD.date ?? '—')).toBeVisible();
    await expect(canvas.getByText(t('userCenterPage.about.buildDate'))).toBeVisible();
  },
};

export const AboutZh: Story = inChinese(About, 'About');

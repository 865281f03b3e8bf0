import { message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import HardwareKeysPage from '../pages/userCenter/HardwareKeysPage';
import { demoHardwareKeysFrom } from './demoHardwareKeys';
import {
  ON_A_PHONE,
  appeared,
  buttonName,
  dialogSaying,
  inChinese,
  scene,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

const meta = {
  title: 'Web/UserCenter/Hardware keys',
  ...webStoryMeta,
  parameters: { web: { path: '/user-center/hardware-key', routeTitle: 'hardwareKeys' } },
  render: () => <HardwareKeysPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The card of a registered key, by its name. */
async function cardOf(context: StoryContext<WebStoryArgs>, name: string) {
  const title = await within(context.canvasElement).findByText(name);
  return within(title.closest('li')!);
}

/**
 * The user's keys: a software key with the platform's certificate, in use, and a vendor's key
 * whose certificate has expired — each with its serial, algorithm, validity and issuer.
 */
export const Keys: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.hardwareKeys') }),
    ).toBeVisible();
    const laptop = await cardOf(context, 'Office laptop');
    await expect(laptop.getByText(t('hardwareKeys.active'))).toBeVisible();
    await expect(laptop.getByText(t('hardwareKeys.sourceIssued'))).toBeVisible();
    await expect(laptop.getByText('4a7c19e2f05b83d6a1c4e7f0b2d59e31')).toBeVisible();
    await expect(laptop.getByText('SM2/SM3')).toBeVisible();
    const vendor = await cardOf(context, 'USB key (CFCA)');
    await expect(vendor.getByText(t('hardwareKeys.expired'))).toBeVisible();
    await expect(vendor.getByText(t('hardwareKeys.sourceUploaded'))).toBeVisible();
    await expect(canvas.getByText(t('hardwareKeys.count', { count: 2, limit: 10 }))).toBeVisible();
  },
};

export const KeysZh: Story = inChinese(Keys, 'Keys');

/**
 * Making a software key: the spec's PIN rule and the confirmation are checked in the dialog; the
 * key is made, registered and its file downloaded, which the dialog says before it closes; the
 * key is then listed.
 */
export const MakeSoftwareKey: Story = {
  name: 'Make a software key',
  play: async (context) => {
    const { t, canvas } = scene(context);
    const { locale } = context.args;
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('hardwareKeys.make')) }),
    );
    const dialog = await dialogSaying(context, t('hardwareKeys.create.intro'));
    const name = dialog.getByLabelText(t('hardwareKeys.create.name'));
    await expect(name).toHaveValue(t('hardwareKeys.create.defaultName'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Home desktop');
    await userEvent.type(dialog.getByLabelText(t('hardwareKeys.create.pin')), '123456');
    await userEvent.type(dialog.getByLabelText(t('hardwareKeys.create.confirmPin')), '123457');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('hardwareKeys.create.submit')) }),
    );
    await appeared(dialog.findByText(message('pinRule', locale)));
    await appeared(dialog.findByText(t('hardwareKeys.create.pinMismatch')));
    await userEvent.clear(dialog.getByLabelText(t('hardwareKeys.create.pin')));
    await userEvent.type(dialog.getByLabelText(t('hardwareKeys.create.pin')), 'home-2026');
    await userEvent.clear(dialog.getByLabelText(t('hardwareKeys.create.confirmPin')));
    await userEvent.type(dialog.getByLabelText(t('hardwareKeys.create.confirmPin')), 'home-2026');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('hardwareKeys.create.submit')) }),
    );
    const done = await dialogSaying(context, t('hardwareKeys.create.doneTitle'));
    await expect(
      done.getByText(t('hardwareKeys.create.doneBody', { file: 'Home desktop.esignkey' })),
    ).toBeVisible();
    await userEvent.click(
      done.getByRole('button', { name: buttonName(t('hardwareKeys.create.done')) }),
    );
    await cardOf(context, 'Home desktop');
    await expect(canvas.getByText(t('hardwareKeys.count', { count: 3, limit: 10 }))).toBeVisible();
  },
};

export const MakeSoftwareKeyZh: Story = inChinese(MakeSoftwareKey, 'Make a software key');

/** Removing a key asks first, naming it; the key is gone from the list after. */
export const RemoveKey: Story = {
  name: 'Remove a key',
  play: async (context) => {
    const { t, canvas } = scene(context);
    const vendor = await cardOf(context, 'USB key (CFCA)');
    await userEvent.click(
      vendor.getByRole('button', {
        name: t('hardwareKeys.removeLabel', { name: 'USB key (CFCA)' }),
      }),
    );
    const confirm = await dialogSaying(context, t('hardwareKeys.removeTitle'));
    await expect(
      confirm.getByText(
        t('hardwareKeys.removeBody', { name: 'USB key (CFCA)', serial: '2f01a3b5c7d9' }),
      ),
    ).toBeVisible();
    await userEvent.click(
      confirm.getByRole('button', { name: buttonName(t('hardwareKeys.remove')) }),
    );
    await waitFor(() => expect(canvas.queryByText('USB key (CFCA)')).toBeNull());
    await expect(canvas.getByText(t('hardwareKeys.count', { count: 1, limit: 10 }))).toBeVisible();
  },
};

export const RemoveKeyZh: Story = inChinese(RemoveKey, 'Remove a key');

/** No key yet: what a key is for, and the button that makes one. */
export const NoKeys: Story = {
  name: 'No keys yet',
  beforeEach: () => demoHardwareKeysFrom([]),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('hardwareKeys.emptyTitle'))).toBeVisible();
    await expect(canvas.getByText(t('hardwareKeys.emptyHint'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('hardwareKeys.make')) }),
    ).toBeEnabled();
  },
};

export const NoKeysZh: Story = inChinese(NoKeys, 'No keys yet');

/** The keys on a phone: each card's facts one under another, nothing wider than the screen. */
export const KeysOnAPhone: Story = {
  name: 'Keys on a phone',
  globals: ON_A_PHONE,
  play: async (context) => {
    await Keys.play!(context);
    const page = context.canvasElement.ownerDocument.documentElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
  },
};

export const KeysOnAPhoneZh: Story = inChinese(KeysOnAPhone, 'Keys on a phone');

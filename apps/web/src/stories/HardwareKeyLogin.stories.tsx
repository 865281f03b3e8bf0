import { CLICK_DEBOUNCE_MS, message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import LoginPage from '../pages/account/LoginPage';
import { session } from '../session';
import { DEMO_REGISTERED, demoKeyLoginCalls, resetDemoKeyLoginCalls } from './demoHardwareKeys';
import {
  ON_A_PHONE,
  buttonName,
  inChinese,
  textsOf,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

const meta = {
  title: 'Web/Account/Hardware key login',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'signedOut' },
  parameters: { layout: 'fullscreen', web: { path: '/login' } },
  beforeEach: () => resetDemoKeyLoginCalls(),
  render: () => <LoginPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const PIN = 'key-2026';

/** A software key's file made in this browser, as the user center downloads one. */
async function keyFile(): Promise<File> {
  const keys = await import('../keys/softwareKey');
  const file = await keys.writeSoftwareKeyFile({
    keys: keys.newSoftwareKeyPair(),
    pin: PIN,
    registered: DEMO_REGISTERED,
  });
  const { blob, fileName } = keys.softwareKeyDownload(file);
  return new File([blob], fileName, { type: 'application/json' });
}

async function keyTab(context: StoryContext<WebStoryArgs>) {
  const t = textsOf(context);
  const canvas = within(context.canvasElement);
  await userEvent.click(await canvas.findByRole('tab', { name: t('login.byKey') }));
  return {
    t,
    canvas,
    file: await canvas.findByLabelText(t('login.keyFile')),
    pin: canvas.getByLabelText(t('login.keyPinLabel'), { selector: 'input' }),
    submit: canvas.getByRole('button', { name: buttonName(t('login.keySubmit')) }),
  };
}

/**
 * The third way to log in: the key file and its PIN, checked before anything is sent (the spec's
 * PIN rule, a file that is not a key); a wrong PIN is said at the PIN and asks the platform
 * nothing; the right one signs the platform's random and logs in.
 */
export const KeyFile: Story = {
  name: 'Key file and PIN',
  play: async (context) => {
    const { t, canvas, file, pin, submit } = await keyTab(context);
    const { locale } = context.args;
    await expect(canvas.getByText(t('login.keyIntro'))).toBeVisible();
    await userEvent.type(pin, '123');
    await userEvent.click(submit);
    await expect(await canvas.findByText(t('login.keyFileRequired'))).toBeVisible();
    await expect(canvas.getByText(message('pinRule', locale))).toBeVisible();

    await userEvent.upload(
      file,
      new File(['%PDF-1.7'], 'contract.pdf', { type: 'application/pdf' }),
      { applyAccept: false },
    );
    await expect(await canvas.findByText(t('login.keyFileInvalid'))).toBeVisible();
    await userEvent.upload(file, await keyFile());
    await expect(
      await canvas.findByText(
        t('login.keyChosen', { name: DEMO_REGISTERED.name, date: '2028-12-01' }),
      ),
    ).toBeVisible();

    await userEvent.clear(pin);
    await userEvent.type(pin, 'wrong-2026');
    await userEvent.click(submit);
    await expect(await canvas.findByText(t('login.keyWrongPin'))).toBeVisible();
    await expect(demoKeyLoginCalls()).toEqual({ randoms: 0, checks: 0 });
    await expect(session.getState().token).toBeNull();

    await userEvent.clear(pin);
    await userEvent.type(pin, PIN);
    // A second click within a second of the first is taken as the same one (useSubmit).
    await new Promise((resolve) => setTimeout(resolve, CLICK_DEBOUNCE_MS));
    await userEvent.click(submit);
    await waitFor(() => expect(session.getState().token).toBeTruthy(), { timeout: 10_000 });
    await expect(demoKeyLoginCalls()).toEqual({ randoms: 1, checks: 1 });
  },
};

export const KeyFileZh: Story = inChinese(KeyFile, 'Key file and PIN');

/** The key tab on a phone: the file, the PIN and the button one under another, full width. */
export const OnAPhone: Story = {
  name: 'On a phone',
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t, canvas, file, submit } = await keyTab(context);
    await userEvent.upload(file, await keyFile());
    await expect(
      await canvas.findByText(
        t('login.keyChosen', { name: DEMO_REGISTERED.name, date: '2028-12-01' }),
      ),
    ).toBeVisible();
    await expect(submit).toBeVisible();
    await expect(canvas.getByText(t('login.keyVendor'))).toBeVisible();
  },
};

export const OnAPhoneZh: Story = inChinese(OnAPhone, 'On a phone');

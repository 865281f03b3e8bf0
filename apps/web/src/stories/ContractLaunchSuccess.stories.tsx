import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import DirectlySuccessPage from '../pages/contract/launch/DirectlySuccessPage';
import { buttonName, inChinese, scene, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Contracts/Contract initiated',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: {
    web: { path: '/agency-contract/directly-success?id=9001', routeTitle: 'directlySuccess' },
  },
  render: () => <DirectlySuccessPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The contract sent: its number, name and status, and the user's turn to sign first. */
export const Sent: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('contractLaunch.success.title') }),
    ).toBeVisible();
    const number = await canvas.findByText('HT-20250314-0001');
    await waitFor(() => expect(number).toBeVisible());
    await expect(canvas.getByText('Office lease 2025')).toBeVisible();
    await expect(canvas.getByText(t('dashboard.status.signing'))).toBeVisible();
    for (const label of ['signNow', 'view', 'another', 'toList'] as const) {
      await expect(
        canvas.getByRole('button', { name: buttonName(t(`contractLaunch.success.${label}`)) }),
      ).toBeVisible();
    }
  },
};

export const SentZh: Story = inChinese(Sent, 'Sent');

/** A contract the console cannot read: said in place, the ways on still offered. */
export const Unreadable: Story = {
  parameters: {
    web: { path: '/agency-contract/directly-success?id=1', routeTitle: 'directlySuccess' },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const warning = await canvas.findByText(t('contractLaunch.success.loadFailed'));
    await waitFor(() => expect(warning).toBeVisible());
    await expect(
      canvas.getByRole('button', { name: buttonName(t('contractLaunch.success.toList')) }),
    ).toBeVisible();
  },
};

export const UnreadableZh: Story = inChinese(Unreadable, 'Unreadable');

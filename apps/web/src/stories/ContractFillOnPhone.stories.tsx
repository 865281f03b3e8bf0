import { EDITOR_RESOURCES } from '@esign/template-editor';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ContractDetailsPage from '../pages/contract/detail/ContractDetailsPage';
import { ON_A_PHONE, inChinese, scene, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Contracts/Fill on a phone',
  ...webStoryMeta,
  parameters: {
    layout: 'fullscreen',
    web: {
      path: '/agency-contract/contractDetails?id=9002&action=fill',
      routeTitle: 'contractDetails',
    },
  },
  globals: ON_A_PHONE,
  render: () => <ContractDetailsPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Opening the fill page on a phone: the guided fill's Start is in the first screen, without
 * scrolling, and Submit stays within reach at the bottom; a tap on Start brings the first field.
 */
export const StartInFirstScreen: Story = {
  play: async (context) => {
    const { canvas } = scene(context);
    const words = EDITOR_RESOURCES[context.args.locale].fill;
    const sheet = within(await canvas.findByRole('region', { name: words.guide }));
    const start = await sheet.findByRole('button', { name: words.start });
    await waitFor(() =>
      expect(start.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight),
    );
    await expect(window.scrollY).toBe(0);
    await userEvent.click(start);
    await expect(await sheet.findByRole('textbox', { name: 'Full name' })).toBeVisible();
  },
};

export const StartInFirstScreenZh: Story = inChinese(
  StartInFirstScreen,
  'Start in the first screen',
);

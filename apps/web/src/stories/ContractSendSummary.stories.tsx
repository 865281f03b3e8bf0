import { createEditorStore } from '@esign/template-editor/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { SendSummaryDialog } from '../pages/contract/launch/SendSummaryDialog';
import { sendSummary } from '../pages/contract/launch/sendSummary';
import {
  ON_A_PHONE,
  buttonName,
  inChinese,
  textsOf,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

const meta = {
  title: 'Web/Contract launch/Summary before sending',
  ...webStoryMeta,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A lease: the lessor (a company) fills the start date and seals; the tenant fills and signs. */
function lease() {
  const store = createEditorStore();
  const s = () => store.getState();
  s().addPage();
  const first = s().project.pages[0]!.uuid;
  s().addElement(first, 'date', { title: 'Start date', config: { party: 'A' } });
  s().addElement(first, 'seal', { title: 'Lessor seal', config: { party: 'A' } });
  s().addElement(first, 'text', { title: 'Tenant name', config: { party: 'B' } });
  s().addElement(first, 'signature', { title: 'Tenant signature', config: { party: 'B' } });
  return s().project;
}

const SUMMARY = sendSummary(
  {
    name: 'Office lease',
    agreementType: 'contract',
    signingOrder: 'sequential',
    signingDeadline: new Date(2030, 0, 31, 18, 0),
    participants: [
      {
        party: 'A',
        kind: 'company',
        name: 'Demo Admin',
        phone: '13900000001',
        companyName: 'Demo Trading Co., Ltd.',
      },
      { party: 'B', kind: 'person', name: 'Li Lei', phone: '13800000002' },
    ],
    receivers: [{ name: 'Zhao Min', phone: '13700000009', companyName: 'Demo Trading Co., Ltd.' }],
  },
  lease(),
);

const onSend = fn();

/** What "Send for signing" shows first: the parties in turn, their fields, deadline, copies. */
export const InOrder: Story = {
  render: () => (
    <SendSummaryDialog
      summary={SUMMARY}
      sending={false}
      onCancel={() => undefined}
      onSend={onSend}
    />
  ),
  play: async (context) => {
    const t = textsOf(context);
    const body = within(context.canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: t('contractLaunch.summary.title') });
    await waitFor(() => expect(dialog).toBeVisible());
    const summary = within(dialog);
    const parties = summary.getByRole('list', { name: t('contractLaunch.summary.partiesInOrder') });
    const items = within(parties)
      .getAllByRole('listitem')
      .filter((item) => item.dataset.party);
    await expect(items.map((item) => item.dataset.party)).toEqual(['A', 'B']);
    await expect(
      within(items[0]!).getByText(t('contractLaunch.summary.turn', { position: 1, count: 2 })),
    ).toBeVisible();
    await expect(
      within(items[1]!).getByText(t('contractLaunch.summary.fills', { fields: 'Tenant name' })),
    ).toBeVisible();
    await expect(
      within(items[0]!).getByText(t('contractLaunch.summary.signs', { fields: 'Lessor seal' })),
    ).toBeVisible();
    await expect(summary.getByText(/Zhao Min/)).toBeVisible();
    await expect(
      summary.getByRole('button', { name: buttonName(t('contractLaunch.summary.send')) }),
    ).toBeVisible();
  },
};

export const InOrderZh: Story = inChinese(InOrder, 'In order');

/** On a phone. */
export const OnAPhone: Story = { ...InOrder, name: 'On a phone', globals: ON_A_PHONE };

export const OnAPhoneZh: Story = inChinese(OnAPhone, 'On a phone');

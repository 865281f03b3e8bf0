import { message } from '@esign/platform';
import { EDITOR_RESOURCES } from '@esign/template-editor';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import DirectlyTemplatePage from '../pages/contract/launch/DirectlyTemplatePage';
import { buttonName, inChinese, scene, webStoryMeta, type WebStoryArgs } from './webStory';

const TEMPLATE_PATH = '/agency-contract/directly-template';

const meta = {
  title: 'Web/Contracts/Initiate from a template',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: { web: { path: TEMPLATE_PATH, routeTitle: 'directlyTemplate' } },
  render: () => <DirectlyTemplatePage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An element once it has finished appearing. */
async function shown(element: Promise<HTMLElement>) {
  const found = await element;
  await waitFor(() => expect(found).toBeVisible());
  return found;
}

/** The page, once its heading is there. */
async function opened(context: StoryContext<WebStoryArgs>) {
  const { t, canvas } = scene(context);
  await expect(
    await canvas.findByRole('heading', { level: 1, name: t('routes.directlyTemplate') }),
  ).toBeVisible();
  return { t, canvas, locale: context.args.locale };
}

/**
 * The enabled templates the user may use, each with "Use"; a disabled one is not offered. Using
 * one names its parties after the template's roles, the user first.
 */
export const ChooseTemplate: Story = {
  play: async (context) => {
    const { t, canvas } = await opened(context);
    await shown(canvas.findByText('Purchase agreement'));
    await expect(canvas.getByText('Office lease 2025')).toBeVisible();
    await expect(canvas.queryByText('Supply agreement')).toBeNull();
    await userEvent.click(
      canvas.getByRole('button', {
        name: t('contractLaunch.useTemplate', { name: 'Purchase agreement' }),
      }),
    );
    await shown(
      canvas.findByText(t('contractLaunch.chosenTemplate', { name: 'Purchase agreement' })),
    );
    await expect(canvas.getByLabelText(t('contractLaunch.taskName'))).toHaveValue(
      'Purchase agreement',
    );
    await expect(
      canvas.getByText(t('contractLaunch.partyRole', { party: 'A', role: 'Seller' })),
    ).toBeVisible();
    await expect(
      canvas.getByText(t('contractLaunch.partyRole', { party: 'B', role: 'Buyer' })),
    ).toBeVisible();
    // The template's parties are fixed: none added or removed here.
    await expect(canvas.queryByRole('button', { name: t('contractLaunch.addParty') })).toBeNull();
  },
};

export const ChooseTemplateZh: Story = inChinese(ChooseTemplate, 'Choose a template');

/**
 * Opened with ?templateId=, the user's company as the buyer: the buyer's fields
 * open in the editor's fill mode, and sending with a required one empty is refused with the
 * spec's message.
 */
export const FillOwnFields: Story = {
  parameters: {
    layout: 'fullscreen',
    web: { path: `${TEMPLATE_PATH}?templateId=202`, routeTitle: 'directlyTemplate' },
  },
  play: async (context) => {
    const { t, canvas, locale } = await opened(context);
    await shown(canvas.findByLabelText(t('contractLaunch.partyNameOf', { party: 'B' })));
    // The user signs as the buyer (B); the seller is someone else.
    await userEvent.click(
      canvas.getByRole('button', { name: t('contractLaunch.meOf', { party: 'B' }) }),
    );
    const nameA = canvas.getByLabelText(t('contractLaunch.partyNameOf', { party: 'A' }));
    await userEvent.clear(nameA);
    await userEvent.type(nameA, 'Zhang Min');
    const phoneA = canvas.getByLabelText(t('contractLaunch.partyPhoneOf', { party: 'A' }));
    await userEvent.clear(phoneA);
    await userEvent.type(phoneA, '13800000008');
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('common.next')) }));
    await shown(canvas.findByText(t('contractLaunch.fillIntro', { parties: 'B' })));
    const editorTexts = EDITOR_RESOURCES[locale];
    const editor = within(
      await canvas.findByRole('application', { name: editorTexts.editor.label }, { timeout: 8000 }),
    );
    await shown(editor.findByRole('textbox', { name: 'Buyer name' }));
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('contractLaunch.send')) }),
    );
    await shown(canvas.findByText(message('textValueRequired', locale)));
  },
};

export const FillOwnFieldsZh: Story = inChinese(FillOwnFields, 'Fill own fields');

import { EDITOR_RESOURCES } from '@esign/template-editor';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import TemplateEditorPage from '../pages/template/TemplateEditorPage';
import {
  buttonName,
  inChinese,
  textsOf,
  webStoryMeta,
  type WebStoryArgs,
  appeared,
} from './webStory';

const meta = {
  title: 'Web/Templates/Template editor',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: {
    layout: 'fullscreen',
    web: { path: '/template/Editor?id=202', routeTitle: 'templateEditor' },
  },
  render: () => <TemplateEditorPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The template in the editor, once the editor and its panels are there. */
async function opened(context: StoryContext<WebStoryArgs>, name: string) {
  const t = textsOf(context);
  const canvas = within(context.canvasElement);
  await expect(await canvas.findByRole('heading', { name }, { timeout: 5000 })).toBeVisible();
  // The editor speaks the story's language with strings of its own.
  const editorTexts = EDITOR_RESOURCES[context.args.locale];
  const editor = within(await canvas.findByRole('application', { name: editorTexts.editor.label }));
  // Its panels come right after its canvas.
  const addText = await editor.findByRole('button', { name: editorTexts.kind.text });
  return { t, canvas, addText, page: within(context.canvasElement.ownerDocument.body) };
}

/**
 * An enabled template over its two-page contract: the header's actions, the editor in design
 * mode, and saving with the header's button.
 */
export const Opened: Story = {
  play: async (context) => {
    const { t, canvas, page } = await opened(context, 'Purchase agreement');
    await expect(canvas.getByText(t('templateEditor.statusEnabled'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('templateEditor.backToList')) }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('templateEditor.preview')) }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('templateEditor.disable')) }),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('templateEditor.save')) }),
    );
    await appeared(page.findByText(t('templateEditor.saved')));
  },
};

export const OpenedZh: Story = inChinese(Opened, 'Opened');

/**
 * A template with a problem (party B signs but has no signature field): the panel says why it
 * cannot be enabled, and "Enable" is refused with the problems listed.
 */
export const WithProblems: Story = {
  parameters: { web: { path: '/template/Editor?id=203', routeTitle: 'templateEditor' } },
  play: async (context) => {
    const { t, canvas } = await opened(context, 'Supply agreement');
    await expect(canvas.getByText(t('templateEditor.problemsTitle'))).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('templateEditor.enable')) }),
    );
    await expect(await canvas.findByText(t('templateEditor.notEnabled'))).toBeVisible();
    await expect(canvas.getByText(t('templateEditor.statusDisabled'))).toBeVisible();
  },
};

export const WithProblemsZh: Story = inChinese(WithProblems, 'With problems');

/** A field added and not saved: leaving for the list asks first; staying keeps the work. */
export const UnsavedChanges: Story = {
  play: async (context) => {
    const { t, canvas, addText, page } = await opened(context, 'Purchase agreement');
    await userEvent.click(addText);
    await expect(await canvas.findByText(t('templateEditor.unsaved'))).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('templateEditor.backToList')) }),
    );
    const question = await appeared(page.findByText(t('templateEditor.leaveQuestion')));
    await userEvent.click(page.getByRole('button', { name: buttonName(t('templateEditor.stay')) }));
    await waitFor(() => expect(question).not.toBeVisible());
    await expect(canvas.getByText(t('templateEditor.unsaved'))).toBeVisible();
  },
};

export const UnsavedChangesZh: Story = inChinese(UnsavedChanges, 'Unsaved changes');

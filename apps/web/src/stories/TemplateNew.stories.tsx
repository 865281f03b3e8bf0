import { message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import TemplateNewPage from '../pages/template/TemplateNewPage';
import type { DemoConversion } from './demoTemplateEditor';
import { DEMO_TEMPLATE_EDITOR } from './demoTemplateEditor';
import { buttonName, inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Templates/New template',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: { web: { path: '/template/view', routeTitle: 'templateNew' } },
  render: () => <TemplateNewPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo world where an uploaded Word document's conversion goes as `conversion` says. */
const converting = (conversion: DemoConversion) => ({
  web: {
    path: '/template/view',
    routeTitle: 'templateNew',
    demo: { templateEditor: { ...DEMO_TEMPLATE_EDITOR, conversion } },
  },
});

/** A Word document as the content check sees it: a ZIP holding `word/`. */
const docx = (name: string) =>
  new File(['PK\u0003\u0004[Content_Types].xml word/document.xml'], name, {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  });

/** Chooses a file in the form's upload control, found by its label. */
async function choose(context: StoryContext<WebStoryArgs>, file: File, applyAccept = true) {
  const t = textsOf(context);
  const input = await within(context.canvasElement).findByLabelText(t('templateNew.document'));
  await userEvent.setup({ applyAccept }).upload(input, file);
}

/** An element once it has finished appearing (a field's error slides in). */
async function shown(element: Promise<HTMLElement>) {
  const found = await element;
  await waitFor(() => expect(found).toBeVisible());
}

/** Text shown with a figure that changes (seconds): matched with any number in its place. */
const withAnyNumber = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('999', '\\d+'));

/** The empty form: its fields, the default parties A and B, and the checks of "Next". */
export const Empty: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const locale = context.args.locale;
    const canvas = within(context.canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: t('routes.templateNew') }),
    ).toBeVisible();
    await expect(canvas.getByLabelText(t('templateNew.name'))).toBeVisible();
    await expect(canvas.getByLabelText(t('templateNew.category'))).toBeVisible();
    await expect(canvas.getByLabelText(t('templateNew.description'))).toBeVisible();
    await expect(canvas.getByText(t('templateNew.drop'))).toBeVisible();
    await expect(
      canvas.getByRole('checkbox', { name: t('templateNew.partySigns', { party: 'A' }) }),
    ).toBeChecked();
    await expect(
      canvas.getByRole('checkbox', { name: t('templateNew.partyFills', { party: 'B' }) }),
    ).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('common.next')) }));
    await shown(canvas.findByText(message('templateNameRequired', locale)));
    await shown(canvas.findByText(message('noFileSelected', locale)));
    // Nobody signs: the shared rule says so.
    await userEvent.click(
      canvas.getByRole('checkbox', { name: t('templateNew.partySigns', { party: 'A' }) }),
    );
    await userEvent.click(
      canvas.getByRole('checkbox', { name: t('templateNew.partySigns', { party: 'B' }) }),
    );
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('common.next')) }));
    await shown(canvas.findByText(message('atLeastOneSignatory', locale)));
  },
};

export const EmptyZh: Story = inChinese(Empty, 'Empty');

/** A DOCX uploaded (the bar full) and being converted, first in the queue, seconds counting. */
export const ConvertingDocx: Story = {
  parameters: converting('running'),
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await choose(context, docx('Lease 2025.docx'));
    const uploaded = await canvas.findByRole('progressbar', {
      name: t('templateNew.uploadProgress', { name: 'Lease 2025.docx' }),
    });
    await expect(uploaded).toHaveAttribute('aria-valuenow', '100');
    await expect(
      canvas.getByRole('progressbar', {
        name: t('templateNew.conversionProgress', { name: 'Lease 2025.docx' }),
      }),
    ).toBeVisible();
    await expect(
      canvas.getByText(withAnyNumber(t('templateNew.converting', { seconds: 999 }))),
    ).toBeVisible();
  },
};

export const ConvertingDocxZh: Story = inChinese(ConvertingDocx, 'Converting DOCX');

/** The conversion failed: why, and the drop area takes another file. */
export const ConversionFailed: Story = {
  parameters: converting('failed'),
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await choose(context, docx('Damaged.docx'));
    await expect(
      await canvas.findByText(t('templateNew.failed', { name: 'Damaged.docx' })),
    ).toBeVisible();
    await expect(
      canvas.getByText(new RegExp(message('conversionFailed', context.args.locale))),
    ).toBeVisible();
    await expect(canvas.getByText(t('templateNew.drop'))).toBeVisible();
  },
};

export const ConversionFailedZh: Story = inChinese(ConversionFailed, 'Conversion failed');

/** A file that is no PDF, DOC or DOCX is refused in the browser with the spec's message. */
export const RefusedFile: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await choose(context, new File(['just text'], 'notes.txt', { type: 'text/plain' }), false);
    await waitFor(async () =>
      expect(await canvas.findByText(message('uploadType', context.args.locale))).toBeVisible(),
    );
  },
};

export const RefusedFileZh: Story = inChinese(RefusedFile, 'Refused file');

/** A PDF is ready at once; a name the console already has is refused with the server's message. */
export const NameTaken: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    await userEvent.type(await canvas.findByLabelText(t('templateNew.name')), 'Purchase agreement');
    await choose(context, new File(['%PDF-1.7\n'], 'Purchase.pdf', { type: 'application/pdf' }));
    await shown(canvas.findByText(t('templateNew.ready', { name: 'Purchase.pdf', count: 2 })));
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('common.next')) }));
    await shown(canvas.findByText(message('nameNotUnique', context.args.locale)));
  },
};

export const NameTakenZh: Story = inChinese(NameTaken, 'Name taken');

/** A PDF with scripts and an attachment: ready, and the author is told what was taken out. */
export const ActiveContentRemoved: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const canvas = within(context.canvasElement);
    const name = 'Lease with scripts.pdf';
    await choose(context, new File(['%PDF-1.7\n'], name, { type: 'application/pdf' }));
    await shown(canvas.findByText(t('templateNew.ready', { name, count: 2 })));
    await expect(canvas.getByText(t('templateNew.removedTitle', { name }))).toBeVisible();
    for (const kind of ['javascript', 'embeddedFiles', 'outsideBytes'] as const) {
      await expect(canvas.getByText(t(`templateNew.removed.${kind}`))).toBeVisible();
    }
  },
};

export const ActiveContentRemovedZh: Story = inChinese(
  ActiveContentRemoved,
  'Active content removed',
);

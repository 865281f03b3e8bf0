import { PERSONAL_CONSOLE_ID, message, type UserInfo } from '@esign/platform';
import { EDITOR_RESOURCES } from '@esign/template-editor';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import DirectlyLaunchPage from '../pages/contract/launch/DirectlyLaunchPage';
import { demoWorld } from './demoData';
import { DEMO_TEMPLATE_EDITOR, releaseDemoConversions } from './demoTemplateEditor';
import { buttonName, inChinese, scene, webStoryMeta, type WebStoryArgs } from './webStory';

const LAUNCH_PATH = '/agency-contract/directly-launch';

const meta = {
  title: 'Web/Contracts/Initiate a contract',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: { web: { path: LAUNCH_PATH, routeTitle: 'directlyLaunch' } },
  render: () => <DirectlyLaunchPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo user with some of their account changed (unverified, no right to initiate). */
const userWith = (change: Partial<Pick<UserInfo, 'authStep' | 'launchAuth'>>) => ({
  web: {
    path: LAUNCH_PATH,
    routeTitle: 'directlyLaunch' as const,
    demo: { user: { ...demoWorld().get(PERSONAL_CONSOLE_ID)!.user, ...change } },
  },
});

/** An element once it has finished appearing (a field's error slides in). */
async function shown(element: Promise<HTMLElement>) {
  const found = await element;
  await waitFor(() => expect(found).toBeVisible());
  return found;
}

/** The form, once its heading is there. */
async function opened(context: StoryContext<WebStoryArgs>) {
  const { t, canvas, page } = scene(context);
  await expect(
    await canvas.findByRole('heading', { level: 1, name: t('routes.directlyLaunch') }),
  ).toBeVisible();
  const next = () =>
    userEvent.click(canvas.getByRole('button', { name: buttonName(t('common.next')) }));
  return { t, canvas, page, next, locale: context.args.locale };
}

/** Chooses a file in the document's drop area. */
async function choose(context: StoryContext<WebStoryArgs>, file: File, applyAccept = true) {
  const { t, canvas } = scene(context);
  const input = await canvas.findByLabelText(t('contractLaunch.document'));
  await userEvent.setup({ applyAccept }).upload(input, file);
}

const pdf = (name: string) => new File(['%PDF-1.7\n'], name, { type: 'application/pdf' });

/**
 * The empty form in the company console: party A is the user for the company; "Next" says what
 * is missing with the spec's messages, and a contract without any party is refused.
 */
export const Empty: Story = {
  play: async (context) => {
    const { t, canvas, next, locale } = await opened(context);
    await expect(
      canvas.getByLabelText(t('contractLaunch.partyCompanyOf', { party: 'A' })),
    ).toHaveValue('Qingshan Trading Co., Ltd.');
    await expect(
      canvas.getByLabelText(t('contractLaunch.partyPhoneOf', { party: 'A' })),
    ).toHaveValue('13800000001');
    await expect(canvas.getByText(t('contractLaunch.agreement.contract'))).toBeVisible();
    await expect(
      canvas.getByRole('radio', { name: t('contractLaunch.order.parallel') }),
    ).toBeChecked();
    await next();
    await shown(canvas.findByText(message('taskNameRequired', locale)));
    await shown(canvas.findByText(message('contractDocumentRequired', locale)));
    await shown(canvas.findByText(message('phoneRequired', locale)));
    for (const party of ['A', 'B']) {
      await userEvent.click(
        canvas.getByRole('button', { name: t('contractLaunch.removeParty', { party }) }),
      );
    }
    await next();
    await shown(canvas.findByText(message('atLeastOneParticipant', locale)));
  },
};

export const EmptyZh: Story = inChinese(Empty, 'Empty');

/** A file that is no PDF, DOC or DOCX is refused in the browser with the spec's message. */
export const RefusedFile: Story = {
  play: async (context) => {
    const { canvas, locale } = await opened(context);
    await choose(context, new File(['just text'], 'notes.txt', { type: 'text/plain' }), false);
    await shown(canvas.findByText(message('uploadType', locale)));
  },
};

export const RefusedFileZh: Story = inChinese(RefusedFile, 'Refused file');

/** A copy recipient needs a name or a phone, and a company name. */
export const CopyRecipient: Story = {
  play: async (context) => {
    const { t, canvas, next, locale } = await opened(context);
    await userEvent.click(canvas.getByRole('button', { name: t('contractLaunch.addReceiver') }));
    await next();
    await shown(canvas.findByText(message('receiverNameOrPhoneRequired', locale)));
    await shown(canvas.findByText(message('receiverCompanyRequired', locale)));
    await userEvent.type(
      canvas.getByLabelText(t('contractLaunch.receiverPhoneOf', { index: 1 })),
      '123',
    );
    await next();
    await shown(canvas.findByText(message('phoneInvalid', locale)));
  },
};

export const CopyRecipientZh: Story = inChinese(CopyRecipient, 'Copy recipient');

/**
 * Filled in and checked by the server: the editor opens over the document with the parties
 * named, and sending with nothing placed is refused with the editor's own checks.
 */
export const PlaceFields: Story = {
  parameters: { layout: 'fullscreen' },
  play: async (context) => {
    const { t, canvas, next, locale } = await opened(context);
    await userEvent.type(canvas.getByLabelText(t('contractLaunch.taskName')), 'Office lease 2026');
    await choose(context, pdf('Lease.pdf'));
    await shown(canvas.findByText(t('templateNew.ready', { name: 'Lease.pdf', count: 2 })));
    await userEvent.type(
      canvas.getByLabelText(t('contractLaunch.partyNameOf', { party: 'B' })),
      'Zhang Min',
    );
    await userEvent.type(
      canvas.getByLabelText(t('contractLaunch.partyPhoneOf', { party: 'B' })),
      '13800000008',
    );
    await next();
    const placing = within(
      await canvas.findByRole('region', { name: t('contractLaunch.steps.place') }),
    );
    await expect(placing.getAllByText(t('contractLaunch.registered'))).toHaveLength(2);
    const editorTexts = EDITOR_RESOURCES[locale];
    await expect(
      await placing.findByRole(
        'application',
        { name: editorTexts.editor.label },
        { timeout: 8000 },
      ),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('contractLaunch.send')) }),
    );
    // The summary comes first; the server's refusal of what it sends stays on the page.
    const summary = within(
      await within(document.body).findByRole('dialog', {
        name: t('contractLaunch.summary.title'),
      }),
    );
    await userEvent.click(
      summary.getByRole('button', { name: buttonName(t('contractLaunch.summary.send')) }),
    );
    await shown(canvas.findByText(t('contractLaunch.notSent')));
  },
};

export const PlaceFieldsZh: Story = inChinese(PlaceFields, 'Place fields');

/** A Word document as the content check sees it: a ZIP holding `word/`. */
const docx = (name: string) =>
  new File(['PK\u0003\u0004[Content_Types].xml word/document.xml'], name, {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  });

/**
 * "Next" pressed once while the DOCX still converts: the form says it goes on by itself, shows
 * the conversion's progress, and opens the placing step once the PDF is ready — no second press,
 * no "not ready yet".
 */
export const NextWhileConverting: Story = {
  parameters: {
    web: {
      path: LAUNCH_PATH,
      routeTitle: 'directlyLaunch',
      demo: { templateEditor: { ...DEMO_TEMPLATE_EDITOR, conversion: 'converts' } },
    },
  },
  play: async (context) => {
    const { t, canvas, next, locale } = await opened(context);
    await userEvent.type(canvas.getByLabelText(t('contractLaunch.taskName')), 'Office lease 2026');
    await userEvent.type(
      canvas.getByLabelText(t('contractLaunch.partyNameOf', { party: 'B' })),
      'Zhang Min',
    );
    await userEvent.type(
      canvas.getByLabelText(t('contractLaunch.partyPhoneOf', { party: 'B' })),
      '13800000008',
    );
    // The demo conversion runs until released below, however long the typing took.
    await choose(context, docx('Lease.docx'));
    await shown(
      canvas.findByRole('progressbar', {
        name: t('templateNew.conversionProgress', { name: 'Lease.docx' }),
      }),
    );
    await next();
    await shown(canvas.findByText(t('contractLaunch.waitingForDocument')));
    await expect(canvas.queryByText(message('documentNotReady', locale))).toBeNull();
    releaseDemoConversions();
    const placing = await canvas.findByRole(
      'region',
      { name: t('contractLaunch.steps.place') },
      { timeout: 8000 },
    );
    await expect(placing).toBeVisible();
    await expect(canvas.queryByText(t('contractLaunch.waitingForDocument'))).toBeNull();
  },
};

export const NextWhileConvertingZh: Story = inChinese(NextWhileConverting, 'Next while converting');

/** Without the right to initiate, the page says so instead of the form. */
export const NoAuthority: Story = {
  args: { session: 'personal' },
  parameters: userWith({ launchAuth: false }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await shown(canvas.findByText(message('noLaunchAuthority', context.args.locale)));
    await expect(canvas.queryByLabelText(t('contractLaunch.taskName'))).toBeNull();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('contractLaunch.backToList')) }),
    ).toBeVisible();
  },
};

export const NoAuthorityZh: Story = inChinese(NoAuthority, 'No authority');

/** Not real-name verified: asked to authenticate first, with the way to do it. */
export const RealNameRequired: Story = {
  args: { session: 'personal' },
  parameters: userWith({ authStep: 'NOT', launchAuth: false }),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await shown(
      canvas.findByRole('heading', { name: message('realNameRequired', context.args.locale) }),
    );
    await expect(canvas.queryByLabelText(t('contractLaunch.taskName'))).toBeNull();
    const prompt = within(await page.findByRole('dialog'));
    await shown(prompt.findByRole('button', { name: buttonName(t('realName.authenticate')) }));
  },
};

export const RealNameRequiredZh: Story = inChinese(RealNameRequired, 'Real name required');

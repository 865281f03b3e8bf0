import { EVIDENCE_REPORT_EXAMPLES, message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ContractArchivePage from '../pages/contract/archive/ContractArchivePage';
import ContractDetailsPage from '../pages/contract/detail/ContractDetailsPage';
import EvidenceVerifyPage from '../pages/evidenceReports/EvidenceVerifyPage';
import { sha256Hex } from '../pages/evidenceReports/verify';
import { demoEvidenceReportsFrom, exampleEvidenceReports } from './demoEvidenceReports';
import {
  ON_A_PHONE,
  appeared,
  buttonName,
  dialogSaying,
  inChinese,
  rowOf,
  scene,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

const meta = {
  title: 'Web/Contracts/Evidence reports',
  ...webStoryMeta,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo's completed contract (its details list its reports). */
const DETAILS = {
  render: () => <ContractDetailsPage />,
  parameters: {
    web: {
      path: '/agency-contract/contractDetails?id=9005',
      routeTitle: 'contractDetails' as const,
    },
  },
};

const { pending: PENDING, issued: ISSUED } = EVIDENCE_REPORT_EXAMPLES;
const { id, token } = EVIDENCE_REPORT_EXAMPLES.verify.query;
const VERIFY = {
  render: () => <EvidenceVerifyPage />,
  args: { session: 'signedOut' as const },
  parameters: {
    web: {
      path: `/evidence-verify?id=${id}&token=${token}`,
      routeTitle: 'evidenceVerify' as const,
    },
  },
};

/** The bytes of "the signed contract" the verification stories check. */
const SIGNED_PDF = new TextEncoder().encode(
  '%PDF-1.7\n% the signed contract of the story\n%%EOF\n',
);

/** The reports section of the details. */
async function reportsSection(context: StoryContext<WebStoryArgs>) {
  const { t, canvas } = scene(context);
  return within(await canvas.findByRole('region', { name: t('evidenceReports.section') }));
}

/**
 * A completed contract's evidence reports on its details: the issued blockchain report (ready,
 * anchored in the development ledger, its download and verification page) and the pending paper
 * one (when it is due, where it goes), and the Apply button.
 */
export const ContractReports: Story = {
  ...DETAILS,
  beforeEach: () => demoEvidenceReportsFrom(exampleEvidenceReports()),
  play: async (context) => {
    const { t } = scene(context);
    const section = await reportsSection(context);
    const issued = within(await section.findByRole('listitem', { name: ISSUED.number }));
    await expect(issued.getByText(t('evidenceReports.status.issued'))).toBeVisible();
    await expect(issued.getByText(t('evidenceReports.kinds.blockchain'))).toBeVisible();
    await expect(
      issued.getByRole('button', {
        name: t('evidenceReports.downloadOne', { number: ISSUED.number }),
      }),
    ).toBeEnabled();
    await expect(
      issued.getByRole('link', {
        name: t('evidenceReports.verifyPageOne', { number: ISSUED.number }),
      }),
    ).toHaveAttribute('href', ISSUED.verifyPath);
    await expect(issued.getByText(t('evidenceReports.developmentLedger'))).toBeVisible();
    const pending = within(section.getByRole('listitem', { name: PENDING.number }));
    await expect(pending.getByText(t('evidenceReports.status.pending'))).toBeVisible();
    await expect(pending.getByText(/1 Century Avenue, Shanghai/)).toBeVisible();
    await expect(pending.queryByRole('button', { name: /Download|下载/ })).toBeNull();
    await expect(
      section.getByRole('button', { name: buttonName(t('evidenceReports.apply')) }),
    ).toBeVisible();
  },
};

export const ContractReportsZh: Story = inChinese(ContractReports, 'Contract reports');

/** The same on a phone: the section below the document, nothing wider than the screen. */
export const ContractReportsOnPhone: Story = {
  ...ContractReports,
  globals: ON_A_PHONE,
  play: async (context) => {
    const section = await reportsSection(context);
    await section.findByRole('listitem', { name: ISSUED.number });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/**
 * Applying for a paper report: the address is asked for only for paper, checked with the
 * platform's rules, and the new report is listed as being prepared.
 */
export const ApplyForPaper: Story = {
  ...DETAILS,
  beforeEach: () => demoEvidenceReportsFrom({ ...exampleEvidenceReports(), reports: [] }),
  play: async (context) => {
    const { t, page } = scene(context);
    const locale = context.args.locale;
    const section = await reportsSection(context);
    await expect(await section.findByText(t('evidenceReports.none'))).toBeVisible();
    await userEvent.click(
      section.getByRole('button', { name: buttonName(t('evidenceReports.apply')) }),
    );
    const dialog = await dialogSaying(context, t('evidenceReports.cost'));
    await expect(dialog.getByRole('radio', { name: /Electronic|电子出证/ })).toBeChecked();
    await expect(
      dialog.queryByRole('textbox', { name: t('evidenceReports.recipient') }),
    ).toBeNull();
    await userEvent.click(dialog.getByRole('radio', { name: /Paper|纸质出证/ }));
    await userEvent.click(
      page.getByRole('button', { name: buttonName(t('evidenceReports.submit')) }),
    );
    await appeared(dialog.findByText(message('addressNameRequired', locale)));
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('evidenceReports.recipient') }),
      '李雷',
    );
    await userEvent.type(dialog.getByRole('textbox', { name: t('evidenceReports.phone') }), '123');
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('evidenceReports.addressLine') }),
      '上海市浦东新区世纪大道 1 号',
    );
    // Fields are checked on leaving them.
    await userEvent.tab();
    await waitFor(() => expect(dialog.queryByText(message('addressRequired', locale))).toBeNull());
    await userEvent.click(
      page.getByRole('button', { name: buttonName(t('evidenceReports.submit')) }),
    );
    await appeared(dialog.findByText(message('phoneInvalid', locale)));
    const phone = dialog.getByRole('textbox', { name: t('evidenceReports.phone') });
    await userEvent.clear(phone);
    await userEvent.type(phone, '13800000001');
    await userEvent.click(
      page.getByRole('button', { name: buttonName(t('evidenceReports.submit')) }),
    );
    await appeared(page.findByText(/Applied: the report will be ready by|已申请：报告将于/));
    const listed = within(await section.findByRole('listitem', { name: PENDING.number }));
    await expect(listed.getByText(t('evidenceReports.status.pending'))).toBeVisible();
    await expect(listed.getByText(/上海市浦东新区世纪大道 1 号/)).toBeVisible();
  },
};

export const ApplyForPaperZh: Story = inChinese(ApplyForPaper, 'Apply for paper');

/** No evidence copy left: the server's refusal stays in the dialog, in the page's language. */
export const NoCopiesLeft: Story = {
  ...DETAILS,
  beforeEach: () =>
    demoEvidenceReportsFrom({
      ...exampleEvidenceReports(),
      applyRefusal: { status: 409, text: 'noEvidenceCopiesLeft' },
    }),
  play: async (context) => {
    const { t, page } = scene(context);
    const section = await reportsSection(context);
    await userEvent.click(
      await section.findByRole('button', { name: buttonName(t('evidenceReports.apply')) }),
    );
    const dialog = await dialogSaying(context, t('evidenceReports.cost'));
    await userEvent.click(
      page.getByRole('button', { name: buttonName(t('evidenceReports.submit')) }),
    );
    await appeared(dialog.findByText(message('noEvidenceCopiesLeft', context.args.locale)));
  },
};

export const NoCopiesLeftZh: Story = inChinese(NoCopiesLeft, 'No copies left');

/**
 * The archive: each row applies for its contract's report; a selection of two goes to the server
 * as it is, which answers the spec's 'Only one contract is supported for certification'.
 */
export const ArchiveSelectionOfTwo: Story = {
  render: () => <ContractArchivePage />,
  args: { session: 'company' },
  parameters: { web: { path: '/management/index', routeTitle: 'management' as const } },
  beforeEach: () =>
    demoEvidenceReportsFrom({
      ...exampleEvidenceReports(),
      applyRefusal: { status: 400, text: 'oneContractForCertification' },
    }),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const row = await rowOf(context, 'Service agreement 2026');
    await expect(
      row.getByRole('button', {
        name: t('evidenceReports.applyOne', { name: 'Service agreement 2026' }),
      }),
    ).toBeVisible();
    for (const name of ['Service agreement 2026', 'Office lease, floor 3']) {
      await userEvent.click(
        canvas.getByRole('checkbox', { name: t('contractArchive.select', { name }) }),
      );
    }
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('evidenceReports.apply')) }),
    );
    const dialog = await dialogSaying(context, t('evidenceReports.dialogSeveral', { count: 2 }));
    await userEvent.click(
      page.getByRole('button', { name: buttonName(t('evidenceReports.submit')) }),
    );
    await appeared(dialog.findByText(message('oneContractForCertification', context.args.locale)));
  },
};

export const ArchiveSelectionOfTwoZh: Story = inChinese(
  ArchiveSelectionOfTwo,
  'Archive selection of two',
);

/** The public verification page, the report's summary under a drop zone, before any file. */
export const VerifyPage: Story = {
  ...VERIFY,
  beforeEach: () => demoEvidenceReportsFrom(exampleEvidenceReports()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { name: t('routes.evidenceVerify'), level: 1 }),
    ).toBeVisible();
    await expect(await canvas.findByText(t('evidenceReports.verify.drop'))).toBeVisible();
    await expect(canvas.getByText('王芳', { exact: false })).toBeVisible();
    await expect(canvas.getByText(ISSUED.chainHead!)).toBeVisible();
    await expect(
      canvas.getByText(t('evidenceReports.verify.final'), { exact: false }),
    ).toBeVisible();
  },
};

export const VerifyPageZh: Story = inChinese(VerifyPage, 'Verify page');

/** A summary whose final version is the story's "signed contract". */
async function summaryWithSignedPdf() {
  const fixtures = exampleEvidenceReports();
  const sha256 = await sha256Hex(SIGNED_PDF.buffer as ArrayBuffer);
  fixtures.summary.versions.at(-1)!.sha256 = sha256;
  demoEvidenceReportsFrom(fixtures);
  return sha256;
}

/** The drop zone's file input. */
const fileInput = (context: StoryContext<WebStoryArgs>) =>
  waitFor(() => {
    const input = context.canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input yet');
    return input;
  });

/** The signed contract, picked: hashed in the browser, it is the final version. */
export const VerifyMatch: Story = {
  ...VERIFY,
  beforeEach: async () => void (await summaryWithSignedPdf()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await userEvent.upload(
      await fileInput(context),
      new File([SIGNED_PDF], 'contract.pdf', { type: 'application/pdf' }),
    );
    await appeared(canvas.findByText(t('evidenceReports.verify.matchTitle.yes')));
    await expect(
      canvas.getByText(t('evidenceReports.verify.match.final', { version: 2 })),
    ).toBeVisible();
    await expect(
      canvas.getByText(t('evidenceReports.verify.yourFile', { name: 'contract.pdf' })),
    ).toBeVisible();
  },
};

export const VerifyMatchZh: Story = inChinese(VerifyMatch, 'Verify match');

/** A changed file: no match, said plainly. */
export const VerifyNoMatch: Story = {
  ...VERIFY,
  beforeEach: async () => void (await summaryWithSignedPdf()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await userEvent.upload(
      await fileInput(context),
      new File([SIGNED_PDF, ' '], 'changed.pdf', { type: 'application/pdf' }),
    );
    await appeared(canvas.findByText(t('evidenceReports.verify.matchTitle.no')));
    await expect(canvas.getByText(t('evidenceReports.verify.match.none'))).toBeVisible();
  },
};

export const VerifyNoMatchZh: Story = inChinese(VerifyNoMatch, 'Verify no match');

/** The page on a phone: the hashes wrap, nothing is wider than the screen. */
export const VerifyOnPhone: Story = {
  ...VerifyMatch,
  globals: ON_A_PHONE,
  play: async (context) => {
    await VerifyMatch.play!(context);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const VerifyOnPhoneZh: Story = inChinese(VerifyOnPhone, 'Verify on phone');

/** A link whose token is wrong (or a report not issued): the page says so, nothing else. */
export const VerifyUnknownLink: Story = {
  ...VERIFY,
  parameters: {
    web: {
      path: `/evidence-verify?id=${id}&token=${'0'.repeat(32)}`,
      routeTitle: 'evidenceVerify' as const,
    },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await appeared(canvas.findByText(t('evidenceReports.verify.notFound')));
    await expect(canvas.queryByText(t('evidenceReports.verify.drop'))).toBeNull();
  },
};

export const VerifyUnknownLinkZh: Story = inChinese(VerifyUnknownLink, 'Verify unknown link');

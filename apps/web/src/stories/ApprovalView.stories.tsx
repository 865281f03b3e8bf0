import { SIGNING_APPROVAL_EXAMPLES, message, type SigningApprovalDetail } from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ApprovalViewPage from '../pages/approval/ApprovalViewPage';
import { demoApprovalsFrom, exampleApprovals } from './demoSigningApproval';
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

const EXAMPLE = SIGNING_APPROVAL_EXAMPLES.detail;
const PATH = `/approval/view?active=1&id=${EXAMPLE.id}`;

const meta = {
  title: 'Web/Approvals/Approval view',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: { web: { path: PATH, routeTitle: 'approvalView' } },
  render: () => <ApprovalViewPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const [FIRST, SECOND] = EXAMPLE.nodes;
const APPROVER = FIRST!.people[0]!;
const [LEGAL, FINANCE] = SECOND!.people;

/**
 * The approval waiting for the viewer, as the detail example answers it: the contract (number,
 * parties, the way to it), the course — the application with its note, node 1 approved by its
 * approver with a comment, node 2 deciding (one countersigner approved, the viewer not yet), the
 * carbon copy waiting — and the viewer's decision: approved with a comment, the page reads the
 * approval again and shows it approved.
 */
export const Decide: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: EXAMPLE.contract.name }),
    ).toBeVisible();
    await expect(canvas.getByText(EXAMPLE.contract.number)).toBeVisible();
    await expect(canvas.getByText(EXAMPLE.contract.parties[1]!.name)).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t('approvalInbox.openContract') }),
    ).toHaveAttribute('href', `/agency-contract/contractDetails?id=${EXAMPLE.contract.id}`);
    await expect(canvas.getByText(EXAMPLE.applicantComment)).toBeVisible();
    const first = within(
      canvas
        .getByRole('heading', {
          level: 3,
          name: t('approvalPage.nodeTitle', { number: 1, kind: t('approvalPage.kind.approver') }),
        })
        .closest('li')!,
    );
    await expect(first.getByText(APPROVER.name)).toBeVisible();
    await expect(first.getByText(APPROVER.comment)).toBeVisible();
    await expect(first.getByText(APPROVER.decidedAt!)).toBeVisible();
    const second = within(
      canvas
        .getByRole('heading', {
          level: 3,
          name: t('approvalPage.nodeTitle', {
            number: 2,
            kind: t('approvalPage.kind.countersign'),
          }),
        })
        .closest('li')!,
    );
    await expect(second.getByText(t('approvalInbox.nodeStatus.deciding'))).toBeVisible();
    await expect(second.getByText(LEGAL!.name)).toBeVisible();
    await expect(second.getByText(t('approvalInbox.decision.none'))).toBeVisible();
    await expect(second.getByText(FINANCE!.decidedAt!)).toBeVisible();

    await userEvent.type(
      canvas.getByRole('textbox', { name: t('approvalInbox.comment') }),
      'Terms checked',
    );
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('approvalInbox.approve')) }),
    );
    await appeared(page.findByText(t('approvalInbox.approvedDone')));
    await expect(
      await canvas.findByText(t('approvalInbox.outcome.approved', { at: '2026-12-01 14:05:00' })),
    ).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: buttonName(t('approvalInbox.approve')) }),
    ).toBeNull();
  },
};

export const DecideZh: Story = inChinese(Decide, 'Decide');

/**
 * Rejecting asks the reason in a dialog: empty, it says one is needed; given, the approval is
 * not passed and the page shows the reason.
 */
export const Reject: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('approvalInbox.reject')) }),
    );
    const dialog = await dialogSaying(context, t('approvalInbox.rejectHint'));
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('approvalInbox.reject')) }),
    );
    await appeared(dialog.findByText(message('approvalCommentRequired', context.args.locale)));
    await userEvent.type(
      dialog.getByRole('textbox', { name: t('approvalInbox.reason') }),
      SIGNING_APPROVAL_EXAMPLES.reject.comment,
    );
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('approvalInbox.reject')) }),
    );
    await appeared(page.findByText(t('approvalInbox.rejectedDone')));
    await expect(
      await canvas.findByText(
        t('approvalInbox.outcome.reason', { reason: SIGNING_APPROVAL_EXAMPLES.reject.comment }),
      ),
    ).toBeVisible();
    await expect(canvas.getAllByText(t('approvalInbox.state.notPassed')).length).toBeGreaterThan(0);
  },
};

export const RejectZh: Story = inChinese(Reject, 'Reject');

/**
 * Another countersigner decided the same step a moment before (409): the refusal stays at the
 * form, and "Show the latest" reads the approval again.
 */
export const DecidedMeanwhile: Story = {
  beforeEach: () =>
    demoApprovalsFrom({
      ...exampleApprovals(),
      refuseDecision: { status: 409, text: 'approvalDecidedConcurrently' },
    }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('approvalInbox.approve')) }),
    );
    const refusal = await canvas.findByRole('alert');
    await expect(refusal).toHaveTextContent(
      message('approvalDecidedConcurrently', context.args.locale),
    );
    await expect(
      canvas.getByRole('button', { name: buttonName(t('approvalInbox.showLatest')) }),
    ).toBeVisible();
  },
};

export const DecidedMeanwhileZh: Story = inChinese(DecidedMeanwhile, 'Decided meanwhile');

/** Not the viewer's turn after all (403 'No permission for now'): said at the form. */
export const NotYourTurn: Story = {
  beforeEach: () =>
    demoApprovalsFrom({
      ...exampleApprovals(),
      refuseDecision: { status: 403, text: 'noPermission' },
    }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('approvalInbox.approve')) }),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      message('noPermission', context.args.locale),
    );
  },
};

/** With no flow for the contract, the company's administrator decides: whom it waits for. */
const BY_ADMINISTRATOR: SigningApprovalDetail = {
  ...(structuredClone(EXAMPLE) as SigningApprovalDetail),
  workflowName: '',
  state: 'inProgress',
  nodes: [],
  currentNode: null,
  deciders: [{ id: APPROVER.id, name: APPROVER.name, phone: APPROVER.phone }],
  mayDecide: false,
  active: 0,
};

export const ByTheAdministrator: Story = {
  beforeEach: () => demoApprovalsFrom({ ...exampleApprovals(), details: [BY_ADMINISTRATOR] }),
  parameters: {
    web: { path: `/approval/view?active=0&id=${EXAMPLE.id}`, routeTitle: 'approvalView' },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 3, name: t('approvalInbox.administratorStep') }),
    ).toBeVisible();
    await expect(
      canvas.getByText(t('approvalInbox.outcome.waitingFor', { names: APPROVER.name })),
    ).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: buttonName(t('approvalInbox.approve')) }),
    ).toBeNull();
  },
};

export const ByTheAdministratorZh: Story = inChinese(ByTheAdministrator, 'By the administrator');

/** An approval that does not exist (or is another's): said, with the way back. */
export const NotFound: Story = {
  parameters: { web: { path: '/approval/view?active=1&id=999', routeTitle: 'approvalView' } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('approvalInbox.notFound'))).toBeVisible();
  },
};

/** On a phone the decision comes first, the course below it. */
export const OnAPhone: Story = {
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const decision = await canvas.findByRole('heading', {
      level: 2,
      name: t('approvalInbox.yourDecision'),
    });
    const course = canvas.getByRole('heading', { level: 2, name: t('approvalInbox.course') });
    await waitFor(() =>
      expect(decision.getBoundingClientRect().top).toBeLessThan(course.getBoundingClientRect().top),
    );
  },
};

export const OnAPhoneZh: Story = inChinese(OnAPhone, 'On a phone');

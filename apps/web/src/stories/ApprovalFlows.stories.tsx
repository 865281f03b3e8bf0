import { WORKFLOW_EXAMPLES, message, workflowInUseText } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ApprovalFlowEditPage from '../pages/enterprise/approval/ApprovalFlowEditPage';
import ApprovalFlowListPage from '../pages/enterprise/approval/ApprovalFlowListPage';
import ApprovalFlowViewPage from '../pages/enterprise/approval/ApprovalFlowViewPage';
import { demoWorkflowsFrom } from './demoWorkflows';
import {
  ON_A_PHONE,
  appeared,
  buttonName,
  cardOf,
  companyMember,
  companyScreenMeta,
  dialogSaying,
  inChinese,
  rowOf,
  scene,
  type WebStoryArgs,
} from './webStory';

const COMPANY_ADMIN = companyMember('admin');
/** The legal representative's default grants: approval settings · view only. */
const VIEWER = companyMember('legal');

const meta = {
  title: 'Web/Enterprise/Approval flows',
  ...companyScreenMeta('/enterprise-console/examine', 'examine'),
  render: () => <ApprovalFlowListPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const [SALES, PURCHASES] = WORKFLOW_EXAMPLES.page.records;

/**
 * The company's flows as the page example answers them: name, type, creator, creation time and
 * an enabled switch; disabling one says so and the switch follows.
 */
export const List: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.examine') }),
    ).toBeVisible();
    const sales = await rowOf(context, SALES!.name);
    await expect(sales.getByText(t('approvalPage.type.beforeSign'))).toBeVisible();
    await expect(sales.getByText(SALES!.creatorName)).toBeVisible();
    await expect(sales.getByText(SALES!.createdAt)).toBeVisible();
    const purchases = await rowOf(context, PURCHASES!.name);
    await expect(purchases.getByText(t('approvalPage.type.beforeInitiate'))).toBeVisible();
    const salesSwitch = sales.getByRole('switch', {
      name: t('approvalPage.statusLabel', { name: SALES!.name }),
    });
    await expect(salesSwitch).toBeChecked();
    await expect(
      purchases.getByRole('switch', {
        name: t('approvalPage.statusLabel', { name: PURCHASES!.name }),
      }),
    ).not.toBeChecked();
    await userEvent.click(salesSwitch);
    await appeared(page.findByText(t('approvalPage.disabledDone', { name: SALES!.name })));
    await waitFor(() => expect(salesSwitch).not.toBeChecked());
  },
};

export const ListZh: Story = inChinese(List, 'List');

/** Removing the flow a template requires: confirmed, then refused with the template's name. */
export const RemoveInUse: Story = {
  play: async (context) => {
    const { t, page } = scene(context);
    const sales = await rowOf(context, SALES!.name);
    await userEvent.click(
      sales.getByRole('button', {
        name: buttonName(t('approvalPage.removeLabel', { name: SALES!.name })),
      }),
    );
    const dialog = await dialogSaying(context, t('approvalPage.removeContent'));
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('approvalPage.remove')) }),
    );
    await appeared(
      page.findByText(workflowInUseText(WORKFLOW_EXAMPLES.inUse, context.args.locale)),
    );
    await expect(await rowOf(context, SALES!.name)).toBeTruthy();
  },
};

export const RemoveInUseZh: Story = inChinese(RemoveInUse, 'Remove in use');

/** A company without flows: what they are for, and the way to the first. */
export const NoFlows: Story = {
  beforeEach: () => demoWorkflowsFrom([]),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('approvalPage.empty'))).toBeVisible();
    await expect(canvas.getByText(t('approvalPage.emptyHint'))).toBeVisible();
  },
};

/** A member who only views: no new, edit or remove, and the switches are read-only. */
export const ViewOnly: Story = {
  parameters: {
    web: { path: '/enterprise-console/examine', routeTitle: 'examine', demo: { user: VIEWER } },
  },
  play: async (context) => {
    const { t, canvas } = scene(context);
    const sales = await rowOf(context, SALES!.name);
    await expect(sales.getByRole('switch')).toBeDisabled();
    await expect(
      sales.queryByRole('button', { name: buttonName(t('approvalPage.remove')) }),
    ).toBeNull();
    await expect(
      canvas.queryByRole('button', { name: buttonName(t('approvalPage.newFlow')) }),
    ).toBeNull();
  },
};

/** On a phone each flow is a card with its switch and its moves. */
export const OnAPhone: Story = {
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t } = scene(context);
    const card = await cardOf(context, SALES!.name);
    await expect(card.getByText(t('approvalPage.type.beforeSign'))).toBeVisible();
    await expect(card.getByRole('switch')).toBeChecked();
  },
};

/** Picks a member of the staff for a node's people, searching by part of the name. */
async function pick(context: StoryContext<WebStoryArgs>, node: number, name: string) {
  const { t, canvas, page } = scene(context);
  const field = canvas.getByRole('combobox', { name: t('approvalPage.people', { number: node }) });
  await userEvent.click(field);
  await userEvent.type(field, name.split(' ')[1]!);
  await userEvent.click(
    await appeared(page.findByText(name, { selector: '.ant-select-item-option-content span' })),
  );
  await userEvent.keyboard('{Escape}');
}

/** The rule line of a key, kept or not. */
function ruleLine(context: StoryContext<WebStoryArgs>) {
  const { t, canvas } = scene(context);
  const rules = within(canvas.getByRole('region', { name: t('approvalPage.rules') }));
  return {
    kept: (key: Parameters<typeof message>[0]) =>
      rules.findByText(t('approvalPage.ruleKept', { rule: message(key, context.args.locale) })),
    broken: (key: Parameters<typeof message>[0], nodes?: string) =>
      rules.findByText(
        t('approvalPage.ruleBroken', {
          rule: nodes
            ? t('approvalPage.ruleAt', { rule: message(key, context.args.locale), nodes })
            : message(key, context.args.locale),
        }),
      ),
  };
}

/**
 * A new flow, built as the rules follow each change: empty at first (two rules not yet kept);
 * an approver and a countersign added; one countersigner is not enough (node 2 says so) until a
 * second is picked; moving the nodes renumbers them; then it saves.
 */
export const NewFlow: Story = {
  parameters: {
    web: {
      path: '/enterprise-console/approval-add',
      routeTitle: 'approvalAdd',
      demo: { user: COMPANY_ADMIN },
    },
  },
  render: () => <ApprovalFlowEditPage />,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.approvalAdd') }),
    ).toBeVisible();
    const rules = ruleLine(context);
    await rules.broken('workflowNotEmpty');
    await rules.broken('workflowApprovalNode');
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('approvalPage.addApprover')) }),
    );
    await rules.kept('workflowNotEmpty');
    await rules.broken('workflowPeopleChosen', '1');
    await pick(context, 1, 'Zhang Min');
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('approvalPage.addCountersign')) }),
    );
    await pick(context, 2, 'Wang Fang');
    await rules.broken('workflowTwoCountersigners', '2');
    await pick(context, 2, 'Zhao Lei');
    await rules.kept('workflowTwoCountersigners');
    await rules.kept('workflowPeopleChosen');
    await userEvent.click(
      canvas.getByRole('button', { name: t('approvalPage.moveUp', { number: 2 }) }),
    );
    await expect(
      canvas.getByRole('heading', {
        level: 3,
        name: t('approvalPage.nodeTitle', { number: 1, kind: t('approvalPage.kind.countersign') }),
      }),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText(t('approvalPage.name')), 'Leases');
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('approvalPage.save')) }));
    await appeared(page.findByText(t('approvalPage.saved', { name: 'Leases' })));
  },
};

export const NewFlowZh: Story = inChinese(NewFlow, 'New flow');

/** Saving a flow that breaks a rule is not sent: the rules say what to fix. */
export const SaveBrokenFlow: Story = {
  ...NewFlow,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await userEvent.type(await canvas.findByLabelText(t('approvalPage.name')), 'Half done');
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('approvalPage.addCarbonCopy')) }),
    );
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('approvalPage.save')) }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('approvalPage.fixRules'));
    await ruleLine(context).broken('workflowApprovalNode');
  },
};

/** One flow, read-only, as the detail example answers it: its nodes in order with their people. */
export const View: Story = {
  parameters: {
    web: {
      path: `/enterprise-console/approval-view?id=${WORKFLOW_EXAMPLES.detail.id}`,
      routeTitle: 'approvalFlowView',
      demo: { user: COMPANY_ADMIN },
    },
  },
  render: () => <ApprovalFlowViewPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    const detail = WORKFLOW_EXAMPLES.detail;
    await expect(await canvas.findByRole('heading', { level: 1, name: detail.name })).toBeVisible();
    for (const [index, node] of detail.nodes.entries()) {
      await expect(
        canvas.getByRole('heading', {
          level: 3,
          name: t('approvalPage.nodeTitle', {
            number: index + 1,
            kind: t(`approvalPage.kind.${node.kind}`),
          }),
        }),
      ).toBeVisible();
    }
    await expect(canvas.getAllByText(detail.nodes[1]!.people[0]!.name)[0]!).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('approvalPage.edit')) }),
    ).toBeVisible();
  },
};

export const ViewZh: Story = inChinese(View, 'View');

import { UNFINISHED_CONTRACT_STATUSES, builtinGrants, message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import CompanyInfoPage from '../pages/enterprise/company/CompanyInfoPage';
import { DEMO_COMPANY_INFO, DEMO_WRONG_CODE } from './demoCompanyInfo';
import { DEMO_CONTRACTS } from './demoContracts';
import { DEMO_COMPANY, demoWorld } from './demoData';
import { buttonName, inChinese, scene, webStoryMeta, type WebStoryArgs } from './webStory';

/** The demo user as an employee of the company (view only), and as its administrator. */
const COMPANY_EMPLOYEE = demoWorld().get(DEMO_COMPANY.id)!.user;
const COMPANY_ADMIN = {
  ...COMPANY_EMPLOYEE,
  roles: ['admin'],
  permissions: builtinGrants('admin'),
};

const meta = {
  title: 'Web/Enterprise/CompanyInfo',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: {
    web: {
      path: '/enterprise-console/company_info',
      routeTitle: 'companyInfo',
      demo: { user: COMPANY_ADMIN },
    },
  },
  render: () => <CompanyInfoPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = StoryContext<WebStoryArgs>;

/** The demo console's contracts that are not finished: what stands in the way of a write-off. */
const UNFINISHED = DEMO_CONTRACTS.filter((contract) =>
  (UNFINISHED_CONTRACT_STATUSES as readonly string[]).includes(contract.status),
).length;

/** The open dialog titled `title`, once it has finished appearing. */
async function dialogTitled(context: Context, title: string) {
  const { page } = scene(context);
  const dialog = await waitFor(() => {
    const found = page
      .getAllByRole('dialog')
      .find((candidate) => within(candidate).queryAllByText(title).length > 0);
    if (!found) throw new Error(`No dialog titled “${title}”`);
    return found;
  });
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}

/** A text once it has finished appearing (form errors and dialogs fade in). */
async function shown(
  scope: Pick<ReturnType<typeof scene>['canvas'], 'findByText' | 'getByText'>,
  text: string,
) {
  await scope.findByText(text);
  // Asked again each time: a table redraws its cells as it measures the page.
  await waitFor(() => expect(scope.getByText(text)).toBeVisible());
}

/** Opens a change's dialog from its button on the page. */
async function open(context: Context, button: string, title: string) {
  const { canvas } = scene(context);
  await userEvent.click(await canvas.findByRole('button', { name: buttonName(button) }));
  return dialogTitled(context, title);
}

/**
 * The code step: sends the code (the button then counts down), tries the wrong code and sees why
 * it is refused, then confirms with a right one.
 */
async function confirmWithCode(context: Context, dialog: ReturnType<typeof within>) {
  const { t } = scene(context);
  await userEvent.click(dialog.getByRole('button', { name: buttonName(t('account.sendCode')) }));
  await expect(
    await dialog.findByRole('button', { name: t('account.resendIn', { seconds: 60 }) }),
  ).toBeDisabled();
  const code = dialog.getByLabelText(t('account.code'));
  await userEvent.type(code, DEMO_WRONG_CODE);
  await userEvent.click(dialog.getByRole('button', { name: buttonName(t('companyPage.confirm')) }));
  await shown(dialog, message('smsCodeWrong', context.args.locale));
  await userEvent.clear(code);
  await userEvent.type(code, '246810{Enter}');
}

/** The administrator sees the company's data, its certification and every change. */
export const Administrator: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.companyInfo') }),
    ).toBeVisible();
    await shown(canvas, DEMO_COMPANY_INFO.creditCode);
    await expect(canvas.getByText(DEMO_COMPANY_INFO.companyName)).toBeVisible();
    await expect(canvas.getByText(t('companyPage.certificationState.approved'))).toBeVisible();
    await expect(
      canvas.getByText(t('companyPage.person', { name: 'Chen Jianguo', phone: '139****2201' })),
    ).toBeVisible();
    for (const action of ['changeLegal', 'changeName', 'transferAdmin', 'writeOff'] as const) {
      await expect(
        canvas.getByRole('button', { name: buttonName(t(`companyPage.${action}`)) }),
      ).toBeEnabled();
    }
  },
};
export const AdministratorZh: Story = inChinese(Administrator, 'Administrator');

/** An employee may see the company but change nothing: no change is offered, and it says why. */
export const Employee: Story = {
  parameters: { web: { demo: { user: COMPANY_EMPLOYEE } } },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await shown(canvas, DEMO_COMPANY_INFO.creditCode);
    await expect(canvas.getByText(t('companyPage.readOnly'))).toBeVisible();
    for (const action of ['changeLegal', 'changeName', 'transferAdmin', 'writeOff'] as const) {
      await expect(
        canvas.queryByRole('button', { name: buttonName(t(`companyPage.${action}`)) }),
      ).toBeNull();
    }
  },
};
export const EmployeeZh: Story = inChinese(Employee, 'Employee');

/** Legal representative change: the new one's details (the ID number checked), then their code. */
export const LegalChange: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    const dialog = await open(context, t('companyPage.changeLegal'), t('companyPage.legalTitle'));
    await userEvent.type(dialog.getByLabelText(t('companyPage.legalName')), 'Li Lei');
    await userEvent.type(dialog.getByLabelText(t('companyPage.legalPhone')), '13900000071');
    await userEvent.type(dialog.getByLabelText(t('companyPage.legalIdNumber')), '11-01');
    await userEvent.click(dialog.getByRole('button', { name: buttonName(t('companyPage.next')) }));
    await shown(dialog, message('idNumberInvalid', context.args.locale));
    const idNumber = dialog.getByLabelText(t('companyPage.legalIdNumber'));
    await userEvent.clear(idNumber);
    await userEvent.type(idNumber, '110101199003070011{Enter}');
    await shown(dialog, t('companyPage.codeTo', { phone: '139****0071' }));
    await confirmWithCode(context, dialog);
    await shown(canvas, t('companyPage.person', { name: 'Li Lei', phone: '139****0071' }));
  },
};
export const LegalChangeZh: Story = inChinese(LegalChange, 'Legal change');

/** Name change: a name another company has is refused; a new one is confirmed by code. */
export const NameChange: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    const dialog = await open(context, t('companyPage.changeName'), t('companyPage.nameTitle'));
    const field = dialog.getByLabelText(t('companyPage.newName'));
    await userEvent.type(field, 'Blue River Logistics Ltd.{Enter}');
    await shown(dialog, message('companyNameTaken', context.args.locale));
    await userEvent.clear(field);
    await userEvent.type(field, 'Qingshan Trading Group Co., Ltd.{Enter}');
    await shown(dialog, t('companyPage.codeTo', { phone: DEMO_COMPANY_INFO.admin!.phone }));
    await confirmWithCode(context, dialog);
    await shown(canvas, 'Qingshan Trading Group Co., Ltd.');
  },
};
export const NameChangeZh: Story = inChinese(NameChange, 'Name change');

/**
 * Administrator transfer: a successor chosen among the active members, the warning that the administrator
 * becomes an employee, the code; then the page offers no change any more.
 */
export const AdminTransfer: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const dialog = await open(context, t('companyPage.transferAdmin'), t('companyPage.adminTitle'));
    await userEvent.click(await dialog.findByRole('combobox'));
    await userEvent.click(await page.findByTitle('Zhang Min · 137****5566'));
    await userEvent.click(dialog.getByRole('button', { name: buttonName(t('companyPage.next')) }));
    await shown(dialog, t('companyPage.adminWarning', { name: 'Zhang Min' }));
    await confirmWithCode(context, dialog);
    await shown(canvas, t('companyPage.readOnly'));
    await expect(
      canvas.getByText(t('companyPage.person', { name: 'Zhang Min', phone: '137****5566' })),
    ).toBeVisible();
  },
};
export const AdminTransferZh: Story = inChinese(AdminTransfer, 'Admin transfer');

/** Write-off while contracts are unfinished: the dialog says how many and confirms nothing. */
export const WriteOffRefused: Story = {
  play: async (context) => {
    const { t } = scene(context);
    const dialog = await open(context, t('companyPage.writeOff'), t('companyPage.writeOffTitle'));
    await shown(dialog, t('companyPage.unfinishedTitle'));
    await expect(
      dialog.getByText(t('companyPage.unfinished', { count: UNFINISHED })),
    ).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: buttonName(t('companyPage.writeOffConfirm')) }),
    ).toBeDisabled();
    await expect(dialog.queryByLabelText(t('companyPage.typeName'))).toBeNull();
  },
};
export const WriteOffRefusedZh: Story = inChinese(WriteOffRefused, 'Write-off refused');

/**
 * Write-off once every contract is finished: the full name typed out (a wrong one refused), the
 * code; written off, it says so (and the session moves to the personal console).
 */
export const WriteOff: Story = {
  parameters: { web: { demo: { user: COMPANY_ADMIN, contracts: [] } } },
  play: async (context) => {
    const { t, page } = scene(context);
    const dialog = await open(context, t('companyPage.writeOff'), t('companyPage.writeOffTitle'));
    const name = await dialog.findByLabelText(t('companyPage.typeName'));
    await userEvent.type(name, 'Qingshan');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('companyPage.writeOffConfirm')) }),
    );
    await shown(dialog, t('companyPage.typeNameMismatch', { name: DEMO_COMPANY_INFO.companyName }));
    await userEvent.clear(name);
    await userEvent.type(name, DEMO_COMPANY_INFO.companyName);
    await userEvent.click(dialog.getByRole('button', { name: buttonName(t('account.sendCode')) }));
    await userEvent.type(dialog.getByLabelText(t('account.code')), '246810{Enter}');
    await shown(page, t('companyPage.writtenOff', { name: DEMO_COMPANY_INFO.companyName }));
  },
};
export const WriteOffZh: Story = inChinese(WriteOff, 'Write-off');

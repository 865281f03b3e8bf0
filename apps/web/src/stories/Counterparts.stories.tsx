import {
  COUNTERPART_EXAMPLES,
  blacklistedPartyText,
  message,
  type Counterpart,
} from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import DirectlyLaunchPage from '../pages/contract/launch/DirectlyLaunchPage';
import DirectlyTemplatePage from '../pages/contract/launch/DirectlyTemplatePage';
import { CompaniesPage, PeoplePage } from '../pages/relative/CounterpartListPage';
import { PersonDetailPage } from '../pages/relative/CounterpartDetailPage';
import { demoCounterpartsFrom, exampleCounterparts } from './demoCounterparts';
import {
  ON_A_PHONE,
  appeared,
  buttonName,
  cardOf,
  dialogSaying,
  inChinese,
  rowOf,
  scene,
  webStoryMeta,
  type WebStoryArgs,
} from './webStory';

const meta = {
  title: 'Web/Counterparts/Counterpart book',
  ...webStoryMeta,
  // The personal console's user holds counterpart:edit; the company's demo user is an employee.
  args: { ...webStoryMeta.args, session: 'personal' },
  parameters: { web: { path: '/relative/personal', routeTitle: 'relativePersonal' } },
  render: () => <PeoplePage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const PERSON = COUNTERPART_EXAMPLES.person;
const COMPANY = COUNTERPART_EXAMPLES.company;
const CONTRACT = COUNTERPART_EXAMPLES.contracts.records[0];

/** A blacklisted person of the book, for the picker's stories. */
const BLACKLISTED_PERSON: Counterpart = {
  ...PERSON,
  id: '33',
  name: 'Liu Yang',
  phone: '13900000005',
  email: '',
  certified: false,
  status: 'blacklist',
  blacklistReason: 'Forged a seal in 2025',
  blacklistedBy: 'Wang Fang',
  blacklistedAt: '2026-11-26 10:00:00',
  source: 'manual',
};

/**
 * The people of the book: each with phone, company, certification, status and source; the moves
 * on a selection are out of use (saying why) until a row is chosen.
 */
export const People: Story = {
  beforeEach: () => demoCounterpartsFrom(exampleCounterparts()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.relativePersonal') }),
    ).toBeVisible();
    const row = await rowOf(context, PERSON.name);
    await expect(row.getByText(PERSON.phone)).toBeVisible();
    await expect(row.getByText(t('counterparts.certified'))).toBeVisible();
    await expect(row.getByText(t('counterparts.status.normal'))).toBeVisible();
    await expect(row.getByText(t('counterparts.source.contract'))).toBeVisible();
    const remove = canvas.getByRole('button', { name: buttonName(t('counterparts.remove')) });
    await expect(remove).toBeDisabled();
    await userEvent.click(
      canvas.getByRole('checkbox', { name: t('counterparts.selectLabel', { name: PERSON.name }) }),
    );
    await expect(await canvas.findByText(t('counterparts.selected', { count: 1 }))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('counterparts.remove')) }),
    ).toBeEnabled();
  },
};
export const PeopleZh: Story = inChinese(People, 'People');

/**
 * Adding a person: the form's rules are the server's — a name, then a phone or an email (said at
 * the phone); saved, the person heads the list.
 */
export const AddPerson: Story = {
  beforeEach: () => demoCounterpartsFrom(exampleCounterparts()),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const locale = context.args.locale;
    await rowOf(context, PERSON.name);
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('counterparts.add.person')) }),
    );
    const dialog = await dialogSaying(context, t('counterparts.form.addTitle.person'));
    const save = dialog.getByRole('button', { name: buttonName(t('counterparts.form.save')) });
    await userEvent.click(save);
    await appeared(dialog.findByText(message('required', locale)));
    await userEvent.type(dialog.getByLabelText(t('counterparts.form.name')), 'Zhou Min');
    await userEvent.click(save);
    await appeared(dialog.findByText(message('counterpartContactRequired', locale)));
    await userEvent.type(dialog.getByLabelText(t('counterparts.form.phone')), '1234');
    await userEvent.click(save);
    await appeared(dialog.findByText(message('phoneInvalid', locale)));
    await userEvent.clear(dialog.getByLabelText(t('counterparts.form.phone')));
    await userEvent.type(dialog.getByLabelText(t('counterparts.form.email')), 'zhou@example.com');
    await userEvent.click(save);
    await appeared(page.findByText(t('counterparts.form.added', { name: 'Zhou Min' })));
    const row = await rowOf(context, 'Zhou Min');
    await expect(row.getByText(t('counterparts.source.manual'))).toBeVisible();
  },
};
export const AddPersonZh: Story = inChinese(AddPerson, 'Add a person');

/** Removing the selection asks first, then says how many left the book. */
export const RemoveSelected: Story = {
  beforeEach: () => demoCounterpartsFrom(exampleCounterparts()),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await rowOf(context, PERSON.name);
    await userEvent.click(
      canvas.getByRole('checkbox', { name: t('counterparts.selectLabel', { name: PERSON.name }) }),
    );
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('counterparts.remove')) }),
    );
    const confirm = await dialogSaying(context, t('counterparts.removeContent'));
    await userEvent.click(
      confirm.getByRole('button', { name: buttonName(t('counterparts.remove')) }),
    );
    await appeared(page.findByText(t('counterparts.removed', { count: 1 })));
    await appeared(canvas.findByText(t('counterparts.empty.person')));
  },
};
export const RemoveSelectedZh: Story = inChinese(RemoveSelected, 'Remove selected');

/**
 * The companies: a blacklisted one says why, who put it there and when, in its status tag's
 * tooltip; the selection's Restore applies to it.
 */
export const Companies: Story = {
  beforeEach: () => demoCounterpartsFrom(exampleCounterparts()),
  parameters: { web: { path: '/relative/company', routeTitle: 'relativeCompany' } },
  render: () => <CompaniesPage />,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.relativeCompany') }),
    ).toBeVisible();
    const row = await rowOf(context, COMPANY.name);
    await expect(row.getByText(COMPANY.creditCode)).toBeVisible();
    await expect(row.getByText(COMPANY.managerName)).toBeVisible();
    await expect(row.getByText(t('counterparts.notCertified'))).toBeVisible();
    await userEvent.hover(row.getByText(t('counterparts.status.blacklist')));
    const tooltip = within(await appeared(page.findByRole('tooltip')));
    await expect(
      tooltip.getByText(
        t('counterparts.blacklistReason', { reason: COMPANY.blacklistReason ?? '' }),
      ),
    ).toBeVisible();
    await expect(
      tooltip.getByText(
        t('counterparts.blacklistedBy', {
          who: COMPANY.blacklistedBy ?? '',
          when: COMPANY.blacklistedAt ?? '',
        }),
      ),
    ).toBeVisible();
    await expect(
      row.getByRole('button', { name: t('counterparts.restoreLabel', { name: COMPANY.name }) }),
    ).toBeVisible();
  },
};
export const CompaniesZh: Story = inChinese(Companies, 'Companies');

/** The same companies on a phone: one card each, the status beside the name. */
export const CompaniesOnAPhone: Story = {
  ...Companies,
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t } = scene(context);
    const card = await cardOf(context, COMPANY.name);
    await expect(card.getByText(t('counterparts.status.blacklist'))).toBeVisible();
    await expect(card.getByText(COMPANY.creditCode)).toBeVisible();
  },
};

/** A member without counterpart:edit sees and exports the book; nothing changes it. */
export const ViewOnly: Story = {
  ...Companies,
  args: { session: 'company' },
  play: async (context) => {
    const { t, canvas } = scene(context);
    await rowOf(context, COMPANY.name);
    await expect(canvas.getByRole('button', { name: t('counterparts.export') })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: t('counterparts.add.company') })).toBeNull();
    await expect(canvas.queryByRole('button', { name: t('counterparts.import') })).toBeNull();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};

/** An empty book says how it fills: add, import, or the parties of contracts. */
export const Empty: Story = {
  beforeEach: () => demoCounterpartsFrom({ ...exampleCounterparts(), book: [] }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('counterparts.empty.person'))).toBeVisible();
    await expect(canvas.getByText(t('counterparts.empty.hint'))).toBeVisible();
    await expect(
      canvas.getAllByRole('button', { name: buttonName(t('counterparts.add.person')) }).length,
    ).toBe(2);
  },
};
export const EmptyZh: Story = inChinese(Empty, 'Empty');

/**
 * The import's preview: the server's report of every row, the refused ones with why; "Refused
 * rows only" keeps those; "Import 1 row" writes the accepted one and the report stays.
 */
export const ImportPreview: Story = {
  beforeEach: () => demoCounterpartsFrom(exampleCounterparts()),
  play: async (context) => {
    const { t, canvas } = scene(context);
    const report = COUNTERPART_EXAMPLES.importReport;
    await rowOf(context, PERSON.name);
    await userEvent.click(canvas.getByRole('button', { name: t('counterparts.import') }));
    const dialog = await dialogSaying(context, t('counterparts.importDialog.step1'));
    const input = dialog
      .getByRole('button', { name: t('counterparts.importDialog.choose') })
      .closest('.ant-upload')!
      .querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['PK\u0003\u0004'], 'people.xlsx'));
    await expect(
      await dialog.findByText(
        t('counterparts.importDialog.counts', {
          total: report.total,
          accepted: report.accepted,
          refused: report.refused,
        }),
      ),
    ).toBeVisible();
    await expect(dialog.getByText(report.rows[1]!.errors[0]!)).toBeVisible();
    await expect(dialog.getByText('Zhao Lei')).toBeVisible();
    await userEvent.click(
      dialog.getByRole('checkbox', { name: t('counterparts.importDialog.refusedOnly') }),
    );
    await waitFor(() => expect(dialog.queryByText('Zhao Lei')).toBeNull());
    await expect(dialog.getByText(report.rows[2]!.errors[0]!)).toBeVisible();
  },
};
export const ImportPreviewZh: Story = inChinese(ImportPreview, 'Import preview');

/**
 * A counterpart's details: every field, status, certification and source, and the contracts
 * signed with them, each to its own details.
 */
export const Detail: Story = {
  beforeEach: () => demoCounterpartsFrom(exampleCounterparts()),
  parameters: { web: { path: `/relative/view?id=${PERSON.id}`, routeTitle: 'relativeView' } },
  render: () => <PersonDetailPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByRole('heading', { level: 1, name: PERSON.name })).toBeVisible();
    await expect(canvas.getByText(PERSON.email)).toBeVisible();
    await expect(canvas.getByText(PERSON.note)).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: t('counterparts.detail.initiate') }),
    ).toBeVisible();
    const link = await canvas.findByRole('link', { name: CONTRACT!.name });
    await expect(link.getAttribute('href')).toBe(
      `/agency-contract/contractDetails?id=${CONTRACT!.id}`,
    );
    const row = within(link.closest('tr')!);
    await expect(row.getByText(t('dashboard.status.completed'))).toBeVisible();
    await expect(row.getByText(t('counterparts.detail.partyList', { parties: 'B' }))).toBeVisible();
  },
};
export const DetailZh: Story = inChinese(Detail, 'Detail');

const launch = {
  args: { session: 'company' as const },
  parameters: {
    web: { path: '/agency-contract/directly-launch', routeTitle: 'directlyLaunch' as const },
  },
  render: () => <DirectlyLaunchPage />,
};

/**
 * The picker in the initiating screen: two characters offer the book's people; a blacklisted one
 * is out of use with the reason; picking one names party B.
 */
export const PickerInLaunch: Story = {
  ...launch,
  beforeEach: () =>
    demoCounterpartsFrom({ ...exampleCounterparts(), book: [PERSON, BLACKLISTED_PERSON] }),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const picker = await canvas.findByRole('combobox', {
      name: t('counterparts.picker.label', { party: 'B' }),
    });
    await userEvent.click(picker);
    await userEvent.type(picker, 'Li');
    await appeared(
      page.findByText(
        t('counterparts.picker.blacklisted', { reason: BLACKLISTED_PERSON.blacklistReason ?? '' }),
      ),
    );
    await userEvent.click(await page.findByText(PERSON.name, { selector: 'strong' }));
    await waitFor(() =>
      expect(
        canvas.getByRole('textbox', { name: t('contractLaunch.partyNameOf', { party: 'B' }) }),
      ).toHaveValue(PERSON.name),
    );
    await expect(
      canvas.getByRole('textbox', { name: t('contractLaunch.partyPhoneOf', { party: 'B' }) }),
    ).toHaveValue(PERSON.phone);
  },
};
export const PickerInLaunchZh: Story = inChinese(PickerInLaunch, 'Picker in launch');

/** A company of the book that is not blacklisted. */
const OTHER_COMPANY: Counterpart = {
  ...COMPANY,
  id: '34',
  name: 'Ningbo Port Supplies Co., Ltd.',
  creditCode: '',
  managerName: 'Chen Jie',
  phone: '13900000006',
  status: 'normal',
  blacklistReason: null,
  blacklistedBy: null,
  blacklistedAt: null,
};

/**
 * A company party picks from the book's companies: the company's name, the manager who signs and
 * their phone are filled at once; the blacklisted company is out of use.
 */
export const PickerForACompany: Story = {
  ...launch,
  beforeEach: () =>
    demoCounterpartsFrom({ ...exampleCounterparts(), book: [PERSON, COMPANY, OTHER_COMPANY] }),
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const kind = await canvas.findByRole('combobox', {
      name: t('contractLaunch.kindOf', { party: 'B' }),
    });
    await userEvent.click(kind);
    await userEvent.click(
      await appeared(
        page.findByText(t('contractLaunch.company'), {
          selector: '.ant-select-item-option-content',
        }),
      ),
    );
    const picker = canvas.getByRole('combobox', {
      name: t('counterparts.picker.label', { party: 'B' }),
    });
    await userEvent.click(picker);
    await userEvent.type(picker, 'Co');
    await appeared(
      page.findByText(
        t('counterparts.picker.blacklisted', { reason: COMPANY.blacklistReason ?? '' }),
      ),
    );
    await userEvent.click(await page.findByText(OTHER_COMPANY.name, { selector: 'strong' }));
    await waitFor(() =>
      expect(
        canvas.getByRole('textbox', { name: t('contractLaunch.partyCompanyOf', { party: 'B' }) }),
      ).toHaveValue(OTHER_COMPANY.name),
    );
    await expect(
      canvas.getByRole('textbox', { name: t('contractLaunch.partyNameOf', { party: 'B' }) }),
    ).toHaveValue(OTHER_COMPANY.managerName);
    await expect(
      canvas.getByRole('textbox', { name: t('contractLaunch.partyPhoneOf', { party: 'B' }) }),
    ).toHaveValue(OTHER_COMPANY.phone);
  },
};
export const PickerForACompanyZh: Story = inChinese(PickerForACompany, 'Picker for a company');

/**
 * A party on the blacklist is refused at its own row when the form is checked, saying who and why
 * in the user's language (what validateParticipants answers).
 */
export const BlacklistedParty: Story = {
  args: { session: 'company' },
  parameters: {
    web: {
      path: '/agency-contract/directly-template?templateId=202',
      routeTitle: 'directlyTemplate',
    },
  },
  render: () => <DirectlyTemplatePage />,
  beforeEach: () =>
    demoCounterpartsFrom({
      ...exampleCounterparts(),
      book: [BLACKLISTED_PERSON],
      refuseParties: [
        {
          party: 'B',
          counterpartId: BLACKLISTED_PERSON.id,
          name: BLACKLISTED_PERSON.name,
          reason: BLACKLISTED_PERSON.blacklistReason!,
        },
      ],
    }),
  play: async (context) => {
    const { t, canvas } = scene(context);
    const name = await canvas.findByRole('textbox', {
      name: t('contractLaunch.partyNameOf', { party: 'B' }),
    });
    await userEvent.type(name, BLACKLISTED_PERSON.name);
    await userEvent.type(
      canvas.getByRole('textbox', { name: t('contractLaunch.partyPhoneOf', { party: 'B' }) }),
      BLACKLISTED_PERSON.phone,
    );
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('common.next')) }));
    const row = within(
      canvas.getByRole('listitem', {
        name: t('contractLaunch.partyRole', { party: 'B', role: 'Buyer' }),
      }),
    );
    await appeared(
      row.findByText(
        blacklistedPartyText(
          BLACKLISTED_PERSON.name,
          BLACKLISTED_PERSON.blacklistReason!,
          context.args.locale,
        ),
      ),
    );
  },
};
export const BlacklistedPartyZh: Story = inChinese(BlacklistedParty, 'Blacklisted party');

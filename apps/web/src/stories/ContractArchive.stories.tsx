import { CONTRACT_ARCHIVE_EXAMPLES } from '@esign/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import ContractArchivePage from '../pages/contract/archive/ContractArchivePage';
import {
  ON_A_PHONE,
  appeared,
  buttonName,
  cardOf,
  companyScreenMeta,
  dialogSaying,
  inChinese,
  rowOf,
  scene,
  type WebStoryArgs,
} from './webStory';

const meta = {
  title: 'Web/Contracts/Contract archive',
  // The company's administrator: contract:manage, so the archive's keeper.
  ...companyScreenMeta('/management/index', 'management'),
  render: () => <ContractArchivePage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const [FILED, UNFILED] = CONTRACT_ARCHIVE_EXAMPLES.page.answer.records;
const [LEASES, SUPPLY] = CONTRACT_ARCHIVE_EXAMPLES.categoryPage.answer.records;

/**
 * The completed contracts as the page example answers them, with the categories on the side: one
 * filed in Leases, one unfiled; choosing Unfiled leaves the filed one out.
 */
export const Archive: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.management') }),
    ).toBeVisible();
    const filed = await rowOf(context, FILED!.name);
    await expect(filed.getByText(FILED!.number)).toBeVisible();
    await expect(filed.getByText(LEASES!.name)).toBeVisible();
    const unfiled = await rowOf(context, UNFILED!.name);
    await expect(unfiled.getByText(t('contractArchive.unfiled'))).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: new RegExp(`^${SUPPLY!.name}\\s*0$`) }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t('contractArchive.unfiled') }));
    await waitFor(() => expect(canvas.queryByText(FILED!.name)).toBeNull());
    await expect(canvas.getByText(UNFILED!.name)).toBeVisible();
  },
};

export const ArchiveZh: Story = inChinese(Archive, 'Archive');

/**
 * Filing the unfiled contract: the dialog offers the categories the keeper manages; once filed,
 * the row names its category and the category counts it.
 */
export const FileIntoCategory: Story = {
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const unfiled = await rowOf(context, UNFILED!.name);
    await userEvent.click(
      unfiled.getByRole('button', { name: t('contractArchive.fileOne', { name: UNFILED!.name }) }),
    );
    const dialog = await dialogSaying(context, t('contractArchive.fileInto'));
    await userEvent.click(dialog.getByRole('combobox'));
    // The option of the list (the side panel names the category too).
    const option = await waitFor(() => {
      const found = page
        .getAllByTitle(LEASES!.name)
        .find((element) => element.classList.contains('ant-select-item-option'));
      if (!found) throw new Error(`No option ${LEASES!.name}`);
      return found;
    });
    await userEvent.click(option);
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('contractArchive.file')) }),
    );
    await appeared(
      page.findByText(t('contractArchive.filed', { count: 1, category: LEASES!.name })),
    );
    const row = await rowOf(context, UNFILED!.name);
    await waitFor(() => expect(row.getByText(LEASES!.name)).toBeVisible());
    await expect(
      canvas.getByRole('button', { name: new RegExp(`^${LEASES!.name}\\s*2$`) }),
    ).toBeVisible();
  },
};

/** A category name longer than 20 characters is refused in the dialog with the spec's words. */
export const CategoryNameTooLong: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await userEvent.click(
      await canvas.findByRole('button', { name: buttonName(t('contractArchive.newCategory')) }),
    );
    const dialog = await dialogSaying(context, t('contractArchive.categoryName'));
    await userEvent.type(dialog.getByRole('textbox'), 'A category name of 25 ch');
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('contractArchive.save')) }),
    );
    await appeared(
      dialog.findByText('Category name length is too long, not more than 20 characters'),
    );
  },
};

/** On a phone: contracts as cards, the categories behind a button, the name search on top. */
export const OnPhone: Story = {
  globals: ON_A_PHONE,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    const card = await cardOf(context, FILED!.name);
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(card.getByText(LEASES!.name)).toBeVisible();
    await expect(
      card.getByRole('button', { name: t('contractArchive.downloadOne', { name: FILED!.name }) }),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: buttonName(t('contractArchive.categories')) }),
    );
    const drawer = await dialogSaying(context, t('contractArchive.allCompleted'));
    await userEvent.click(
      drawer.getByRole('button', { name: new RegExp(`^${LEASES!.name}\\s*1$`) }),
    );
    await waitFor(() => expect(page.queryByText(UNFILED!.name)).toBeNull());
    await expect(
      await canvas.findByRole('heading', { level: 2, name: LEASES!.name }),
    ).toBeVisible();
  },
};

export const OnPhoneZh: Story = inChinese(OnPhone, 'On a phone');

import { FolderOpenOutlined, InboxOutlined } from '@ant-design/icons';
import type { ArchiveCategory } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  archiveQueries,
  removeArchiveCategory,
  renameArchiveCategory,
  saveArchiveCategory,
  setArchiveGrants,
  useArchiveMutation,
} from '../../../api/contractArchive';
import { CategoryPanel } from '../../category/CategoryPanel';
import type { ArchiveCategoryChoice } from './archiveFilters';
import { useArchiveConsole } from './useArchiveConsole';

const sameChoice = (a: ArchiveCategoryChoice, b: ArchiveCategoryChoice) =>
  typeof a === 'object' && typeof b === 'object' ? a.id === b.id : a === b;

/**
 * The archive's categories the member sees, with how many contracts each holds; choosing one
 * filters the list (all completed contracts, the unfiled ones, or one category's). The keeper
 * also makes, renames and removes categories and says who may see (`use`) or also file contracts
 * in and out of (`manage`) each — the keeper has every right anyway (the shared category panel and
 * rights drawer with the archive's calls and strings).
 */
export function ArchiveCategoryPanel({
  chosen,
  onChoose,
}: {
  chosen: ArchiveCategoryChoice;
  onChoose(choice: ArchiveCategoryChoice): void;
}) {
  const { t } = useTranslation();
  const { companyId, keeper, inCompany, locale } = useArchiveConsole();
  const categories = useQuery(archiveQueries.categories(companyId));
  const remove = useArchiveMutation(companyId, removeArchiveCategory);
  const save = useArchiveMutation(
    companyId,
    ({ name, category }: { name: string; category: ArchiveCategory | null }) =>
      category ? renameArchiveCategory(category.id, name) : saveArchiveCategory(name),
  );
  const grant = useArchiveMutation(companyId, setArchiveGrants);
  return (
    <CategoryPanel
      ns="contractArchive"
      cutNames
      locale={locale}
      categories={categories}
      administers={keeper}
      inCompany={inCompany}
      count={(category) => category.contractCount}
      fixed={[
        {
          key: 'all',
          name: t('contractArchive.allCompleted'),
          icon: <InboxOutlined aria-hidden className="category-icon" />,
          chosen: chosen === 'all',
          onChoose: () => onChoose('all'),
        },
        {
          key: 'unfiled',
          name: t('contractArchive.unfiled'),
          icon: <FolderOpenOutlined aria-hidden className="category-icon" />,
          chosen: chosen === 'unfiled',
          onChoose: () => onChoose('unfiled'),
        },
      ]}
      isChosen={(category) => sameChoice(chosen, { id: category.id })}
      onChoose={(category) => onChoose({ id: category.id })}
      save={(name, category) => save.mutateAsync({ name, category })}
      remove={(category) => remove.mutateAsync(category.id)}
      onRemoved={(category) => {
        if (sameChoice(chosen, { id: category.id })) onChoose('all');
      }}
      rights={{
        grants: (classifyId, current, size) =>
          archiveQueries.grants(companyId, classifyId, current, size),
        grantable: (classifyId, keyword) =>
          archiveQueries.grantable(companyId, classifyId, keyword),
        change: grant,
      }}
    />
  );
}

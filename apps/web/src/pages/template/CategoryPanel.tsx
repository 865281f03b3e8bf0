import type { TemplateCategory } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  removeCategory,
  renameCategory,
  saveCategory,
  setCategoryGrants,
  templateQueries,
  useTemplateMutation,
} from '../../api/templates';
import { CategoryPanel as Panel } from '../category/CategoryPanel';
import { useTemplateConsole } from './useTemplateConsole';

/**
 * The categories the member sees, with their template counts; choosing one filters the list. The
 * administrator also creates, renames and deletes categories and decides who may use or manage
 * each one's templates (the shared category panel and rights drawer with the templates' calls and
 * strings).
 */
export function CategoryPanel({
  chosen,
  onChoose,
}: {
  /** The category the list shows; null for all templates. */
  chosen: string | null;
  onChoose(classifyId: string | null): void;
}) {
  const { t } = useTranslation();
  const { companyId, admin, inCompany, locale } = useTemplateConsole();
  const categories = useQuery(templateQueries.categories(companyId));
  const remove = useTemplateMutation(companyId, removeCategory);
  const save = useTemplateMutation(
    companyId,
    ({ name, category }: { name: string; category: TemplateCategory | null }) =>
      category ? renameCategory(category.id, name) : saveCategory(name),
  );
  const grant = useTemplateMutation(companyId, setCategoryGrants);
  return (
    <Panel
      ns="templateCategory"
      locale={locale}
      categories={categories}
      administers={admin}
      inCompany={inCompany}
      count={(category) => category.templateCount}
      fixed={[
        {
          key: 'all',
          name: t('templateCategory.all'),
          chosen: chosen === null,
          onChoose: () => onChoose(null),
        },
      ]}
      isChosen={(category) => chosen === category.id}
      onChoose={(category) => onChoose(category.id)}
      save={(name, category) => save.mutateAsync({ name, category })}
      remove={(category) => remove.mutateAsync(category.id)}
      onRemoved={(category) => {
        if (chosen === category.id) onChoose(null);
      }}
      rights={{
        grants: (classifyId, current, size) =>
          templateQueries.grants(companyId, classifyId, current, size),
        grantable: (classifyId, keyword) =>
          templateQueries.grantable(companyId, classifyId, keyword),
        change: grant,
      }}
    />
  );
}

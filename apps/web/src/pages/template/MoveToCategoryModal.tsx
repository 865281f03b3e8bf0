import type { TemplateListItem } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { templateQueries } from '../../api/templates';
import { FormModal } from '../../forms/FormModal';
import { requiredRule } from '../../forms/rules';
import { useTemplateConsole } from './useTemplateConsole';

/**
 * Files templates in a category, out of the one they are in. Only categories the member manages
 * are offered (the server asks for that right on both the templates and the category).
 */
export function MoveToCategoryModal({
  templates,
  pending,
  onMove,
  onClose,
}: {
  /** The templates to move; null when the dialog is closed. */
  templates: readonly TemplateListItem[] | null;
  pending: boolean;
  onMove(classifyId: string, categoryName: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { companyId, locale } = useTemplateConsole();
  const [form] = Form.useForm<{ classifyId: string }>();
  const categories = useQuery({
    ...templateQueries.categories(companyId),
    enabled: templates !== null,
  });
  const options = (categories.data ?? [])
    .filter((category) => category.right === 'manage')
    .map((category) => ({ value: category.id, label: category.name }));
  const single = templates?.length === 1 ? templates[0] : undefined;

  return (
    <FormModal
      open={templates !== null}
      title={t('templateList.moveTitle')}
      okText={t('templateList.moveOk')}
      pending={pending}
      form={form}
      name="move-to-category"
      initialValues={{ classifyId: single?.classifyId ?? undefined }}
      onFinish={({ classifyId }) =>
        onMove(classifyId, options.find(({ value }) => value === classifyId)?.label ?? '')
      }
      onClose={onClose}
    >
      <p>
        {single
          ? t('templateList.moveOne', { name: single.name })
          : t('templateList.moveMany', { count: templates?.length ?? 0 })}
      </p>
      <Form.Item
        name="classifyId"
        label={t('templateList.moveCategory')}
        rules={[requiredRule(locale)]}
      >
        <Select
          options={options}
          loading={categories.isPending}
          placeholder={t('templateList.moveCategoryPlaceholder')}
          notFoundContent={t('templateList.noCategoryToMoveTo')}
        />
      </Form.Item>
    </FormModal>
  );
}

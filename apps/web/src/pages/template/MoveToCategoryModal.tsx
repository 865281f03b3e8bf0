import type { TemplateListItem } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { templateQueries } from '../../api/templates';
import { FormModal } from '../../forms/FormModal';
import { requiredRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { useTemplateConsole } from './useTemplateConsole';

/**
 * Files templates in a category, out of the one they are in. Only categories the member manages
 * are offered (the server asks for that right on both the templates and the category). A refusal
 * of the server stays in the dialog until the person tries again or closes it.
 */
export function MoveToCategoryModal({
  templates,
  onMove,
  onClose,
}: {
  /** The templates to move; null when the dialog is closed. */
  templates: readonly TemplateListItem[] | null;
  /** Files them; a refusal rejects (and is shown in the dialog). */
  onMove(classifyId: string, categoryName: string): Promise<void>;
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
  const { submit, pending, refusal } = useSubmit(({ classifyId }: { classifyId: string }) =>
    onMove(classifyId, options.find(({ value }) => value === classifyId)?.label ?? ''),
  );
  const close = () => {
    refusal?.dismiss();
    onClose();
  };

  return (
    <FormModal
      open={templates !== null}
      title={t('templateList.moveTitle')}
      okText={t('templateList.moveOk')}
      pending={pending}
      refusal={refusal}
      form={form}
      name="move-to-category"
      initialValues={{ classifyId: single?.classifyId ?? undefined }}
      onFinish={submit}
      onClose={close}
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

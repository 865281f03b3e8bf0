import { CATEGORY_NAME_MAX, categoryNameSchema, type TemplateCategory } from '@esign/platform';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { renameCategory, saveCategory, useTemplateMutation } from '../../api/templates';
import { FormModal } from '../../forms/FormModal';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { useTemplateConsole } from './useTemplateConsole';

/** What the name dialog is doing: naming a new category, or renaming one. */
export type CategoryNaming = { category: null } | { category: TemplateCategory };

/**
 * Names a new category or renames one: not empty, at most 20 characters (the platform's rule and
 * message, spec 001 §5), unique (the server says so). Enter saves, Escape closes.
 */
export function CategoryNameModal({
  naming,
  onClose,
}: {
  /** Null when the dialog is closed. */
  naming: CategoryNaming | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale } = useTemplateConsole();
  const [form] = Form.useForm<{ name: string }>();
  const category = naming?.category ?? null;
  const save = useTemplateMutation(companyId, ({ name }: { name: string }) =>
    category ? renameCategory(category.id, name) : saveCategory(name),
  );
  const { submit, pending } = useSubmit(async ({ name }: { name: string }) => {
    const saved = await save.mutateAsync({ name: name.trim() });
    void message.success(
      t(category ? 'templateCategory.renamed' : 'templateCategory.created', { name: saved.name }),
    );
    onClose();
  });

  return (
    <FormModal
      open={naming !== null}
      title={t(category ? 'templateCategory.renameTitle' : 'templateCategory.newTitle')}
      okText={t('templateCategory.save')}
      pending={pending}
      form={form}
      name="category-name"
      initialValues={{ name: category?.name ?? '' }}
      onFinish={submit}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('templateCategory.nameLabel')}
        rules={[schemaRule(categoryNameSchema, locale)]}
      >
        <Input
          autoFocus
          autoComplete="off"
          placeholder={t('templateCategory.namePlaceholder')}
          count={{ show: true, max: CATEGORY_NAME_MAX }}
        />
      </Form.Item>
    </FormModal>
  );
}

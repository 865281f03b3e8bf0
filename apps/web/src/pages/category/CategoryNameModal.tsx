import {
  CATEGORY_NAME_MAX,
  categoryNameSchema,
  type CategorySaved,
  type Locale,
} from '@esign/platform';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../forms/FormModal';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';

/** What the name dialog is doing: naming a new category, or renaming one. */
export type CategoryNaming<C> = { category: null } | { category: C };

/** The dialog's strings, by i18n section. */
const STRINGS = {
  templateCategory: {
    form: 'category-name',
    created: 'templateCategory.created',
    renamed: 'templateCategory.renamed',
    newTitle: 'templateCategory.newTitle',
    renameTitle: 'templateCategory.renameTitle',
    save: 'templateCategory.save',
    label: 'templateCategory.nameLabel',
    placeholder: 'templateCategory.namePlaceholder',
  },
  contractArchive: {
    form: 'archive-category-name',
    created: 'contractArchive.created',
    renamed: 'contractArchive.renamed',
    newTitle: 'contractArchive.newTitle',
    renameTitle: 'contractArchive.renameTitle',
    save: 'contractArchive.save',
    label: 'contractArchive.categoryName',
    placeholder: 'contractArchive.categoryPlaceholder',
  },
} as const;

/**
 * Names a new category or renames one: not empty, at most 20 characters (the platform's rule and
 * message, spec 001 §5), unique (the server says so). Enter saves, Escape closes. `save` is the
 * area's call (its mutation, which refreshes its lists).
 */
export function CategoryNameModal<C extends { id: string; name: string }>({
  ns,
  locale,
  save,
  naming,
  onClose,
}: {
  ns: keyof typeof STRINGS;
  locale: Locale;
  save(name: string, category: C | null): Promise<CategorySaved>;
  /** Null when the dialog is closed. */
  naming: CategoryNaming<C> | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const strings = STRINGS[ns];
  const category = naming?.category ?? null;
  const { submit, pending, refusal } = useSubmit(async ({ name }: { name: string }) => {
    const saved = await save(name.trim(), category);
    void message.success(t(category ? strings.renamed : strings.created, { name: saved.name }));
    onClose();
  });

  return (
    <FormModal
      open={naming !== null}
      title={t(category ? strings.renameTitle : strings.newTitle)}
      okText={t(strings.save)}
      pending={pending}
      refusal={refusal}
      form={form}
      name={strings.form}
      initialValues={{ name: category?.name ?? '' }}
      onFinish={submit}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t(strings.label)}
        rules={[schemaRule(categoryNameSchema, locale)]}
      >
        <Input
          autoFocus
          autoComplete="off"
          placeholder={t(strings.placeholder)}
          count={{ show: true, max: CATEGORY_NAME_MAX }}
        />
      </Form.Item>
    </FormModal>
  );
}

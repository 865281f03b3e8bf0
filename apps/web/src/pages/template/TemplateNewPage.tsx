import {
  MESSAGES,
  TEMPLATE_DESCRIPTION_MAX,
  TEMPLATE_NAME_MAX,
  templateNameSchema,
  type ContractDocument,
  type TemplateParticipant,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { failureMessage, useSaveTemplateInfo } from '../../api/templateEditor';
import { templateQueries } from '../../api/templates';
import { AppForm } from '../../forms/AppForm';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { useSession } from '../../session';
import { ContractDocumentField } from './ContractDocumentField';
import { useDocumentWait } from './useDocumentWait';
import { DEFAULT_PARTICIPANTS, ParticipantsField } from './ParticipantsField';
import { TEMPLATE_LIST_PATH, editorPath } from './paths';
import './template.css';

interface NewTemplateValues {
  name: string;
  classifyId?: string;
  description?: string;
  document?: ContractDocument;
  participants: TemplateParticipant[];
}

/** The server's answer to a name the console already has (in either language). */
const isNameTaken = (text: string) => Object.values<string>(MESSAGES.nameNotUnique).includes(text);

/** The categories a new template may go in: those the member manages. */
function useCategoryOptions() {
  const companyId = useSession((state) => state.companyId);
  const categories = useQuery(templateQueries.categories(companyId));
  const options = (categories.data ?? [])
    .filter((category) => category.right === 'manage')
    .map((category) => ({ value: category.id, label: category.name }));
  return { options, loading: categories.isPending };
}

/**
 * /template/view: a new template — its name, category, description, contract document and
 * participants. "Next" creates it (template/saveInfo) and opens it in the editor; pressed while a
 * Word document still converts, it waits for the conversion (whose progress the document field
 * shows) and goes on by itself once the PDF is ready.
 */
export default function TemplateNewPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const navigate = useNavigate();
  const [form] = Form.useForm<NewTemplateValues>();
  const categories = useCategoryOptions();
  const saveInfo = useSaveTemplateInfo();
  const [refusal, setRefusal] = useState<string | null>(null);
  // Waiting for the conversion: ready goes on with what the form holds then.
  const { waiting, setUploading, ready, documentRule, waitForDocument, stopWaiting } =
    useDocumentWait(form, locale, 'noFileSelected');

  // While the author fills in the rest, the editor's code downloads.
  useEffect(() => {
    if (ready) void import('./TemplateEditorPage');
  }, [ready]);

  const { submit, pending } = useSubmit(async (values: NewTemplateValues) => {
    setRefusal(null);
    if (waitForDocument()) return;
    try {
      const created = await saveInfo.mutateAsync({
        name: values.name.trim(),
        classifyId: values.classifyId ?? null,
        description: values.description?.trim() ?? '',
        documentId: values.document!.id,
        // The form's own value: the party letters have no fields, so `values` lacks them.
        participants: form.getFieldValue('participants') as TemplateParticipant[],
      });
      navigate(editorPath(created.id));
    } catch (error) {
      const text = failureMessage(error);
      if (isNameTaken(text)) form.setFields([{ name: 'name', errors: [text] }]);
      else setRefusal(text);
    }
  });

  return (
    <div className="page template-new">
      <header className="page-header">
        <h1 className="page-title">{t('routes.templateNew')}</h1>
        <p className="page-subtitle">{t('templateNew.intro')}</p>
      </header>
      <Card>
        <AppForm<NewTemplateValues>
          form={form}
          initialValues={{ participants: DEFAULT_PARTICIPANTS }}
          onFinish={submit}
          onValuesChange={(changed: Partial<NewTemplateValues>) => {
            // A field shown wrong is checked again as soon as it changes.
            for (const field of ['document', 'participants'] as const) {
              if (field in changed && form.getFieldError(field).length > 0) {
                void form.validateFields([field]).catch(() => undefined);
              }
            }
          }}
        >
          <Form.Item
            name="name"
            label={t('templateNew.name')}
            rules={[schemaRule(templateNameSchema, locale)]}
          >
            <Input
              maxLength={TEMPLATE_NAME_MAX}
              showCount
              placeholder={t('templateNew.namePlaceholder')}
            />
          </Form.Item>
          <Form.Item name="classifyId" label={t('templateNew.category')}>
            <Select
              allowClear
              loading={categories.loading}
              options={categories.options}
              placeholder={t('templateNew.noCategory')}
            />
          </Form.Item>
          <Form.Item name="description" label={t('templateNew.description')}>
            <Input.TextArea
              rows={3}
              maxLength={TEMPLATE_DESCRIPTION_MAX}
              showCount
              placeholder={t('templateNew.descriptionPlaceholder')}
            />
          </Form.Item>
          <Form.Item
            name="document"
            label={t('templateNew.document')}
            rules={[documentRule]}
            validateTrigger={[]}
          >
            <ContractDocumentField onUploadingChange={setUploading} />
          </Form.Item>
          <ParticipantsField form={form} locale={locale} />
          {refusal ? (
            <Alert
              className="template-new-refusal"
              type="error"
              showIcon
              title={t('templateNew.notCreated')}
              description={refusal}
            />
          ) : null}
          {waiting ? (
            <div className="template-new-waiting" role="status">
              <Spin size="small" /> {t('templateNew.waitingForDocument')}
            </div>
          ) : null}
          <Space className="template-new-actions">
            <Button
              onClick={() => {
                stopWaiting();
                navigate(TEMPLATE_LIST_PATH);
              }}
            >
              {t('common.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={pending || waiting}>
              {t('common.next')}
            </Button>
          </Space>
        </AppForm>
      </Card>
    </div>
  );
}

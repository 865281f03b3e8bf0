/**
 * The digital certificate screen's dialogs: apply (the platform's authority issues one), import
 * (a PKCS#12 file and its password), rename. Each field's rule is the platform's schema; the
 * server's refusal (a wrong password, an expired certificate …) stays in the dialog, at its field.
 */
import { UploadOutlined } from '@ant-design/icons';
import {
  CERT_IMPORT_MAX_BYTES,
  CERT_NAME_MAX,
  CERT_VALIDITY_YEARS,
  digitalCertApplyBody,
  message,
  type CertValidityYears,
  type DigitalCertificate,
} from '@esign/platform';
import { App, Button, Form, Input, Select } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyDigitalCertificate,
  importDigitalCertificate,
  renameDigitalCertificate,
  useCertificateMutation,
} from '../../api/certificates';
import { FormModal } from '../../forms/FormModal';
import { requiredRule, schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { base64Of } from './certificateFormat';

const nameRule = digitalCertApplyBody.shape.name;

/** The validity years as a select's options. */
export function useYearOptions() {
  const { t } = useTranslation();
  return CERT_VALIDITY_YEARS.map((years) => ({
    value: years,
    label: t('certificates.years', { count: years }),
  }));
}

interface ApplyValues {
  name: string;
  years: CertValidityYears;
}

export function ApplyDialog({
  open,
  companyId,
  onClose,
}: {
  open: boolean;
  companyId: number;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<ApplyValues>();
  const years = useYearOptions();
  const apply = useCertificateMutation(companyId, applyDigitalCertificate);
  const { submit, pending, refusal } = useSubmit<ApplyValues>(async (values) => {
    const made = await apply.mutateAsync(values);
    void toast.success(t('certificates.digital.applied', { name: made.name }));
    onClose();
  });
  return (
    <FormModal<ApplyValues>
      open={open}
      title={t('certificates.digital.applyTitle')}
      okText={t('certificates.digital.apply')}
      pending={pending}
      refusal={refusal}
      form={form}
      name="apply-digital-certificate"
      initialValues={{ name: t('certificates.digital.defaultName'), years: 2 }}
      onFinish={submit}
      onClose={onClose}
    >
      <p className="certificate-muted">{t('certificates.digital.applyIntro')}</p>
      <Form.Item
        name="name"
        label={t('certificates.digital.name')}
        rules={[schemaRule(nameRule, locale)]}
      >
        <Input showCount={{ formatter: ({ count }) => `${count}/${CERT_NAME_MAX}` }} />
      </Form.Item>
      <Form.Item name="years" label={t('certificates.validityField')}>
        <Select options={years} />
      </Form.Item>
      <p className="certificate-muted">{t('certificates.digital.becomesActive')}</p>
    </FormModal>
  );
}

/** A .p12 or .pfx file picked from the device: the form's value is the File. */
function FileChoice({
  value,
  onChange,
  id,
}: {
  value?: File;
  onChange?: (file: File | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="certificate-file">
      <input
        ref={input}
        id={id}
        type="file"
        accept=".p12,.pfx,application/x-pkcs12"
        className="certificate-file-input"
        aria-label={t('certificates.digital.file')}
        onChange={(event) => onChange?.(event.target.files?.[0])}
      />
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
        {t('certificates.digital.chooseFile')}
      </Button>
      {value ? (
        <span className="certificate-file-name">
          {t('certificates.digital.fileChosen', {
            name: value.name,
            size: Math.max(1, Math.round(value.size / 1024)),
          })}
        </span>
      ) : null}
    </div>
  );
}

interface ImportValues {
  name: string;
  file?: File;
  password: string;
}

export function ImportDialog({
  open,
  companyId,
  onClose,
}: {
  open: boolean;
  companyId: number;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<ImportValues>();
  const importing = useCertificateMutation(companyId, importDigitalCertificate);
  const { submit, pending, refusal } = useSubmit<ImportValues>(async ({ name, file, password }) => {
    const made = await importing.mutateAsync({ name, password, file: await base64Of(file!) });
    void toast.success(t('certificates.digital.imported', { name: made.name }));
    onClose();
  });
  return (
    <FormModal<ImportValues>
      open={open}
      title={t('certificates.digital.importTitle')}
      okText={t('certificates.digital.import')}
      pending={pending}
      refusal={refusal}
      form={form}
      name="import-digital-certificate"
      initialValues={{ name: '' }}
      onFinish={submit}
      onClose={onClose}
    >
      <p className="certificate-muted">{t('certificates.digital.importIntro')}</p>
      <Form.Item
        name="file"
        label={t('certificates.digital.file')}
        rules={[
          {
            validator: async (_rule, file: File | undefined) => {
              if (!file) throw new Error(message('certificateFileRequired', locale));
              if (file.size > CERT_IMPORT_MAX_BYTES) {
                throw new Error(message('certificateFileTooLarge', locale));
              }
            },
          },
        ]}
      >
        <FileChoice />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('certificates.digital.password')}
        rules={[requiredRule(locale, 'certificatePasswordRequired')]}
      >
        <Input.Password autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('certificates.digital.name')}
        rules={[schemaRule(nameRule, locale)]}
      >
        <Input
          placeholder={t('certificates.digital.namePlaceholder')}
          showCount={{ formatter: ({ count }) => `${count}/${CERT_NAME_MAX}` }}
        />
      </Form.Item>
      <p className="certificate-muted">{t('certificates.digital.becomesActive')}</p>
    </FormModal>
  );
}

export function RenameDialog({
  certificate,
  companyId,
  onClose,
}: {
  certificate: DigitalCertificate | null;
  companyId: number;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useCertificateMutation(companyId, renameDigitalCertificate);
  const { submit, pending, refusal } = useSubmit<{ name: string }>(async ({ name }) => {
    const renamed = await rename.mutateAsync({ id: certificate!.id, name });
    void toast.success(t('certificates.digital.renamed', { name: renamed.name }));
    onClose();
  });
  return (
    <FormModal<{ name: string }>
      open={certificate !== null}
      title={t('certificates.digital.renameTitle')}
      okText={t('common.confirm')}
      pending={pending}
      refusal={refusal}
      form={form}
      name="rename-digital-certificate"
      initialValues={{ name: certificate?.name ?? '' }}
      onFinish={submit}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('certificates.digital.name')}
        rules={[schemaRule(nameRule, locale)]}
      >
        <Input showCount={{ formatter: ({ count }) => `${count}/${CERT_NAME_MAX}` }} />
      </Form.Item>
    </FormModal>
  );
}

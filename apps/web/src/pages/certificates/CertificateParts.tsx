/**
 * What both certificate screens share: the status tags (with "Expires soon"), the download menu
 * (PEM with issuers, or DER; never a key) and the revocation dialog, which asks why before
 * revoking for good.
 */
import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  CERT_DOWNLOAD_FORMATS,
  CERT_REVOCATION_REASONS,
  type CertDownloadFormat,
  type CertRevocationReason,
  type DigitalCertStatus,
} from '@esign/platform';
import { Alert, App, Button, Dropdown, Form, Select, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../../api/client';
import { saveFile, type AnsweredFile } from '../../api/counterparts';
import { FormModal } from '../../forms/FormModal';
import { useSubmit } from '../../forms/useSubmit';

const STATUS_COLOURS: Record<DigitalCertStatus, string> = {
  active: 'success',
  disabled: 'default',
  revoked: 'error',
  expired: 'warning',
};

/** A certificate's status tag, and "Expires soon" beside it within 30 days of its end. */
export function StatusTags({
  status,
  expiresSoon,
  label,
}: {
  status: string;
  expiresSoon: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <span className="certificate-tags">
      <Tag color={STATUS_COLOURS[status as DigitalCertStatus] ?? 'default'}>{label}</Tag>
      {expiresSoon ? <Tag color="orange">{t('certificates.expiresSoon')}</Tag> : null}
    </span>
  );
}

/** "Download ▾": the certificate as PEM (with its issuers) or DER. */
export function DownloadMenu({
  label,
  fetch,
}: {
  /** What the button is called for assistive technology (which certificate). */
  label: string;
  fetch: (format: CertDownloadFormat) => Promise<AnsweredFile>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = (format: CertDownloadFormat) =>
    fetch(format).then(
      (file) => {
        saveFile(file);
        void message.success(t('certificates.downloaded', { name: file.name }));
      },
      (error: unknown) => {
        // A refusal is shown by the request module; a broken download says so too.
        if (!isShownFailure(error)) void message.error(String((error as Error).message));
      },
    );
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: CERT_DOWNLOAD_FORMATS.map((format) => ({
          key: format,
          label: t(`certificates.downloadAs.${format}`),
        })),
        onClick: ({ key }) => void save(key as CertDownloadFormat),
      }}
    >
      <Button size="small" icon={<DownloadOutlined aria-hidden />} aria-label={label}>
        {t('certificates.download')} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}

interface RevokeValues {
  reason: CertRevocationReason;
}

/** Asks why, says what revoking means, and revokes for good. */
export function RevokeDialog({
  open,
  title,
  body,
  note,
  onRevoke,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  /** A further word (an imported certificate's own authority). */
  note?: ReactNode;
  onRevoke(reason: CertRevocationReason): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RevokeValues>();
  const { submit, pending, refusal } = useSubmit<RevokeValues>(async ({ reason }) => {
    await onRevoke(reason);
    onClose();
  });
  return (
    <FormModal<RevokeValues>
      open={open}
      title={title}
      okText={t('certificates.revoke')}
      danger
      pending={pending}
      refusal={refusal}
      form={form}
      name="revoke-certificate"
      initialValues={{ reason: 'unspecified' }}
      onFinish={submit}
      onClose={onClose}
    >
      <Alert type="warning" showIcon title={body} className="certificate-dialog-alert" />
      {note ? <p className="certificate-muted">{note}</p> : null}
      <Form.Item name="reason" label={t('certificates.revokeReason')}>
        <Select
          options={CERT_REVOCATION_REASONS.map((reason) => ({
            value: reason,
            label: t(`certificates.reasons.${reason}`),
          }))}
        />
      </Form.Item>
    </FormModal>
  );
}

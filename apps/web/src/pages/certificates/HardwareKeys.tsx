/**
 * The cert page's hardware keys: the company's applications with their state (what the key
 * vendor recorded), and "Apply for a hardware key" for those holding `cert:apply`.
 */
import { PlusOutlined, UsbOutlined } from '@ant-design/icons';
import {
  HARDWARE_KEY_QUANTITY_MAX,
  hardwareKeyApplyBody,
  type HardwareKeyApplication,
  type HardwareKeyStatus,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, InputNumber, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyForHardwareKey,
  certificateQueries,
  useCertificateMutation,
} from '../../api/certificates';
import { FormModal } from '../../forms/FormModal';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { formatDateTime } from '../../i18n/dates';
import { localeOf } from '../../i18n/locale';
import { DEFAULT_PAGE_SIZE, tablePagination, type ListPaging } from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { formatDay } from './certificateFormat';

const STATUS_COLOURS: Record<HardwareKeyStatus, string> = {
  applied: 'processing',
  issued: 'cyan',
  shipped: 'success',
  rejected: 'error',
};

const fields = hardwareKeyApplyBody.shape;

/** What an application's state recorded, on a line under its tag. */
function StateHint({ application }: { application: HardwareKeyApplication }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const hint =
    application.status === 'applied'
      ? t('certificates.hardwareKeys.statusHint.applied')
      : application.status === 'issued'
        ? t('certificates.hardwareKeys.statusHint.issued', {
            day: formatDay(application.issuedAt ?? '', locale),
          })
        : application.status === 'shipped'
          ? t('certificates.hardwareKeys.statusHint.shipped', {
              number: application.trackingNumber ?? '',
            })
          : t('certificates.hardwareKeys.statusHint.rejected', {
              reason: application.rejectReason ?? '',
            });
  return <div className="certificate-muted">{hint}</div>;
}

function StatusTag({ application }: { application: HardwareKeyApplication }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[application.status]}>
      {t(`certificates.hardwareKeys.status.${application.status}`)}
    </Tag>
  );
}

interface ApplyValues {
  quantity: number;
  contactName: string;
  phone: string;
  address: string;
  remark?: string;
}

function ApplyHardwareKeyDialog({
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
  const { message } = App.useApp();
  const [form] = Form.useForm<ApplyValues>();
  const apply = useCertificateMutation(companyId, applyForHardwareKey);
  const { submit, pending, refusal } = useSubmit<ApplyValues>(async (values) => {
    const made = await apply.mutateAsync({ ...values, remark: values.remark ?? '' });
    void message.success(t('certificates.hardwareKeys.applied', { number: made.number }));
    onClose();
  });
  return (
    <FormModal<ApplyValues>
      open={open}
      title={t('certificates.hardwareKeys.applyTitle')}
      okText={t('certificates.hardwareKeys.submit')}
      pending={pending}
      refusal={refusal}
      form={form}
      name="apply-hardware-key"
      initialValues={{ quantity: 1 }}
      onFinish={submit}
      onClose={onClose}
    >
      <p className="certificate-muted">{t('certificates.hardwareKeys.applyIntro')}</p>
      <Form.Item
        name="quantity"
        label={t('certificates.hardwareKeys.quantity')}
        rules={[schemaRule(fields.quantity, locale)]}
      >
        <InputNumber min={1} max={HARDWARE_KEY_QUANTITY_MAX} precision={0} />
      </Form.Item>
      <Form.Item
        name="contactName"
        label={t('certificates.hardwareKeys.contactName')}
        rules={[schemaRule(fields.contactName, locale)]}
      >
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('certificates.hardwareKeys.phone')}
        rules={[schemaRule(fields.phone, locale)]}
      >
        <Input inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item
        name="address"
        label={t('certificates.hardwareKeys.address')}
        rules={[schemaRule(fields.address, locale)]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} autoComplete="street-address" />
      </Form.Item>
      <Form.Item name="remark" label={t('certificates.hardwareKeys.remark')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}

export function HardwareKeys({ companyId, canApply }: { companyId: number; canApply: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const [paging, setPaging] = useState<ListPaging>({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [applying, setApplying] = useState(false);
  const list = useQuery(certificateQueries.hardwareKeys(companyId, paging));

  const columns: TableColumnsType<HardwareKeyApplication> = [
    {
      key: 'number',
      title: t('certificates.hardwareKeys.columns.number'),
      render: (_, application) => (
        <>
          <div className="certificate-serial">{application.number}</div>
          <div className="certificate-muted">
            {formatDateTime(application.appliedAt, locale)} · {application.appliedBy}
          </div>
        </>
      ),
    },
    {
      key: 'quantity',
      title: t('certificates.hardwareKeys.columns.quantity'),
      render: (_, application) =>
        t('certificates.hardwareKeys.quantityCount', { count: application.quantity }),
    },
    {
      key: 'sendTo',
      title: t('certificates.hardwareKeys.columns.sendTo'),
      render: (_, application) => (
        <div className="certificate-address">
          <div>
            {application.contactName} {application.phone}
          </div>
          <div className="certificate-muted">{application.address}</div>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('certificates.hardwareKeys.columns.status'),
      render: (_, application) => (
        <div className="certificate-state">
          <StatusTag application={application} />
          <StateHint application={application} />
        </div>
      ),
    },
    // The tag alone, beside a phone card's title (the card's lines say what it recorded).
    {
      key: 'badge',
      hidden: true,
      render: (_, application) => <StatusTag application={application} />,
    },
  ];

  return (
    <section className="certificate-main certificate-keys" aria-labelledby="hardware-keys-title">
      <header className="certificate-section-header">
        <div>
          <h2 id="hardware-keys-title" className="certificate-section-title">
            <UsbOutlined aria-hidden /> {t('certificates.hardwareKeys.title')}
          </h2>
          <p className="certificate-muted">{t('certificates.hardwareKeys.subtitle')}</p>
        </div>
        {canApply ? (
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setApplying(true)}>
            {t('certificates.hardwareKeys.apply')}
          </Button>
        ) : null}
      </header>
      {list.data?.total === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('certificates.hardwareKeys.empty')}
        />
      ) : (
        <ResponsiveTable<HardwareKeyApplication>
          rowKey="id"
          size="middle"
          card={{
            label: (application) => application.number,
            title: (application) => application.number,
            badge: 'badge',
            lines: [
              'quantity',
              'sendTo',
              {
                key: 'hint',
                label: t('certificates.hardwareKeys.columns.status'),
                render: (application) => <StateHint application={application} />,
              },
            ],
          }}
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          pagination={
            (list.data?.total ?? 0) > DEFAULT_PAGE_SIZE
              ? tablePagination(
                  paging,
                  list.data?.total ?? 0,
                  (count) => t('certificates.hardwareKeys.total', { count }),
                  (change) => setPaging((current) => ({ ...current, ...change })),
                )
              : false
          }
        />
      )}
      <ApplyHardwareKeyDialog
        open={applying}
        companyId={companyId}
        onClose={() => setApplying(false)}
      />
    </section>
  );
}

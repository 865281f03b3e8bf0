import {
  EVIDENCE_REPORT_KINDS,
  evidenceReportAddressSchema,
  type EvidenceReport,
  type EvidenceReportAddress,
  type EvidenceReportKind,
} from '@esign/platform';
import { App, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplyForEvidenceReport } from '../../api/evidenceReports';
import { claimFailure } from '../../api/client';
import { failureMessage } from '../../api/templateEditor';
import { FormModal } from '../../forms/FormModal';
import { schemaRule } from '../../forms/rules';
import { refusedField } from '../../forms/useSubmit';
import { formatDateTime } from '../../i18n/dates';
import { localeOf } from '../../i18n/locale';
import './evidenceReports.css';

/** A contract the dialog applies for. */
export interface ReportedContract {
  id: string;
  name: string;
  number: string;
}

interface Values {
  kind: EvidenceReportKind;
  address?: EvidenceReportAddress;
}

/**
 * Applying for an evidence report (evidence-report/apply): the kind, and for paper where to post
 * it. It sends the ids it is given — from the archive, a selection of several, which the server
 * refuses with the spec's 'Only one contract is supported for certification', shown here.
 */
export function EvidenceReportDialog({
  contracts,
  onClose,
  onApplied,
}: {
  /** The contracts to apply for; null while closed. */
  contracts: readonly ReportedContract[] | null;
  onClose(): void;
  onApplied?(report: EvidenceReport): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const apply = useApplyForEvidenceReport();
  const [refused, setRefused] = useState<{ text: string; field: string | null } | null>(null);
  const addressRule = (field: keyof EvidenceReportAddress) =>
    schemaRule(evidenceReportAddressSchema.shape[field], locale);

  const close = () => {
    setRefused(null);
    onClose();
  };

  const onFinish = (values: Values) => {
    setRefused(null);
    apply.mutate(
      {
        ids: (contracts ?? []).map(({ id }) => id),
        kind: values.kind,
        ...(values.kind === 'paper' && values.address ? { address: values.address } : {}),
      },
      {
        onSuccess: (report) => {
          void message.success(
            t('evidenceReports.applied', { time: formatDateTime(report.dueAt, locale) }),
          );
          onApplied?.(report);
          close();
        },
        onError: (error) =>
          setRefused({
            text: claimFailure(error) ?? failureMessage(error),
            field: refusedField(error),
          }),
      },
    );
  };

  const [only] = contracts ?? [];
  return (
    <FormModal<Values>
      open={contracts !== null}
      title={t('evidenceReports.dialogTitle')}
      okText={t('evidenceReports.submit')}
      pending={apply.isPending}
      refusal={refused === null ? null : { ...refused, dismiss: () => setRefused(null) }}
      form={form}
      name="evidence-report"
      initialValues={{ kind: 'electronic' }}
      onFinish={onFinish}
      onClose={close}
    >
      <p className="evidence-dialog-contract">
        {contracts && contracts.length > 1
          ? t('evidenceReports.dialogSeveral', { count: contracts.length })
          : only
            ? t('evidenceReports.dialogContract', { name: only.name, number: only.number })
            : null}
      </p>
      <Form.Item name="kind" label={t('evidenceReports.kind')}>
        <Radio.Group className="evidence-kinds">
          {EVIDENCE_REPORT_KINDS.map((choice) => (
            <Radio key={choice} value={choice} className="evidence-kind">
              <span className="evidence-kind-name">{t(`evidenceReports.kinds.${choice}`)}</span>
              <span className="evidence-kind-hint">{t(`evidenceReports.kindHints.${choice}`)}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {kind === 'paper' ? (
        <fieldset className="evidence-address">
          <legend>{t('evidenceReports.address')}</legend>
          <Form.Item
            name={['address', 'name']}
            label={t('evidenceReports.recipient')}
            rules={[addressRule('name')]}
          >
            <Input autoComplete="name" maxLength={30} />
          </Form.Item>
          <Form.Item
            name={['address', 'phone']}
            label={t('evidenceReports.phone')}
            rules={[addressRule('phone')]}
          >
            <Input autoComplete="tel" inputMode="tel" maxLength={20} />
          </Form.Item>
          <Form.Item
            name={['address', 'address']}
            label={t('evidenceReports.addressLine')}
            rules={[addressRule('address')]}
          >
            <Input.TextArea autoComplete="street-address" rows={2} maxLength={200} />
          </Form.Item>
        </fieldset>
      ) : null}
      <p className="evidence-muted">{t('evidenceReports.cost')}</p>
    </FormModal>
  );
}

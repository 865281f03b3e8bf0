import {
  COUNTERPART_COMPANY_MAX,
  COUNTERPART_EMAIL_MAX,
  COUNTERPART_NAME_MAX,
  COUNTERPART_NOTE_MAX,
  COUNTERPART_REASON_MAX,
  counterpartStatusBody,
  type Counterpart,
  type CounterpartKind,
} from '@esign/platform';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  saveCounterpart,
  setCounterpartStatus,
  updateCounterpart,
  useCounterpartMutation,
} from '../../api/counterparts';
import { FormModal } from '../../forms/FormModal';
import { useSubmit } from '../../forms/useSubmit';
import {
  COUNTERPART_FORM_FIELDS,
  counterpartRule,
  formValuesOf,
  objectFieldRule,
  toCounterpartInput,
  type CounterpartFormValues,
} from './counterpartForm';
import { useCounterpartConsole } from './useCounterpartConsole';

/** Each field's label and longest entry (the schema's limit, so typing stops where it would). */
const FIELD_LIMITS: Record<keyof CounterpartFormValues, number> = {
  name: COUNTERPART_COMPANY_MAX,
  phone: 11,
  email: COUNTERPART_EMAIL_MAX,
  affiliatedCompany: COUNTERPART_COMPANY_MAX,
  creditCode: 18,
  managerName: COUNTERPART_NAME_MAX,
  managerPhone: 11,
  note: COUNTERPART_NOTE_MAX,
};

/** The fields whose check depends on another's value ("a phone or an email"). */
const DEPENDS_ON: Partial<Record<keyof CounterpartFormValues, (keyof CounterpartFormValues)[]>> = {
  phone: ['email'],
  email: ['phone'],
};

/**
 * Adds a counterpart of a kind, or edits one (`editing`): the kind's fields, checked with the
 * server's schema as they are left; a refusal (already in the book) stays in the dialog.
 */
export function CounterpartFormDialog({
  kind,
  open,
  editing,
  onClose,
  onSaved,
}: {
  kind: CounterpartKind;
  open: boolean;
  editing: Counterpart | null;
  onClose(): void;
  onSaved?(counterpart: Counterpart): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale } = useCounterpartConsole();
  const [form] = Form.useForm<CounterpartFormValues>();
  const save = useCounterpartMutation(companyId, (values: CounterpartFormValues) => {
    const input = toCounterpartInput(kind, values);
    return editing ? updateCounterpart({ ...input, id: editing.id }) : saveCounterpart(input);
  });
  const { submit, pending, refusal } = useSubmit(async (values: CounterpartFormValues) => {
    const saved = await save.mutateAsync(values);
    void message.success(
      t(editing ? 'counterparts.form.saved' : 'counterparts.form.added', { name: saved.name }),
    );
    onSaved?.(saved);
    onClose();
  });
  const labels: Record<keyof CounterpartFormValues, string> = {
    name: t(kind === 'person' ? 'counterparts.form.name' : 'counterparts.form.companyName'),
    phone: t('counterparts.form.phone'),
    email: t('counterparts.form.email'),
    affiliatedCompany: t('counterparts.form.affiliatedCompany'),
    creditCode: t('counterparts.form.creditCode'),
    managerName: t('counterparts.form.managerName'),
    managerPhone: t('counterparts.form.managerPhone'),
    note: t('counterparts.form.note'),
  };
  return (
    <FormModal<CounterpartFormValues>
      open={open}
      title={
        editing
          ? t('counterparts.form.editTitle', { name: editing.name })
          : t(`counterparts.form.addTitle.${kind}`)
      }
      okText={t('counterparts.form.save')}
      pending={pending}
      refusal={refusal}
      form={form}
      name={`counterpart-${kind}`}
      initialValues={editing ? formValuesOf(editing) : {}}
      onFinish={submit}
      onClose={onClose}
    >
      {COUNTERPART_FORM_FIELDS[kind].map((field) => {
        const limit =
          kind === 'person' && field === 'name' ? COUNTERPART_NAME_MAX : FIELD_LIMITS[field];
        return (
          <Form.Item
            key={field}
            name={field}
            label={labels[field]}
            rules={[counterpartRule(kind, field, locale)]}
            dependencies={DEPENDS_ON[field]}
            extra={
              kind === 'person' && field === 'phone'
                ? t('counterparts.form.contactHint')
                : undefined
            }
          >
            {field === 'note' ? (
              <Input.TextArea maxLength={limit} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
            ) : (
              <Input
                maxLength={limit}
                inputMode={field === 'phone' || field === 'managerPhone' ? 'tel' : undefined}
                type={field === 'email' ? 'email' : 'text'}
              />
            )}
          </Form.Item>
        );
      })}
    </FormModal>
  );
}

interface ReasonValues {
  reason?: string;
}

/** The reason's rule, from set-status's own schema (required for a blacklist, at most 200). */
const reasonRule = (locale: Parameters<typeof objectFieldRule>[2]) =>
  objectFieldRule(counterpartStatusBody, 'reason', locale, (values) => ({
    ids: ['1'],
    status: 'blacklist',
    reason: values.reason ?? '',
  }));

/**
 * Puts the chosen counterparts on the blacklist with a reason (required): they can no longer be
 * parties of the console's new contracts.
 */
export function BlacklistDialog({
  targets,
  onClose,
  onDone,
}: {
  /** The counterparts to blacklist; the dialog is open while there are any. */
  targets: readonly Counterpart[];
  onClose(): void;
  onDone?(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale } = useCounterpartConsole();
  const [form] = Form.useForm<ReasonValues>();
  const change = useCounterpartMutation(companyId, (reason: string) =>
    setCounterpartStatus({ ids: targets.map((one) => one.id), status: 'blacklist', reason }),
  );
  const { submit, pending, refusal } = useSubmit(async (values: ReasonValues) => {
    const { updated } = await change.mutateAsync((values.reason ?? '').trim());
    void message.success(t('counterparts.blacklisted', { count: updated }));
    onDone?.();
    onClose();
  });
  const count = targets.length;
  return (
    <FormModal<ReasonValues>
      open={count > 0}
      title={t('counterparts.blacklistTitle', { count, name: targets[0]?.name ?? '' })}
      okText={t('counterparts.blacklist')}
      danger
      pending={pending}
      refusal={refusal}
      form={form}
      name="counterpart-blacklist"
      onFinish={submit}
      onClose={onClose}
    >
      <p className="counterpart-dialog-intro">{t('counterparts.blacklistIntro')}</p>
      <Form.Item name="reason" label={t('counterparts.reason')} rules={[reasonRule(locale)]}>
        <Input.TextArea
          maxLength={COUNTERPART_REASON_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('counterparts.reasonPlaceholder')}
        />
      </Form.Item>
    </FormModal>
  );
}

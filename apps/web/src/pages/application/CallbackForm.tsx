import {
  CALLBACK_CONNECT_TIMEOUT_MS,
  CALLBACK_EVENT_TYPES,
  CALLBACK_MAX_RETRIES,
  CALLBACK_RESPONSE_TIMEOUT_MS,
  callbackSaveBody,
  type AccessCallback,
  type AccessCallbackSaved,
  type CallbackEventType,
} from '@esign/platform';
import { App, Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveCallback, useIntegrationMutation } from '../../api/integrations';
import { AppForm } from '../../forms/AppForm';
import { FormRefusal } from '../../forms/FormRefusal';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { useSession } from '../../session';

interface Values {
  url: string;
  connectTimeoutMs: string;
  responseTimeoutMs: string;
  maxRetries: string;
  eventTypes: CallbackEventType[];
}

const FIELDS = callbackSaveBody.shape;

/** The numeric fields, each with its bounds (spec 001 §5: numeric; §9: timeouts in ms). */
const NUMBERS = [
  ['connectTimeoutMs', 'connectTimeout', CALLBACK_CONNECT_TIMEOUT_MS],
  ['responseTimeoutMs', 'responseTimeout', CALLBACK_RESPONSE_TIMEOUT_MS],
  ['maxRetries', 'maxRetries', CALLBACK_MAX_RETRIES],
] as const;

/**
 * The callback of an access party: its URL, timeouts, maximum retries and notification types,
 * each checked with the server's own schema as it is left (the numbers as typed, so that the
 * spec's "must be numeric" says what is wrong). The first save makes it; its signing secret goes
 * to `onSaved` to be shown once.
 */
export function CallbackForm({
  partyId,
  callback,
  onSaved,
}: {
  partyId: string;
  callback: AccessCallback | null;
  onSaved(saved: AccessCallbackSaved): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const companyId = useSession((state) => state.companyId);
  const [form] = Form.useForm<Values>();
  const save = useIntegrationMutation(companyId, (values: Values) =>
    saveCallback({ partyId, ...values }),
  );
  const { submit, pending, refusal } = useSubmit(async (values: Values) => {
    const saved = await save.mutateAsync(values);
    void message.success(t('integrations.notify.saved'));
    onSaved(saved);
  });

  return (
    <AppForm<Values>
      form={form}
      name="callback"
      key={`${partyId}-${callback?.id ?? 'new'}`}
      initialValues={{
        url: callback?.url ?? '',
        connectTimeoutMs: String(callback?.connectTimeoutMs ?? CALLBACK_CONNECT_TIMEOUT_MS.default),
        responseTimeoutMs: String(
          callback?.responseTimeoutMs ?? CALLBACK_RESPONSE_TIMEOUT_MS.default,
        ),
        maxRetries: String(callback?.maxRetries ?? CALLBACK_MAX_RETRIES.default),
        eventTypes: callback?.eventTypes ?? CALLBACK_EVENT_TYPES.map((info) => info.type),
      }}
      onFinish={submit}
      className="application-callback-form"
    >
      <Form.Item
        name="url"
        label={t('integrations.notify.url')}
        rules={[schemaRule(FIELDS.url, locale)]}
        extra={t('integrations.notify.urlHint')}
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={t('integrations.notify.urlPlaceholder')}
        />
      </Form.Item>
      <div className="application-number-fields">
        {NUMBERS.map(([name, label, bounds]) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`integrations.notify.${label}`)}
            rules={[schemaRule(FIELDS[name], locale)]}
            extra={t('integrations.notify.range', { min: bounds.min, max: bounds.max })}
          >
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
        ))}
      </div>
      <Form.Item
        name="eventTypes"
        label={t('integrations.notify.eventTypes')}
        rules={[schemaRule(FIELDS.eventTypes, locale)]}
        validateTrigger="onChange"
      >
        <Checkbox.Group
          className="application-event-types"
          options={CALLBACK_EVENT_TYPES.map((info) => ({
            value: info.type,
            label: info.label[locale],
          }))}
        />
      </Form.Item>
      <p className="application-muted application-retry-policy">
        {t('integrations.notify.retryPolicy')}
      </p>
      <FormRefusal refusal={refusal} />
      <div className="application-form-actions">
        <Button type="primary" htmlType="submit" loading={pending}>
          {t('integrations.notify.save')}
        </Button>
      </div>
    </AppForm>
  );
}

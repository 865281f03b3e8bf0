import {
  AGREEMENT_TYPES,
  CONTRACT_NAME_MAX,
  message,
  type AgreementType,
  type Locale,
  type SigningOrder,
  type ValidatedParty,
} from '@esign/platform';
import { DatePicker, Form, Input, Radio, Select, type FormInstance, type FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { validateParticipants, validateReceivers } from '../../../api/contractLaunch';
import { failureMessage } from '../../../api/templateEditor';
import { RequestError } from '../../../api/request';
import { EnvelopeError } from '../../../api/client';
import { requiredRule } from '../../../forms/rules';
import { currentLocale } from '../../../i18n';
import {
  isFutureOrNone,
  placeRefusal,
  toParticipants,
  toReceivers,
  type LaunchDetails,
  type LaunchPartyValues,
  type LaunchReceiverValues,
  type PlacedRefusal,
} from './launchForm';

/** The first step's form as antd holds it (the deadline as antd's date-time value). */
export interface DetailsFormValues {
  name: string;
  agreementType: AgreementType;
  signingOrder: SigningOrder;
  signingDeadline?: Dayjs | null;
  participants: LaunchPartyValues[];
  receivers: LaunchReceiverValues[];
}

/** The form's values as the pure functions of launchForm.ts take them. */
export function detailsOf(values: DetailsFormValues): LaunchDetails {
  return {
    name: values.name ?? '',
    agreementType: values.agreementType ?? 'contract',
    signingOrder: values.signingOrder ?? 'parallel',
    signingDeadline: values.signingDeadline ? values.signingDeadline.toDate() : null,
    participants: values.participants ?? [],
    receivers: values.receivers ?? [],
  };
}

const futureDeadline = (locale: Locale): FormRule => ({
  validator: async (_rule, value: Dayjs | null | undefined) => {
    if (!isFutureOrNone(value ? value.toDate() : null, new Date())) {
      throw new Error(message('signingDeadlinePast', locale));
    }
  },
});

/** The task name (the contract's name). */
export function TaskNameField({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="name"
      label={t('contractLaunch.taskName')}
      rules={[
        requiredRule(locale, 'taskNameRequired'),
        { max: CONTRACT_NAME_MAX, message: message('contractNameTooLong', locale) },
      ]}
    >
      <Input
        maxLength={CONTRACT_NAME_MAX}
        showCount
        placeholder={t('contractLaunch.taskNamePlaceholder')}
      />
    </Form.Item>
  );
}

/** Agreement type, signing deadline and signing order. */
export function TermsFields({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <div className="launch-terms">
      <Form.Item name="agreementType" label={t('contractLaunch.agreementType')}>
        <Select
          options={AGREEMENT_TYPES.map((type) => ({
            value: type,
            label: t(`contractLaunch.agreement.${type}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="signingDeadline"
        label={t('contractLaunch.deadline')}
        extra={t('contractLaunch.deadlineHint')}
        rules={[futureDeadline(locale)]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          placeholder={t('contractLaunch.deadlinePlaceholder')}
          disabledDate={(day) => day.endOf('day').isBefore(new Date())}
          className="launch-deadline"
        />
      </Form.Item>
      <Form.Item name="signingOrder" label={t('contractLaunch.signingOrder')}>
        <Radio.Group
          options={[
            { value: 'parallel', label: t('contractLaunch.order.parallel') },
            { value: 'sequential', label: t('contractLaunch.order.sequential') },
          ]}
        />
      </Form.Item>
    </div>
  );
}

/** A failed call's text and the data the server answered with it. */
export function refusalOf(error: unknown): { text: string; data: unknown } {
  if (error instanceof EnvelopeError) return { text: error.message, data: error.envelope.data };
  if (error instanceof RequestError) {
    const body = error.body as { data?: unknown } | null | undefined;
    return { text: error.message, data: body?.data ?? null };
  }
  return { text: failureMessage(error), data: null };
}

/** Puts a placed refusal's field messages on the form; answers the part no field takes. */
export function showRefusal(form: FormInstance, placed: PlacedRefusal): string | null {
  if (placed.fields.length > 0) {
    form.setFields(placed.fields.map(({ name, message }) => ({ name, errors: [message] })));
  }
  return placed.general;
}

/** What the first step hands to the next: the details and who of the parties is on the platform. */
export interface CheckedDetails {
  details: LaunchDetails;
  standing: ValidatedParty[];
}

/**
 * Checks the first step: the form's rules, then the server's (base/validateParticipants and, with
 * copy recipients, base/validateReceivers). A refusal goes on its field; what no field takes is
 * answered as `general`.
 */
export async function checkDetails(
  form: FormInstance,
  names?: (string | number | (string | number)[])[],
): Promise<{ ok: true; checked: CheckedDetails } | { ok: false; general: string | null }> {
  try {
    await form.validateFields(names as Parameters<FormInstance['validateFields']>[0]);
  } catch {
    return { ok: false, general: null };
  }
  const details = detailsOf(form.getFieldsValue(true) as DetailsFormValues);
  try {
    const [standing] = await Promise.all([
      validateParticipants(toParticipants(details.participants)),
      details.receivers.length > 0
        ? validateReceivers(toReceivers(details.receivers))
        : Promise.resolve([]),
    ]);
    return { ok: true, checked: { details, standing } };
  } catch (error) {
    const { text, data } = refusalOf(error);
    return {
      ok: false,
      general: showRefusal(form, placeRefusal(text, data, details.participants, currentLocale())),
    };
  }
}

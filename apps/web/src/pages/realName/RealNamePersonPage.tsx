import { UploadOutlined } from '@ant-design/icons';
import {
  DIGITS_5_30_PATTERN,
  ID_PHOTO_MAX_BYTES,
  REAL_NAME_METHODS,
  SMS_RESEND_AFTER_MS,
  agreementSchema,
  digitsOnly,
  idNumberSchema,
  message as platformMessage,
  phoneSchema,
  realNameSchema,
  smsCodeSchema,
  type RealNameMethod,
  type RealNameReview,
  type RealNameState,
  type RealNameVerified,
} from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Segmented,
  Skeleton,
  Space,
  Spin,
  Upload,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isShownFailure } from '../../api/client';
import {
  authByBankCard,
  authByPhone,
  faceCheckResult,
  realNameQueries,
  refreshAfterVerification,
  sendRealNameCode,
  startFaceCheck,
  submitManualReview,
} from '../../api/realName';
import { AppForm } from '../../forms/AppForm';
import { schemaRule } from '../../forms/rules';
import { resendWaitOf, useCountdown } from '../../forms/useCountdown';
import { FormRefusal } from '../../forms/FormRefusal';
import { useSubmit, type Refusal } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { DevelopmentNotice, ReviewState, VerifiedResult, isDevelopment, isMethod } from './parts';

interface PersonValues {
  name: string;
  idNumber: string;
  agreement: boolean;
}

/** Name, ID number and the agreement: the fields every method starts with. */
function PersonFields() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  return (
    <>
      <Form.Item
        name="name"
        label={t('realNamePage.name')}
        rules={[schemaRule(realNameSchema, locale)]}
      >
        <Input maxLength={30} autoComplete="name" placeholder={t('realNamePage.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="idNumber"
        label={t('realNamePage.idNumber')}
        rules={[schemaRule(idNumberSchema, locale)]}
      >
        <Input maxLength={18} placeholder={t('realNamePage.idNumberPlaceholder')} />
      </Form.Item>
    </>
  );
}

function AgreementField() {
  const { t, i18n } = useTranslation();
  return (
    <Form.Item
      name="agreement"
      valuePropName="checked"
      validateTrigger="onChange"
      rules={[schemaRule(agreementSchema, localeOf(i18n))]}
    >
      <Checkbox>{t('realNamePage.agreement')}</Checkbox>
    </Form.Item>
  );
}

/** The submit button, with the words that say a check is running. */
function CheckButton({
  pending,
  refusal,
  label,
}: {
  pending: boolean;
  refusal: Refusal | null;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <FormRefusal refusal={refusal} />
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button type="primary" htmlType="submit" block loading={pending}>
          {label}
        </Button>
        {pending ? (
          <span role="status" className="contract-muted">
            {t('realNamePage.checking')}
          </span>
        ) : null}
      </Space>
    </Form.Item>
  );
}

interface MethodProps {
  state: RealNameState;
  initial: Partial<PersonValues>;
  onVerified(verified: RealNameVerified): Promise<void>;
}

/** Phone three-element: the code goes to the account's own phone. */
function PhoneForm({ state, initial, onVerified }: MethodProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PersonValues & { code: string }>();
  const { secondsLeft, start } = useCountdown('real-name-phone');
  const [sending, setSending] = useState(false);
  const { submit, pending, refusal } = useSubmit(
    async (values: PersonValues & { code: string }) => {
      await onVerified(await authByPhone({ ...values, agreement: true }));
    },
  );
  const send = async () => {
    const valid = await form.validateFields(['name', 'idNumber', 'agreement']).then(
      () => true,
      () => false,
    );
    if (!valid) return;
    setSending(true);
    try {
      const sent = await sendRealNameCode({
        ...form.getFieldsValue(['name', 'idNumber']),
        agreement: true,
      });
      start(sent.resendAfter || SMS_RESEND_AFTER_MS / 1000);
      void message.success(t('realNamePage.codeSent', { phone: sent.phone }));
      document.getElementById('real-name-phone_code')?.focus();
    } catch (error) {
      if (!isShownFailure(error)) throw error;
      const wait = resendWaitOf(error);
      if (wait !== null) start(wait);
    } finally {
      setSending(false);
    }
  };
  return (
    <AppForm form={form} name="real-name-phone" initialValues={initial} onFinish={submit}>
      <PersonFields />
      <Form.Item label={t('realNamePage.phone')} extra={t('realNamePage.accountPhone')}>
        <Input value={state.phone} disabled aria-label={t('realNamePage.phone')} />
      </Form.Item>
      <Form.Item label={t('realNamePage.code')} required={false}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[schemaRule(smsCodeSchema, localeOf(i18n))]}>
            <Input
              id="real-name-phone_code"
              aria-label={t('realNamePage.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Form.Item>
          <Button onClick={() => void send()} loading={sending} disabled={secondsLeft > 0}>
            {secondsLeft > 0
              ? t('realNamePage.resend', { seconds: secondsLeft })
              : t('realNamePage.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <AgreementField />
      <CheckButton pending={pending} refusal={refusal} label={t('realNamePage.verify')} />
    </AppForm>
  );
}

/** Bank card four-element. */
function BankCardForm({ initial, onVerified }: MethodProps) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { submit, pending, refusal } = useSubmit(
    async (values: PersonValues & { bankCard: string; phone: string }) => {
      await onVerified(await authByBankCard({ ...values, agreement: true }));
    },
  );
  return (
    <AppForm name="real-name-bank-card" initialValues={initial} onFinish={submit}>
      <PersonFields />
      <Form.Item
        name="bankCard"
        label={t('realNamePage.bankCard')}
        normalize={(value: unknown) => digitsOnly(String(value ?? ''))}
        rules={[
          {
            pattern: DIGITS_5_30_PATTERN,
            required: true,
            message: platformMessage('bankCardInvalid', locale),
          },
        ]}
      >
        <Input inputMode="numeric" maxLength={30} autoComplete="cc-number" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('realNamePage.bankPhone')}
        normalize={(value: unknown) => digitsOnly(String(value ?? ''))}
        rules={[schemaRule(phoneSchema, locale)]}
      >
        <Input inputMode="numeric" maxLength={11} autoComplete="tel" />
      </Form.Item>
      <AgreementField />
      <CheckButton pending={pending} refusal={refusal} label={t('realNamePage.verify')} />
    </AppForm>
  );
}

/** Face: the provider's page opens in a new window; this one asks for the result until it ends. */
function FaceForm({ initial, onVerified }: MethodProps) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<{ url: string; reference: string } | null>(null);
  const { submit, pending, refusal } = useSubmit(async (values: PersonValues) => {
    const started = await startFaceCheck({ name: values.name, idNumber: values.idNumber });
    setCheck(started);
    window.open(started.url, '_blank', 'noopener');
  });
  const result = useQuery({
    queryKey: ['real-name', 'face', check?.reference],
    queryFn: () => faceCheckResult(check!.reference),
    enabled: check !== null,
    refetchInterval: 2000,
    retry: false,
  });
  const reported = useRef(false);
  useEffect(() => {
    if (result.data?.status === 'passed' && !reported.current) {
      reported.current = true;
      void onVerified(result.data);
    }
  }, [result.data, onVerified]);
  // A failed check ('Your face recognition is inconsistent', shown by the request module) leaves
  // the form for another try; a new check has a new reference and so a fresh result.
  const failed = result.isError;
  if (check && !failed) {
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('realNamePage.faceOpened')} />
        <Spin description={t('realNamePage.faceWaiting')}>
          <div role="status" aria-label={t('realNamePage.faceWaiting')} style={{ minHeight: 64 }} />
        </Spin>
        <Button href={check.url} target="_blank" rel="noopener">
          {t('realNamePage.faceOpen')}
        </Button>
      </Space>
    );
  }
  return (
    <AppForm name="real-name-face" initialValues={initial} onFinish={submit}>
      {failed ? (
        <Alert className="page-alert" type="error" showIcon title={t('realNamePage.faceFailed')} />
      ) : null}
      <PersonFields />
      <AgreementField />
      <CheckButton pending={pending} refusal={refusal} label={t('realNamePage.startFace')} />
    </AppForm>
  );
}

const ACCEPTED_PHOTOS = '.jpg,.jpeg,.png,.svg,image/jpeg,image/png,image/svg+xml';

/** Picks one photo and gives it as a data URL (the server judges its content, not its name). */
function PhotoPicker({
  id,
  onChange,
  onTooLarge,
}: {
  id?: string;
  value?: string;
  onChange?: (dataUrl: string) => void;
  onTooLarge(): void;
}) {
  const { t } = useTranslation();
  const [fileName, setFileName] = useState('');
  return (
    <Space orientation="vertical" size={4}>
      <Upload
        accept={ACCEPTED_PHOTOS}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > ID_PHOTO_MAX_BYTES) {
            onTooLarge();
            return Upload.LIST_IGNORE;
          }
          const reader = new FileReader();
          reader.onload = () => {
            setFileName(file.name);
            onChange?.(String(reader.result));
          };
          reader.readAsDataURL(file);
          return false;
        }}
      >
        <Button id={id} icon={<UploadOutlined aria-hidden />}>
          {t('realNamePage.upload')}
        </Button>
      </Upload>
      <span className="contract-muted">
        {fileName ? t('realNamePage.photoChosen', { name: fileName }) : t('realNamePage.photoHint')}
      </span>
    </Space>
  );
}

/** One side of the ID card: required, at most 4 MB. */
function PhotoField({ name, label }: { name: 'front' | 'back'; label: string }) {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n);
  const form = Form.useFormInstance();
  return (
    <Form.Item
      name={name}
      label={label}
      validateTrigger="onChange"
      rules={[{ required: true, message: platformMessage('idPhotoRequired', locale) }]}
    >
      <PhotoPicker
        onTooLarge={() =>
          form.setFields([{ name, errors: [platformMessage('idPhotoSize', locale)] }])
        }
      />
    </Form.Item>
  );
}

/** Manual review: both sides of the ID card, then the review's state. */
function ManualForm({
  state,
  initial,
  onSubmitted,
}: MethodProps & { onSubmitted(review: RealNameReview): void }) {
  const { t } = useTranslation();
  const [again, setAgain] = useState(false);
  const { submit, pending, refusal } = useSubmit(
    async (values: PersonValues & { front: string; back: string }) => {
      onSubmitted(await submitManualReview({ ...values, agreement: true }));
      setAgain(false);
    },
  );
  const review = state.review;
  if (review && !again && review.status !== 'approved') {
    return <ReviewState review={review} onAgain={() => setAgain(true)} />;
  }
  return (
    <AppForm name="real-name-manual" initialValues={initial} onFinish={submit}>
      <PersonFields />
      <PhotoField name="front" label={t('realNamePage.front')} />
      <PhotoField name="back" label={t('realNamePage.back')} />
      <AgreementField />
      <CheckButton pending={pending} refusal={refusal} label={t('realNamePage.submitReview')} />
    </AppForm>
  );
}

/**
 * /real-name/person?method=phone|face|bankCard|manual: the chosen method as a step form, the
 * development provider's notice where one answers, and the result. A verification refreshes the
 * session's user info, so the guards and the top bar change at once.
 */
export default function RealNamePersonPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const requested = params.get('method');
  const method: RealNameMethod = isMethod(requested) ? requested : 'phone';
  const state = useQuery(realNameQueries.state());
  const [verified, setVerified] = useState<string | null>(null);
  const initial = { agreement: params.get('agreed') === '1' };

  const onVerified = async (done: RealNameVerified) => {
    setVerified(done.name);
    await refreshAfterVerification(client);
  };
  const header = (
    <header className="page-header">
      <h1 className="page-title">{t('routes.realNamePerson')}</h1>
      <p className="page-subtitle">{t(`realNamePage.methodHints.${method}`)}</p>
    </header>
  );
  if (!state.data) {
    return (
      <div className="page real-name-page">
        {header}
        <Skeleton active />
      </div>
    );
  }
  const current = state.data;
  if (verified !== null || current.verified) {
    return (
      <div className="page real-name-page">
        {header}
        <VerifiedResult name={verified ?? current.name} />
      </div>
    );
  }
  const props = { state: current, initial, onVerified };
  return (
    <div className="page real-name-page">
      {header}
      <Card style={{ maxWidth: 720 }}>
        <Segmented<RealNameMethod>
          block
          value={method}
          onChange={(value) => setParams({ method: value, agreed: params.get('agreed') ?? '' })}
          options={REAL_NAME_METHODS.map((each) => ({
            value: each,
            label: t(`realNamePage.methods.${each}`),
            disabled: !current.available[each],
          }))}
          style={{ marginBottom: 24 }}
        />
        {isDevelopment(current, method) ? <DevelopmentNotice method={method} /> : null}
        {method === 'phone' ? <PhoneForm key="phone" {...props} /> : null}
        {method === 'bankCard' ? <BankCardForm key="bankCard" {...props} /> : null}
        {method === 'face' ? <FaceForm key="face" {...props} /> : null}
        {method === 'manual' ? (
          <ManualForm
            key="manual"
            {...props}
            onSubmitted={() =>
              void client.invalidateQueries({ queryKey: realNameQueries.state().queryKey })
            }
          />
        ) : null}
        <Button type="link" onClick={() => navigate('/real-name/index?isPerson=true')}>
          {t('realNamePage.chooseAgain')}
        </Button>
      </Card>
    </div>
  );
}

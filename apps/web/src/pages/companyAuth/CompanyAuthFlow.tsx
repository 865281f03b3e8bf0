import {
  LETTER_MAX_BYTES,
  MICRO_PAYMENT_EXPECTED_HOURS,
  SMS_CODE_LENGTH,
  companyInfoBody,
  message as platformMessage,
  phoneSchema,
  smsCodeSchema,
  transferAmountSchema,
  type CompanyAuthApplication,
  type CompanyAuthKind,
  type CompanyAuthMethod,
  type CompanyCheck,
} from '@esign/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Form,
  Input,
  Popconfirm,
  Result,
  Select,
  Space,
  Spin,
  Steps,
  Tabs,
  Tag,
  Upload,
} from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EnvelopeError, isShownFailure } from '../../api/client';
import {
  applyMicroPayment,
  authByLegal,
  authByMicroPayment,
  beginCompanyAuth,
  checkCompany,
  companyAuthKeys,
  companyAuthQueries,
  companyFaceResult,
  fetchDevPayment,
  startCompanyFace,
  startLegalAuth,
  uploadLetter,
  validateCompanyInfo,
  withdrawCompanyAuth,
} from '../../api/companyAuth';
import { RequestError } from '../../api/request';
import { applyEntry } from '../../api/staff';
import { requiredRule, schemaRule } from '../../forms/rules';
import { resendWaitOf, useCountdown } from '../../forms/useCountdown';
import { localeOf } from '../../i18n/locale';
import { useExitSigning } from '../../layout/useLogout';
import { REAL_NAME_PATH } from '../../routes/guards';
import { useSession } from '../../session';
import './companyAuth.css';

const OPEN = new Set(['pending', 'pendingReview']);
/** How an application ended that the page keeps showing until the user starts again. */
const ENDED = new Set(['approved', 'failed', 'rejected']);
const digitsOnly = (value: string | undefined) => (value ?? '').replace(/\D/g, '');

/** Runs a call whose failure the request module has already shown; gives undefined then. */
async function quietly<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (!isShownFailure(error)) throw error;
    return undefined;
  }
}

/** What a refused call carried in its data (e.g. `attemptsLeft`). */
function refusalData(error: unknown): Record<string, unknown> | null {
  const body =
    error instanceof EnvelopeError
      ? error.envelope
      : error instanceof RequestError
        ? error.body
        : null;
  const data = (body as { data?: unknown } | null)?.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const readDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/**
 * Company (or individual business) real-name verification as three steps: the company's details
 * (checked against the platform: a verified company offers to apply to join it), one method of
 * proof, and the result. The user's unfinished application is resumed on return; an approval
 * refreshes the company switcher at once. `custom` adds the way back to a partner's signing.
 */
export function CompanyAuthFlow({
  kind,
  custom = false,
}: {
  kind: CompanyAuthKind;
  custom?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const navigate = useNavigate();
  const client = useQueryClient();
  const verified = useSession((state) => state.userInfo?.authStep === 'VERIFIED');
  const list = useQuery(companyAuthQueries.list());
  /** The application finished in this visit (approved or failed), shown until started again. */
  const [finishedId, setFinishedId] = useState<string | null>(null);

  const applications = list.data ?? [];
  const open = applications.find((item) => OPEN.has(item.status));
  const finished = applications.find((item) => item.id === finishedId && ENDED.has(item.status));
  const current = open ?? finished;

  const refresh = async (application?: CompanyAuthApplication) => {
    // Whatever the answer said, the refreshed list tells how the application now stands.
    if (application) setFinishedId(application.id);
    await client.invalidateQueries({ queryKey: companyAuthKeys.all });
    if (application?.status === 'approved') {
      await client.invalidateQueries({ queryKey: ['companies'] });
    }
  };

  const title = t(
    kind === 'business' ? 'companyAuthPage.titleBusiness' : 'companyAuthPage.titleCompany',
  );
  const step = !current ? 0 : current.status === 'approved' ? 2 : 1;
  const back = custom ? <BackToSigning /> : null;

  let body: ReactNode;
  if (list.isPending) {
    body = <Spin />;
  } else if (list.isError) {
    body = (
      <Empty description={t('companyAuthPage.loadFailed')}>
        <Button onClick={() => void list.refetch()}>{t('companyAuthPage.retry')}</Button>
      </Empty>
    );
  } else if (!current) {
    body = verified ? (
      <>
        <DetailsStep kind={kind} onBegun={(application) => void refresh(application)} />
        <History applications={applications} />
      </>
    ) : (
      <Alert
        type="warning"
        showIcon
        title={t('companyAuthPage.needPersonal')}
        action={
          <Button type="primary" onClick={() => void navigate(REAL_NAME_PATH)}>
            {t('companyAuthPage.personalStart')}
          </Button>
        }
      />
    );
  } else if (current.status === 'approved') {
    body = (
      <Result
        status="success"
        title={t('companyAuthPage.doneTitle', { name: current.companyName })}
        subTitle={t('companyAuthPage.doneHint')}
        extra={
          back ?? <Button onClick={() => void navigate('/')}>{t('companyAuthPage.home')}</Button>
        }
      />
    );
  } else if (current.status === 'failed' || current.status === 'rejected') {
    body = (
      <Result
        status="error"
        title={t(
          current.status === 'failed'
            ? 'companyAuthPage.failedTitle'
            : 'companyAuthPage.rejectedTitle',
          { name: current.companyName },
        )}
        subTitle={
          current.status === 'failed'
            ? platformMessage('paymentAttemptsExceeded', locale)
            : (current.reason ?? '')
        }
        extra={
          <Button type="primary" onClick={() => setFinishedId(null)}>
            {t('companyAuthPage.startAgain')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <VerifyStep application={current} onChanged={(application) => void refresh(application)} />
    );
  }

  return (
    <div className="page company-auth-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{title}</h1>
          <p className="page-subtitle">
            {t(
              kind === 'business'
                ? 'companyAuthPage.subtitleBusiness'
                : 'companyAuthPage.subtitleCompany',
            )}
          </p>
        </div>
      </header>
      {custom ? (
        <Alert type="info" showIcon title={t('companyAuthPage.customNotice')} action={back} />
      ) : null}
      <Steps
        className="company-auth-steps"
        current={step}
        items={[
          { title: t('companyAuthPage.stepDetails') },
          { title: t('companyAuthPage.stepVerify') },
          { title: t('companyAuthPage.stepDone') },
        ]}
      />
      <section className="company-auth-body">{body}</section>
    </div>
  );
}

/** "Back to signing": the existing exit-signing behaviour (ends the ticket, back to the partner). */
export function BackToSigning() {
  const { t } = useTranslation();
  const exitSigning = useExitSigning();
  return (
    <Button type="primary" onClick={() => void exitSigning()}>
      {t('companyAuthPage.backToSigning')}
    </Button>
  );
}

const STATUS_COLORS: Record<CompanyAuthApplication['status'], string> = {
  pending: 'processing',
  pendingReview: 'processing',
  approved: 'success',
  rejected: 'error',
  failed: 'error',
  withdrawn: 'default',
};

/** The user's earlier company verifications (get-company-list), newest first. */
function History({ applications }: { applications: readonly CompanyAuthApplication[] }) {
  const { t } = useTranslation();
  if (applications.length === 0) return null;
  return (
    <section className="company-auth-history" aria-labelledby="company-auth-history-title">
      <h2 id="company-auth-history-title" className="company-auth-heading">
        {t('companyAuthPage.historyTitle')}
      </h2>
      <ul>
        {applications.map((item) => (
          <li key={item.id}>
            <span className="company-auth-history-name">{item.companyName}</span>
            <span className="company-auth-history-meta">
              {item.creditCode} · {item.createdAt}
            </span>
            <Tag color={STATUS_COLORS[item.status]}>
              {t(`companyAuthPage.status.${item.status}`)}
            </Tag>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface DetailsValues {
  companyName: string;
  creditCode: string;
  legalName: string;
}

function DetailsStep({
  kind,
  onBegun,
}: {
  kind: CompanyAuthKind;
  onBegun(application: CompanyAuthApplication): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const [form] = Form.useForm<DetailsValues>();
  const [existing, setExisting] = useState<(CompanyCheck & { name: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldRule = (field: keyof DetailsValues) =>
    schemaRule(companyInfoBody.shape[field], locale);

  const check = async () => {
    const name = ((form.getFieldValue('companyName') as string | undefined) ?? '').trim();
    if (!name) return setExisting(null);
    const answer = await quietly(() => checkCompany(name));
    setExisting(answer?.exists ? { ...answer, name } : null);
  };

  const finish = async (values: DetailsValues) => {
    const info = { ...values, kind };
    const problems = companyInfoBody.safeParse(info);
    if (!problems.success) {
      form.setFields(
        problems.error.issues.map((issue) => ({
          name: issue.path[0] as keyof DetailsValues,
          errors: [platformMessage(issue.message, locale)],
        })),
      );
      return;
    }
    setBusy(true);
    try {
      const checked = await quietly(() => checkCompany(values.companyName.trim()));
      if (checked?.exists) {
        setExisting({ ...checked, name: values.companyName.trim() });
        return;
      }
      if (!(await quietly(() => validateCompanyInfo(info)))) return;
      const begun = await quietly(() => beginCompanyAuth(info));
      if (begun) onBegun(begun);
    } finally {
      setBusy(false);
    }
  };

  const join = async () => {
    if (!existing?.companyId) return;
    if (await quietly(() => applyEntry(existing.companyId!))) {
      void message.success(t('companyAuthPage.applied'));
    }
  };

  return (
    <Form<DetailsValues>
      form={form}
      layout="vertical"
      name="company-auth-details"
      className="company-auth-form"
      onFinish={(values) => void finish(values)}
    >
      <Form.Item
        name="companyName"
        label={t(
          kind === 'business' ? 'companyAuthPage.businessName' : 'companyAuthPage.companyName',
        )}
        rules={[fieldRule('companyName')]}
      >
        <Input
          maxLength={100}
          autoFocus
          placeholder={t('companyAuthPage.companyNamePlaceholder')}
          onBlur={() => void check()}
        />
      </Form.Item>
      {existing ? (
        <Alert
          className="company-auth-exists"
          type="warning"
          showIcon
          title={t('companyAuthPage.existsTitle', { name: existing.name })}
          description={t('companyAuthPage.existsHint')}
          action={<Button onClick={() => void join()}>{t('companyAuthPage.applyJoin')}</Button>}
        />
      ) : null}
      <Form.Item
        name="creditCode"
        label={t('companyAuthPage.creditCode')}
        extra={t(
          kind === 'business'
            ? 'companyAuthPage.businessCreditCodeHint'
            : 'companyAuthPage.creditCodeHint',
        )}
        rules={[requiredRule(locale, 'creditCodeInvalid'), fieldRule('creditCode')]}
        normalize={(value: string) => value.toUpperCase()}
      >
        <Input maxLength={18} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="legalName"
        label={t('companyAuthPage.legalName')}
        rules={[fieldRule('legalName')]}
      >
        <Input maxLength={30} placeholder={t('companyAuthPage.legalNamePlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('companyAuthPage.next')}
      </Button>
    </Form>
  );
}

function VerifyStep({
  application,
  onChanged,
}: {
  application: CompanyAuthApplication;
  onChanged(application: CompanyAuthApplication): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [method, setMethod] = useState<CompanyAuthMethod>(application.method ?? 'legal');
  const inReview = application.status === 'pendingReview';

  const withdraw = async () => {
    const answer = await quietly(() => withdrawCompanyAuth(application.id));
    if (answer) {
      void message.success(t('companyAuthPage.withdrawn'));
      onChanged(answer);
    }
  };

  const withdrawButton = (
    <Popconfirm
      title={t('companyAuthPage.withdrawConfirm', { name: application.companyName })}
      okText={t('companyAuthPage.withdraw')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onConfirm={() => withdraw()}
    >
      <Button danger>{t('companyAuthPage.withdraw')}</Button>
    </Popconfirm>
  );

  const summary = (
    <p className="company-auth-summary">
      {t('companyAuthPage.summary', {
        name: application.companyName,
        code: application.creditCode,
        legal: application.legalName,
      })}
    </p>
  );

  if (inReview) {
    return (
      <>
        {summary}
        <Result
          status="info"
          icon={<Spin size="large" />}
          title={t('companyAuthPage.inReviewTitle')}
          subTitle={t('companyAuthPage.inReviewHint')}
          extra={
            <Space wrap>
              <LetterUpload application={application} onChanged={onChanged} replace />
              {withdrawButton}
            </Space>
          }
        />
      </>
    );
  }

  return (
    <>
      {summary}
      <h2 className="company-auth-heading">{t('companyAuthPage.chooseMethod')}</h2>
      <Tabs
        activeKey={method}
        onChange={(key) => setMethod(key as CompanyAuthMethod)}
        items={[
          {
            key: 'legal',
            label: t('companyAuthPage.methodLegal'),
            children: <LegalMethod application={application} onChanged={onChanged} />,
          },
          {
            key: 'payment',
            label: t('companyAuthPage.methodPayment'),
            children: <PaymentMethod application={application} onChanged={onChanged} />,
          },
          {
            key: 'letter',
            label: t('companyAuthPage.methodLetter'),
            children: <LetterMethod application={application} onChanged={onChanged} />,
          },
          {
            key: 'face',
            label: t('companyAuthPage.methodFace'),
            children: <FaceMethod application={application} onChanged={onChanged} />,
          },
        ]}
      />
      <div className="company-auth-withdraw">{withdrawButton}</div>
    </>
  );
}

interface MethodProps {
  application: CompanyAuthApplication;
  onChanged(application: CompanyAuthApplication): void;
}

function LegalMethod({ application, onChanged }: MethodProps) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const [form] = Form.useForm<{ legalPhone: string; code: string }>();
  const { secondsLeft, start } = useCountdown(`company-legal-${application.id}`);
  const [sentTo, setSentTo] = useState<string | null>(
    application.method === 'legal' && application.legalPhone ? application.legalPhone : null,
  );
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const valid = await form.validateFields(['legalPhone']).then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const phone = (form.getFieldValue('legalPhone') as string).trim();
    const sent = await quietly(() =>
      startLegalAuth(application.id, phone).catch((error: unknown) => {
        const wait = resendWaitOf(error);
        if (wait !== null) start(wait);
        throw error;
      }),
    );
    if (!sent) return;
    setSentTo(sent.phone);
    start(sent.resendAfter);
    document.getElementById('company-auth-legal_code')?.focus();
  };

  const finish = async ({ code }: { code: string }) => {
    setBusy(true);
    const answer = await quietly(() => authByLegal(application.id, code.trim()));
    setBusy(false);
    if (answer) onChanged(answer);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name="company-auth-legal"
      className="company-auth-form"
      onFinish={(values) => void finish(values)}
    >
      <p>{t('companyAuthPage.legalIntro')}</p>
      <Form.Item
        name="legalPhone"
        label={t('companyAuthPage.legalPhone')}
        rules={[schemaRule(phoneSchema, locale)]}
        normalize={digitsOnly}
      >
        <Input inputMode="tel" maxLength={11} autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('companyAuthPage.code')} htmlFor="company-auth-legal_code" required>
        <Space.Compact block>
          <Form.Item
            name="code"
            noStyle
            rules={[schemaRule(smsCodeSchema, locale)]}
            normalize={digitsOnly}
          >
            <Input
              id="company-auth-legal_code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SMS_CODE_LENGTH}
            />
          </Form.Item>
          <Button onClick={() => void send()} disabled={secondsLeft > 0}>
            {secondsLeft > 0
              ? t('companyAuthPage.resendIn', { seconds: secondsLeft })
              : t('companyAuthPage.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {sentTo ? (
        <Alert type="success" showIcon title={t('companyAuthPage.codeSentTo', { phone: sentTo })} />
      ) : null}
      <Button type="primary" htmlType="submit" loading={busy} className="company-auth-submit">
        {t('companyAuthPage.confirm')}
      </Button>
    </Form>
  );
}

function PaymentMethod({ application, onChanged }: MethodProps) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const banks = useQuery(companyAuthQueries.banks());
  const [transferForm] = Form.useForm<{ bankCode: string; bankAccount: string }>();
  const [amountForm] = Form.useForm<{ amount: string }>();
  const [busy, setBusy] = useState(false);
  const payment = application.payment;
  const devReference = payment?.devReference ?? null;
  const devPayment = useQuery({
    queryKey: [...companyAuthKeys.all, 'dev-payment', devReference],
    queryFn: () => fetchDevPayment(devReference!),
    enabled: devReference !== null,
  });

  // One request at a time: a second Enter or click while one is on its way would spend an attempt.
  const sending = useRef(false);
  const transfer = async ({ bankCode, bankAccount }: { bankCode: string; bankAccount: string }) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      const sent = await quietly(() => applyMicroPayment(application.id, bankCode, bankAccount));
      if (sent) onChanged(sent.application);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const backfill = async ({ amount }: { amount: string }) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      const answer = await authByMicroPayment(application.id, amount.trim());
      onChanged(answer);
    } catch (error) {
      if (!isShownFailure(error)) throw error;
      const left = refusalData(error)?.attemptsLeft;
      if (typeof left === 'number' && left > 0) {
        void message.warning(t('companyAuthPage.attemptsLeft', { count: left }));
      }
      // Three wrong amounts end the application: the refreshed list says so.
      onChanged(application);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <div className="company-auth-form">
      <p>{t('companyAuthPage.paymentIntro')}</p>
      {payment?.development ? (
        <Alert
          className="company-auth-dev"
          type="warning"
          showIcon
          title={
            devPayment.data
              ? t('companyAuthPage.devPayment', { amount: devPayment.data.amount })
              : t('companyAuthPage.devPaymentNotice')
          }
        />
      ) : null}
      <Form
        form={transferForm}
        layout="vertical"
        name="company-auth-transfer"
        onFinish={(values) => void transfer(values)}
      >
        <Form.Item
          name="bankCode"
          label={t('companyAuthPage.bank')}
          rules={[requiredRule(locale, 'bankRequired')]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('companyAuthPage.bankPlaceholder')}
            loading={banks.isPending}
            options={(banks.data ?? []).map((bank) => ({
              value: bank.code,
              label: locale === 'zh' ? bank.nameZh : bank.name,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="bankAccount"
          label={t('companyAuthPage.bankAccount')}
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                /^\d{5,30}$/.test((value ?? '').replace(/\s+/g, ''))
                  ? Promise.resolve()
                  : Promise.reject(new Error(platformMessage('bankAccountInvalid', locale))),
            },
          ]}
        >
          <Input inputMode="numeric" maxLength={40} autoComplete="off" />
        </Form.Item>
        <Button htmlType="submit" loading={busy && !payment}>
          {t('companyAuthPage.applyTransfer')}
        </Button>
      </Form>
      {payment ? (
        <>
          <Alert
            className="company-auth-progress"
            type="info"
            showIcon
            title={t('companyAuthPage.transferSent', {
              bank: payment.bankName,
              account: payment.account,
              hours: MICRO_PAYMENT_EXPECTED_HOURS,
            })}
          />
          <Form
            form={amountForm}
            layout="vertical"
            name="company-auth-amount"
            onFinish={(values) => void backfill(values)}
          >
            <Form.Item
              name="amount"
              label={t('companyAuthPage.amount')}
              extra={t('companyAuthPage.attemptsLeft', { count: payment.attemptsLeft })}
              rules={[schemaRule(transferAmountSchema, locale)]}
            >
              <Input
                inputMode="decimal"
                maxLength={4}
                placeholder={t('companyAuthPage.amountPlaceholder')}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('companyAuthPage.confirm')}
            </Button>
          </Form>
        </>
      ) : null}
    </div>
  );
}

function LetterUpload({
  application,
  onChanged,
  replace = false,
}: MethodProps & { replace?: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const send = async (file: File) => {
    if (file.size > LETTER_MAX_BYTES || !/\.(pdf|jpe?g|png)$/i.test(file.name)) {
      void message.error(platformMessage('letterInvalid', locale));
      return;
    }
    setBusy(true);
    try {
      const letter = await readDataUrl(file);
      const answer = await quietly(() => uploadLetter(application.id, letter));
      if (answer) onChanged(answer);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Upload
      accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
      showUploadList={false}
      beforeUpload={(file) => {
        void send(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button type={replace ? 'default' : 'primary'} loading={busy}>
        {t(replace ? 'companyAuthPage.replaceLetter' : 'companyAuthPage.uploadLetter')}
      </Button>
    </Upload>
  );
}

function LetterMethod({ application, onChanged }: MethodProps) {
  const { t } = useTranslation();
  const template = () =>
    downloadText(
      `authorisation-letter-${application.id}.txt`,
      t('companyAuthPage.letterTemplate', {
        company: application.companyName,
        code: application.creditCode,
        legal: application.legalName,
        interpolation: { escapeValue: false },
      }),
    );
  return (
    <div className="company-auth-form">
      <p>{t('companyAuthPage.letterIntro')}</p>
      <Alert type="info" showIcon title={t('companyAuthPage.letterTiming')} />
      <Space wrap className="company-auth-submit">
        <Button onClick={template}>{t('companyAuthPage.downloadTemplate')}</Button>
        <LetterUpload application={application} onChanged={onChanged} />
      </Space>
    </div>
  );
}

function FaceMethod({ application, onChanged }: MethodProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [started, setStarted] = useState<{ url: string; development: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    const answer = await quietly(() => startCompanyFace(application.id));
    if (!answer) return;
    setStarted(answer);
    window.open(answer.url, '_blank', 'noopener');
  };

  const finished = async () => {
    setBusy(true);
    const answer = await quietly(() => companyFaceResult(application.id));
    setBusy(false);
    if (!answer) return;
    if (answer.status === 'approved') onChanged(answer);
    else void message.info(t('companyAuthPage.facePending'));
  };

  return (
    <div className="company-auth-form">
      <p>{t('companyAuthPage.faceIntro')}</p>
      {started?.development ? (
        <Alert
          className="company-auth-dev"
          type="warning"
          showIcon
          title={t('companyAuthPage.devFace')}
        />
      ) : null}
      <Space wrap className="company-auth-submit">
        <Button type={started ? 'default' : 'primary'} onClick={() => void start()}>
          {t('companyAuthPage.startFace')}
        </Button>
        {started ? (
          <Button type="primary" loading={busy} onClick={() => void finished()}>
            {t('companyAuthPage.faceFinished')}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}

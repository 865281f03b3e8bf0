import { ArrowLeftOutlined, SendOutlined, SwapOutlined } from '@ant-design/icons';
import { message, type ContractCreated } from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor';
import { Alert, App, Button, Card, Form, Space, Spin, Steps } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCreateContract } from '../../../api/contractLaunch';
import {
  failureMessage,
  refusalProblems,
  useTemplateDetail,
  type EditorTemplateDetail,
} from '../../../api/templateEditor';
import { AppForm } from '../../../forms/AppForm';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';
import { useUnsavedWork } from '../../../session/unsavedWork';
import { LeaveUnsavedDialog } from '../../template/LeaveUnsavedDialog';
import { NoSigningsDialog, type NoSigningsRefusal } from '../../cost/NoSigningsDialog';
import { noSigningsMall } from '../../cost/noSignings';
import { CONTRACT_LIST_PATH } from '../paths';
import {
  TaskNameField,
  TermsFields,
  checkDetails,
  refusalOf,
  showRefusal,
  type CheckedDetails,
  type DetailsFormValues,
} from './DetailsFields';
import { LaunchGate } from './LaunchGate';
import {
  bodyFromTemplate,
  emptyRequiredFields,
  initiatorFields,
  initiatorParties,
  initiatorValues,
  partiesForTemplate,
  placeRefusal,
  type Initiator,
  type LaunchPartyValues,
} from './launchForm';
import { PartiesField, PartiesSummary } from './PartiesField';
import { launchedPath } from './paths';
import { ReceiversField } from './ReceiversField';
import { SendNotice, type Notice } from './SendNotice';
import { SendSummaryDialog } from './SendSummaryDialog';
import { sendSummary, type SendSummary } from './sendSummary';
import { TemplateChooser } from './TemplateChooser';
import './launch.css';

const FillOwnFields = lazy(() => import('./FillOwnFields'));

const loading = (text: string) => (
  <div role="status" className="launch-loading">
    <Spin /> {text}
  </div>
);

/** A contract from a chosen template: details and parties, the initiator's fields, sent. */
function LaunchFromTemplate({
  me,
  detail,
  onChooseAnother,
}: {
  me: Initiator;
  detail: EditorTemplateDetail;
  onChooseAnother(): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const navigate = useNavigate();
  const companyId = useSession((state) => state.companyId);
  const [form] = Form.useForm<DetailsFormValues>();
  // Steps of the page: 0 is choosing the template, done before this component shows.
  const [step, setStep] = useState(1);
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<CheckedDetails | null>(null);
  const [project, setProject] = useState<TemplateProject>(detail.project);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState<ContractCreated | null>(null);
  /** The summary the initiator confirms before anything is sent; null while not asked. */
  const [review, setReview] = useState<SendSummary | null>(null);
  /** contract/create refused for want of a signing: the mall is offered. */
  const [noSignings, setNoSignings] = useState<NoSigningsRefusal | null>(null);
  const create = useCreateContract(companyId);
  const { modal } = App.useApp();
  useUnsavedWork(touched && sent === null);

  useEffect(() => {
    if (sent) navigate(launchedPath(sent.id));
  }, [sent, navigate]);

  // Another template starts afresh: what was typed for this one is asked about first.
  const chooseAnother = () => {
    if (!touched) return onChooseAnother();
    void modal.confirm({
      title: t('templateEditor.leaveTitle'),
      content: t('templateEditor.leaveQuestion'),
      okText: t('templateEditor.leave'),
      okButtonProps: { danger: true },
      cancelText: t('templateEditor.stay'),
      onOk: onChooseAnother,
    });
  };

  const parties: LaunchPartyValues[] = checked?.details.participants ?? [];
  const mine = initiatorParties(parties, me);
  const myFields = initiatorFields(project, mine);
  // The editor fills for one party: the initiator's first that has fields of its own.
  const fillingParty = mine.find((party) => myFields.some((f) => f.config.party === party));

  const next = async () => {
    if (checking) return;
    setNotice(null);
    setChecking(true);
    const result = await checkDetails(form);
    setChecking(false);
    if (!result.ok) {
      if (result.general)
        setNotice({ title: t('contractLaunch.notChecked'), description: result.general });
      return;
    }
    setChecked(result.checked);
    setStep(2);
  };

  // "Send for signing" shows what goes out; only the summary's "Send now" sends.
  const confirmSend = () => {
    if (!checked || create.isPending) return;
    setNotice(null);
    const empty = emptyRequiredFields(project, mine);
    if (empty.length > 0) {
      setNotice({
        title: t('contractLaunch.notSent'),
        description: message('textValueRequired', locale),
        items: empty.map((field) => field.title),
      });
      return;
    }
    setReview(sendSummary(checked.details, project));
  };

  const send = async () => {
    if (!checked || create.isPending) return;
    try {
      setSent(
        await create.mutateAsync(
          bodyFromTemplate(checked.details, detail.id, initiatorValues(project, mine)),
        ),
      );
    } catch (error) {
      setReview(null);
      const { text, data } = refusalOf(error);
      const mall = noSigningsMall(data);
      if (mall) {
        setNoSignings({ text, mall });
        return;
      }
      const where = placeRefusal(text, data, checked.details.participants, locale);
      if (where.fields.length > 0) {
        setStep(1);
        showRefusal(form, where);
        setNotice({
          title: t('contractLaunch.notSent'),
          description: t('contractLaunch.fixDetails'),
        });
        return;
      }
      const uuid =
        typeof data === 'object' && data !== null && 'elementUuid' in data
          ? String((data as { elementUuid: unknown }).elementUuid)
          : null;
      const field = uuid ? myFields.find((f) => f.uuid === uuid)?.title : undefined;
      setNotice({
        title: t('contractLaunch.notSent'),
        description: where.general ?? text,
        items: [...(field ? [field] : []), ...refusalProblems(error).map((p) => p.message)],
      });
    }
  };

  return (
    <>
      <Steps
        className="launch-steps"
        current={step}
        items={[
          { title: t('contractLaunch.steps.choose') },
          { title: t('contractLaunch.steps.details') },
          { title: t('contractLaunch.steps.fill') },
        ]}
      />
      <SendNotice notice={notice} onClose={() => setNotice(null)} />
      <div hidden={step !== 1}>
        <Card
          title={t('contractLaunch.chosenTemplate', { name: detail.name })}
          extra={
            <Button icon={<SwapOutlined aria-hidden />} onClick={chooseAnother}>
              {t('contractLaunch.changeTemplate')}
            </Button>
          }
        >
          <AppForm<DetailsFormValues>
            form={form}
            scrollToFirstError
            initialValues={{
              name: detail.name,
              agreementType: 'contract',
              signingOrder: 'parallel',
              signingDeadline: null,
              participants: partiesForTemplate(detail.participants, me),
              receivers: [],
            }}
            onValuesChange={() => setTouched(true)}
            onFinish={() => void next()}
          >
            <TaskNameField locale={locale} />
            <TermsFields locale={locale} />
            <PartiesField form={form} locale={locale} me={me} roles={detail.participants} />
            <ReceiversField locale={locale} />
            <Space className="launch-actions">
              <Button onClick={() => navigate(CONTRACT_LIST_PATH)}>{t('common.cancel')}</Button>
              <Button type="primary" htmlType="submit" loading={checking}>
                {t('common.next')}
              </Button>
            </Space>
          </AppForm>
        </Card>
      </div>
      {step === 2 && checked ? (
        <section className="launch-place" aria-label={t('contractLaunch.steps.fill')}>
          <PartiesSummary parties={checked.details.participants} standing={checked.standing} />
          {fillingParty ? (
            <>
              <Alert
                className="launch-place-intro"
                type="info"
                showIcon
                title={t('contractLaunch.fillIntro', { parties: mine.join(', ') })}
              />
              <Suspense fallback={loading(t('contractLaunch.loadingDocument'))}>
                <FillOwnFields
                  templateId={detail.id}
                  party={fillingParty}
                  project={project}
                  onProjectChange={setProject}
                  locale={locale}
                />
              </Suspense>
            </>
          ) : (
            <Alert
              className="launch-place-intro"
              type="info"
              showIcon
              title={t(
                mine.length > 0 ? 'contractLaunch.nothingToFill' : 'contractLaunch.notAParty',
              )}
            />
          )}
          <Space className="launch-actions">
            <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => setStep(1)}>
              {t('common.back')}
            </Button>
            <Button type="primary" icon={<SendOutlined aria-hidden />} onClick={confirmSend}>
              {t('contractLaunch.send')}
            </Button>
          </Space>
        </section>
      ) : null}
      <SendSummaryDialog
        summary={review}
        sending={create.isPending}
        onCancel={() => setReview(null)}
        onSend={() => void send()}
      />
      <NoSigningsDialog refusal={noSignings} onClose={() => setNoSignings(null)} />
      <LeaveUnsavedDialog when={touched && sent === null} />
    </>
  );
}

/** The template of `?templateId=`, or why it cannot be used. */
function ChosenTemplate({
  me,
  templateId,
  onChooseAnother,
}: {
  me: Initiator;
  templateId: string;
  onChooseAnother(): void;
}) {
  const { t, i18n } = useTranslation();
  const detail = useTemplateDetail(templateId);
  // The first answer starts the form; later reads (a fresher PDF link) leave it as it is.
  const [taken, setTaken] = useState<EditorTemplateDetail | null>(null);
  if (!taken && detail.data?.id === templateId) setTaken(detail.data);

  const chooseAnother = (
    <Button size="small" onClick={onChooseAnother}>
      {t('contractLaunch.changeTemplate')}
    </Button>
  );
  if (taken && taken.status !== 1) {
    return (
      <Alert
        type="warning"
        showIcon
        title={message('templateNotEnabled', localeOf(i18n))}
        action={chooseAnother}
      />
    );
  }
  if (taken) {
    return (
      <LaunchFromTemplate key={taken.id} me={me} detail={taken} onChooseAnother={onChooseAnother} />
    );
  }
  if (detail.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('contractLaunch.templateFailed')}
        description={failureMessage(detail.error)}
        action={chooseAnother}
      />
    );
  }
  return loading(t('app.loading'));
}

/**
 * /agency-contract/directly-template: a contract from an enabled template the member may use —
 * chosen here or given as ?templateId= — its details and the people for the template's parties,
 * the initiator's own fields filled in the editor, then sent (contract/create).
 */
export default function DirectlyTemplatePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const templateId = search.get('templateId') ?? '';
  const chooseAnother = () => setSearch({}, { replace: false });
  return (
    <div className="page launch">
      <header className="page-header">
        <h1 className="page-title">{t('routes.directlyTemplate')}</h1>
        <p className="page-subtitle">{t('contractLaunch.templateIntro')}</p>
      </header>
      <LaunchGate>
        {(me) =>
          templateId ? (
            <ChosenTemplate
              key={templateId}
              me={me}
              templateId={templateId}
              onChooseAnother={chooseAnother}
            />
          ) : (
            <>
              <Steps
                className="launch-steps"
                current={0}
                items={[
                  { title: t('contractLaunch.steps.choose') },
                  { title: t('contractLaunch.steps.details') },
                  { title: t('contractLaunch.steps.fill') },
                ]}
              />
              <Card>
                <TemplateChooser onChoose={(template) => setSearch({ templateId: template.id })} />
              </Card>
            </>
          )
        }
      </LaunchGate>
    </div>
  );
}

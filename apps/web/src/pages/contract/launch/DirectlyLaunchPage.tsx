import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { message, type ContractCreated, type ContractDocument } from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor';
import { Alert, Button, Card, Form, Segmented, Space, Spin, Steps } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCreateContract } from '../../../api/contractLaunch';
import { refusalProblems } from '../../../api/templateEditor';
import { AppForm } from '../../../forms/AppForm';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';
import { useUnsavedWork } from '../../../session/unsavedWork';
import { ContractDocumentField } from '../../template/ContractDocumentField';
import { LeaveUnsavedDialog } from '../../template/LeaveUnsavedDialog';
import { useDocumentWait } from '../../template/useDocumentWait';
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
  bodyFromDocument,
  emptyRequiredFields,
  fieldsOfUnnamedParties,
  firstParties,
  namedPartyOf,
  initiatorFields,
  initiatorParties,
  initiatorValues,
  placeRefusal,
  withNamedParties,
  type Initiator,
} from './launchForm';
import { PartiesField, PartiesSummary } from './PartiesField';
import { launchedPath } from './paths';
import { ReceiversField } from './ReceiversField';
import { SendNotice, type Notice } from './SendNotice';
import { SendSummaryDialog } from './SendSummaryDialog';
import { sendSummary, type SendSummary } from './sendSummary';
import './launch.css';

const PlaceOnDocument = lazy(() => import('./PlaceOnDocument'));

interface LaunchFormValues extends DetailsFormValues {
  document?: ContractDocument;
}

/** The placed project and the document it was placed on. */
interface Placed {
  documentId: string;
  project: TemplateProject | null;
}

/** A contract from a document: its details, then its fields and seals, then sent. */
function LaunchFromDocument({ me }: { me: Initiator }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  // Opened from a counterpart's details: that counterpart is party B.
  const location = useLocation();
  const navigate = useNavigate();
  const companyId = useSession((state) => state.companyId);
  const [form] = Form.useForm<LaunchFormValues>();
  const [step, setStep] = useState(0);
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<CheckedDetails | null>(null);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState<ContractCreated | null>(null);
  /** The summary the initiator confirms before anything is sent; null while not asked. */
  const [review, setReview] = useState<SendSummary | null>(null);
  /** contract/create refused for want of a signing: the mall is offered. */
  const [noSignings, setNoSignings] = useState<NoSigningsRefusal | null>(null);
  /** The editor fills the initiator's own fields instead of placing fields. */
  const [filling, setFilling] = useState(false);
  // A document on its way (uploading, converting) is waited for rather than refused; ready goes
  // on (the details are checked again as they are then).
  const { waiting, setUploading, ready, documentRule, waitForDocument, stopWaiting } =
    useDocumentWait(form, locale, 'contractDocumentRequired');
  const create = useCreateContract(companyId);
  useUnsavedWork(touched && sent === null);

  // The initiator fills its own text and date fields before sending (required ones not empty).
  const mine = checked ? initiatorParties(checked.details.participants, me) : [];
  const myFields = placed?.project ? initiatorFields(placed.project, mine) : [];
  const fillingParty = mine.find((party) => myFields.some((f) => f.config.party === party));

  // Sent: the question about unsaved work is gone before the page is left.
  useEffect(() => {
    if (sent) navigate(launchedPath(sent.id));
  }, [sent, navigate]);

  // While the initiator fills in the rest, the editor's code downloads.
  useEffect(() => {
    if (ready) void import('./PlaceOnDocument');
  }, [ready]);

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
    if (waitForDocument()) return;
    const documentId = (form.getFieldValue('document') as ContractDocument).id;
    const { participants } = result.checked.details;
    setChecked(result.checked);
    // The same document keeps what was placed on it; the parties are the ones named now.
    setPlaced((current) =>
      current?.documentId === documentId && current.project
        ? { documentId, project: withNamedParties(current.project, participants) }
        : { documentId, project: null },
    );
    setStep(1);
  };

  // "Send for signing" shows what goes out; only the summary's "Send now" sends.
  const confirmSend = () => {
    if (!checked || !placed?.project || create.isPending) return;
    setNotice(null);
    const { details } = checked;
    const stray = fieldsOfUnnamedParties(placed.project, details.participants);
    if (stray.length > 0) {
      setNotice({
        title: t('contractLaunch.notSent'),
        description: t('contractLaunch.strayFields', { parties: stray.join(', ') }),
      });
      return;
    }
    const empty = emptyRequiredFields(placed.project, mine);
    if (empty.length > 0) {
      setFilling(true);
      setNotice({
        title: t('contractLaunch.notSent'),
        description: message('textValueRequired', locale),
        items: empty.map((field) => field.title),
      });
      return;
    }
    setReview(sendSummary(details, placed.project));
  };

  const send = async () => {
    if (!checked || !placed?.project || create.isPending) return;
    const { details } = checked;
    try {
      setSent(
        await create.mutateAsync(
          bodyFromDocument(
            details,
            placed.documentId,
            placed.project,
            initiatorValues(placed.project, mine),
          ),
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
      const where = placeRefusal(text, data, details.participants, locale);
      if (where.fields.length > 0) {
        setStep(0);
        showRefusal(form, where);
        setNotice({
          title: t('contractLaunch.notSent'),
          description: t('contractLaunch.fixDetails'),
        });
        return;
      }
      setNotice({
        title: t('contractLaunch.notSent'),
        description: where.general ?? text,
        items: refusalProblems(error).map((problem) => problem.message),
      });
    }
  };

  return (
    <>
      <Steps
        className="launch-steps"
        current={step}
        items={[
          { title: t('contractLaunch.steps.details') },
          { title: t('contractLaunch.steps.place') },
        ]}
      />
      <SendNotice notice={notice} onClose={() => setNotice(null)} />
      <div hidden={step !== 0}>
        <Card>
          <AppForm<LaunchFormValues>
            form={form}
            scrollToFirstError
            initialValues={{
              name: '',
              agreementType: 'contract',
              signingOrder: 'parallel',
              signingDeadline: null,
              participants: firstParties(me, namedPartyOf(location.state)),
              receivers: [],
            }}
            onValuesChange={(changed: Partial<LaunchFormValues>) => {
              setTouched(true);
              // A document field shown wrong is checked again as soon as it changes.
              if ('document' in changed && form.getFieldError('document').length > 0) {
                void form.validateFields(['document']).catch(() => undefined);
              }
            }}
            onFinish={() => void next()}
          >
            <TaskNameField locale={locale} />
            <Form.Item
              name="document"
              label={t('contractLaunch.document')}
              rules={[documentRule]}
              validateTrigger={[]}
            >
              <ContractDocumentField onUploadingChange={setUploading} />
            </Form.Item>
            <TermsFields locale={locale} />
            <PartiesField form={form} locale={locale} me={me} />
            <ReceiversField locale={locale} />
            {waiting ? (
              <div className="launch-waiting" role="status">
                <Spin size="small" /> {t('contractLaunch.waitingForDocument')}
              </div>
            ) : null}
            <Space className="launch-actions">
              <Button
                onClick={() => {
                  stopWaiting();
                  navigate(CONTRACT_LIST_PATH);
                }}
              >
                {t('common.cancel')}
              </Button>
              {/* Busy, and out of use while the page waits: it goes on by itself. */}
              <Button
                type="primary"
                htmlType="submit"
                loading={checking || waiting}
                disabled={waiting}
              >
                {t('common.next')}
              </Button>
            </Space>
          </AppForm>
        </Card>
      </div>
      {step === 1 && checked && placed ? (
        <section className="launch-place" aria-label={t('contractLaunch.steps.place')}>
          <PartiesSummary parties={checked.details.participants} standing={checked.standing} />
          <div className="launch-place-bar">
            <Alert
              className="launch-place-intro"
              type="info"
              showIcon
              title={t(
                filling && fillingParty ? 'contractLaunch.fillIntro' : 'contractLaunch.placeIntro',
                { parties: mine.join(', ') },
              )}
            />
            {fillingParty ? (
              <Segmented
                aria-label={t('contractLaunch.editorMode')}
                value={filling ? 'fill' : 'place'}
                onChange={(value) => setFilling(value === 'fill')}
                options={[
                  { value: 'place', label: t('contractLaunch.placeMode') },
                  { value: 'fill', label: t('contractLaunch.fillMode') },
                ]}
              />
            ) : null}
          </div>
          <Suspense
            fallback={
              <div role="status" className="launch-loading">
                <Spin /> {t('contractLaunch.loadingDocument')}
              </div>
            }
          >
            <PlaceOnDocument
              documentId={placed.documentId}
              parties={checked.details.participants}
              project={placed.project}
              onProjectChange={(project) =>
                setPlaced((current) => current && { ...current, project })
              }
              locale={locale}
              filling={filling ? fillingParty : undefined}
            />
          </Suspense>
          <Space className="launch-actions">
            <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => setStep(0)}>
              {t('common.back')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined aria-hidden />}
              disabled={!placed.project}
              onClick={confirmSend}
            >
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

/**
 * /agency-contract/directly-launch: a contract from an uploaded document — its task name,
 * document, agreement type, parties, copy recipients, deadline and signing order; then each
 * party's fields and seals placed on it in the editor; then sent (contract/create).
 */
export default function DirectlyLaunchPage() {
  const { t } = useTranslation();
  return (
    <div className="page launch">
      <header className="page-header">
        <h1 className="page-title">{t('routes.directlyLaunch')}</h1>
        <p className="page-subtitle">{t('contractLaunch.intro')}</p>
      </header>
      <LaunchGate>{(me) => <LaunchFromDocument me={me} />}</LaunchGate>
    </div>
  );
}

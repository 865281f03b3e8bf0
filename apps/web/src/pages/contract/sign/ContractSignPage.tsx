import {
  AimOutlined,
  AuditOutlined,
  ArrowLeftOutlined,
  CheckCircleFilled,
  ClockCircleFilled,
  StopOutlined,
} from '@ant-design/icons';
import {
  APPROVAL_VIEW_ACTIVE,
  approvalViewLink,
  message as platformMessage,
  type ContractActed,
  type SignTicket,
  type TemplateParty,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Result, Space, Spin } from 'antd';
import type { TemplateEditorHandle } from '@esign/template-editor';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  contractActionQueries,
  signContract,
  useContractAction,
  type EditorContractDetail,
} from '../../../api/contractActions';
import { failureMessage } from '../../../api/templateEditor';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';
import { CONTRACT_LIST_PATH, contractDetailsPath, fillContractPath } from '../paths';
import { lockHeldByOther, signingParty, takesLock } from '../detail/contractMoves';
import { ContractDocument } from '../detail/ContractDocument';
import { ContractGate } from '../detail/ContractGate';
import { ContractHeading } from '../detail/ContractSummary';
import { downloadContract } from '../detail/download';
import { LockNotice } from '../detail/LockNotice';
import { contractSignaturePath } from '../detail/paths';
import { pendingOverlay } from '../detail/overlay';
import { RefuseDialog } from '../detail/RefuseDialog';
import { useContractLock } from '../detail/useContractLock';
import { ConfirmSigning } from './ConfirmSigning';
import { ApplyForSigning, approvalRequiredOf } from './SigningApproval';
import { SealPicker } from './SealPicker';
import { defaultSeal, pageRanges, stampPlaces, withChosenSeal, type StampPlace } from './stamps';
import { useSealImages } from './useSealImages';
import '../detail/contractDetail.css';

/** The document's section, brought into view when a stamp's place is shown. */
const DOCUMENT_ID = 'contract-sign-document';

/**
 * What the detail says to apply for, with the seals offered as the later word on a seal: the
 * detail may be read before seal/listContractSeal made a verified company's first seal (the
 * server makes it on the first listing), so "no seal you may use" no longer holds once the list
 * offers one.
 */
function sealsAnswer(
  because: 'workflow' | 'seal' | null | undefined,
  seals: readonly unknown[] | undefined,
): 'workflow' | 'seal' | null {
  if (because === 'seal' && seals !== undefined && seals.length > 0) return null;
  return because ?? null;
}

/** After signing: completed, or waiting for the others, and what to do next. */
function SignedResult({ detail, acted }: { detail: EditorContractDetail; acted: ContractActed }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const completed = acted.status === 'completed';
  const mine = new Set<string>(detail.myParties);
  const others = detail.participants.filter(
    (p) => p.signs && !p.signedAt && !p.refusedAt && !mine.has(p.party),
  );
  return (
    <Result
      icon={
        completed ? (
          <CheckCircleFilled className="contract-sign-done" aria-hidden />
        ) : (
          <ClockCircleFilled className="contract-sign-waiting" aria-hidden />
        )
      }
      title={
        <h1 className="result-title">
          {t(completed ? 'contractSign.completedTitle' : 'contractSign.waitingTitle')}
        </h1>
      }
      subTitle={
        completed
          ? t('contractSign.completedHint', { name: detail.name })
          : t('contractSign.waitingHint', {
              parties: others.map((p) => `${p.party} · ${p.name}`).join(', ') || '—',
            })
      }
      extra={
        <Space wrap>
          {completed ? (
            <>
              <Button
                type="primary"
                loading={downloading}
                onClick={() => {
                  setDownloading(true);
                  downloadContract(detail.id)
                    .catch((error: unknown) => void message.error(failureMessage(error)))
                    .finally(() => setDownloading(false));
                }}
              >
                {t('contractDetail.move.download')}
              </Button>
              <Button onClick={() => navigate(contractSignaturePath(detail.id))}>
                {t('contractDetail.move.signatures')}
              </Button>
            </>
          ) : null}
          <Button
            type={completed ? 'default' : 'primary'}
            onClick={() => navigate(contractDetailsPath(detail.id))}
          >
            {t('contractSign.viewDetails')}
          </Button>
          <Button onClick={() => navigate(CONTRACT_LIST_PATH)}>
            {t('contractDetail.backToList')}
          </Button>
        </Space>
      }
    />
  );
}

/**
 * Signing as the session's party: the seal to sign with, where each of the party's stamps lands
 * (drawn with the chosen seal), the confirmation (SMS code or face check) and contract/sign.
 */
function SignContract({ detail, party }: { detail: EditorContractDetail; party: TemplateParty }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const navigate = useNavigate();
  const companyId = useSession((state) => state.companyId);
  const lock = useContractLock(
    detail.id,
    party,
    takesLock(detail, party),
    lockHeldByOther(detail, party),
  );
  const seals = useQuery(contractActionQueries.seals(companyId, detail.id, party));
  const images = useSealImages(seals.data);
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? (seals.data ? (defaultSeal(seals.data)?.id ?? null) : null);
  const [problem, setProblem] = useState<string | null>(null);
  // The company's approval is needed first: the detail says so, or contract/sign's refusal did.
  const [approvalNeeded, setApprovalNeeded] = useState<'workflow' | 'seal' | null>(null);
  const applyBecause =
    approvalNeeded ?? sealsAnswer(detail.signingApproval?.applyBecause, seals.data);
  const [acted, setActed] = useState<ContractActed | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const sign = useContractAction(signContract);
  const pending = useMemo(
    () => pendingOverlay(detail.project, detail.participants),
    [detail.project, detail.participants],
  );
  const project = useMemo(() => withChosenSeal(pending, party, chosen), [pending, party, chosen]);
  const places = stampPlaces(detail.project, party);
  const held = lock.state === 'held';
  const editor = useRef<TemplateEditorHandle>(null);
  const [shown, setShown] = useState<Partial<Record<StampPlace['kind'], number>>>({});

  if (acted) return <SignedResult detail={detail} acted={acted} />;

  const onSign = (ticketOf: () => Promise<SignTicket>) => {
    if (!chosen) return setProblem(platformMessage('sealRequired', locale));
    setProblem(null);
    setConfirming(true);
    ticketOf()
      .then(
        ({ ticket }) =>
          sign
            .mutateAsync({ id: detail.id, party, sealId: chosen, ticket })
            .then(setActed, (error: unknown) => {
              const needed = approvalRequiredOf(error);
              if (needed) setApprovalNeeded(needed.because);
              else setProblem(failureMessage(error));
            }),
        // A wrong code or a failed check says why under its own field.
        () => undefined,
      )
      .finally(() => setConfirming(false));
  };

  const seals_ = seals.data ?? [];
  // Shown beside the places too: the boxes may be pages away from the steps.
  const chosenImage = images.find((seal) => seal.id === chosen)?.imageUrl ?? '';
  const byKind = (kind: StampPlace['kind']) =>
    pageRanges(places.filter((place) => place.kind === kind).map((place) => place.page));
  // Each kind's places, one after another on each "Show": the document comes into view (below the
  // steps on a phone) and the editor brings the place to its middle.
  const show = (kind: StampPlace['kind']) => {
    const ofKind = places.filter((place) => place.kind === kind);
    const next = ((shown[kind] ?? -1) + 1) % ofKind.length;
    setShown({ ...shown, [kind]: next });
    document.getElementById(DOCUMENT_ID)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    editor.current?.showField(ofKind[next]!.elementUuid);
  };
  const placeLine = (kind: StampPlace['kind'], text: string) => (
    <li key={kind} className="contract-sign-place">
      <span>{text}</span>
      <Button
        size="small"
        icon={<AimOutlined aria-hidden />}
        aria-label={t('contractSign.showPlace', { place: text })}
        onClick={() => show(kind)}
      >
        {t('contractSign.show')}
      </Button>
    </li>
  );

  return (
    <div className="contract-detail contract-sign">
      <ContractHeading
        detail={detail}
        kicker={t('contractSign.kicker', { party })}
        actions={
          <Space wrap>
            <Button
              icon={<ArrowLeftOutlined aria-hidden />}
              onClick={() => navigate(contractDetailsPath(detail.id))}
            >
              {t('contractDetail.backToDetails')}
            </Button>
            {detail.myActions.includes('refuse') ? (
              <Button danger icon={<StopOutlined aria-hidden />} onClick={() => setRefusing(true)}>
                {t('contractDetail.move.refuse')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <RefuseDialog
        detail={detail}
        open={refusing}
        onClose={() => setRefusing(false)}
        onDone={() => navigate(contractDetailsPath(detail.id))}
      />
      <LockNotice lock={lock} />
      <div className="contract-detail-body">
        <ContractDocument
          id={DOCUMENT_ID}
          editorRef={editor}
          project={project}
          pdfLink={detail.pdfLink}
          seals={images}
          label={t('contractSign.documentWithStamps')}
        />
        <aside className="contract-detail-side contract-sign-side">
          <section className="contract-detail-section" aria-labelledby="contract-sign-seal">
            <h2 id="contract-sign-seal" className="section-title">
              {t('contractSign.stepSeal')}
            </h2>
            {seals.isPending ? (
              <Spin />
            ) : seals.isError ? (
              <Alert
                type="error"
                showIcon
                title={t('contractSign.sealsFailed')}
                description={failureMessage(seals.error)}
                action={
                  <Button size="small" onClick={() => void seals.refetch()}>
                    {t('common.retry')}
                  </Button>
                }
              />
            ) : seals_.length === 0 ? (
              <Empty description={t('contractSign.noSeals')} />
            ) : (
              <SealPicker
                seals={seals_}
                images={images}
                chosen={chosen}
                onChoose={(id) => {
                  setPicked(id);
                  setProblem(null);
                }}
              />
            )}
          </section>
          <section className="contract-detail-section" aria-labelledby="contract-sign-places">
            <h2 id="contract-sign-places" className="section-title">
              {t('contractSign.stepPlaces')}
            </h2>
            {places.length === 0 ? (
              <p className="contract-muted">{t('contractSign.noPlaces')}</p>
            ) : (
              <ul className="contract-sign-places">
                {byKind('seal')
                  ? placeLine('seal', t('contractSign.sealOnPages', { pages: byKind('seal') }))
                  : null}
                {byKind('signature')
                  ? placeLine(
                      'signature',
                      t('contractSign.signatureOnPages', { pages: byKind('signature') }),
                    )
                  : null}
                {byKind('crosspage')
                  ? placeLine(
                      'crosspage',
                      t('contractSign.crossPageOnPages', { pages: byKind('crosspage') }),
                    )
                  : null}
              </ul>
            )}
            {chosenImage ? (
              <div className="contract-sign-chosen">
                <img src={chosenImage} alt="" className="contract-seal-image" />
                <p className="contract-muted">{t('contractSign.placesHint')}</p>
              </div>
            ) : (
              <p className="contract-muted">{t('contractSign.placesHint')}</p>
            )}
          </section>
          <section className="contract-detail-section" aria-labelledby="contract-sign-confirm">
            <h2 id="contract-sign-confirm" className="section-title">
              {t('contractSign.stepConfirm')}
            </h2>
            {problem ? (
              <Alert className="contract-detail-alert" type="error" showIcon title={problem} />
            ) : null}
            {applyBecause ? (
              <ApplyForSigning detail={detail} party={party} because={applyBecause} />
            ) : (
              <ConfirmSigning
                contractId={detail.id}
                pending={confirming || sign.isPending}
                blocked={held || lock.state === 'taking'}
                onSign={onSign}
              />
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}

/**
 * The company's approval of this contract runs (contract/applySigning, or the template's flow
 * before initiating): signing waits for it; the way to the approval.
 */
function ApprovalInProgress({
  detail,
  approvalId,
}: {
  detail: EditorContractDetail;
  approvalId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      icon={<AuditOutlined className="contract-sign-waiting" aria-hidden />}
      title={<h1 className="result-title">{t('approvalInbox.apply.inProgressTitle')}</h1>}
      subTitle={t('approvalInbox.apply.inProgress')}
      extra={
        <Space wrap>
          <Button
            type="primary"
            onClick={() => navigate(approvalViewLink(APPROVAL_VIEW_ACTIVE.applicant, approvalId))}
          >
            {t('approvalInbox.apply.view')}
          </Button>
          <Button onClick={() => navigate(contractDetailsPath(detail.id))}>
            {t('contractSign.viewDetails')}
          </Button>
        </Space>
      }
    />
  );
}

/** There is nothing for the session to sign on this contract now, and why. */
function NothingToSign({ detail }: { detail: EditorContractDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mine = detail.participants.filter((p) => detail.myParties.includes(p.party));
  const fillFirst = detail.myActions.includes('fill');
  const reason = mine.some((p) => p.signedAt)
    ? 'signed'
    : mine.some((p) => p.refusedAt)
      ? 'refused'
      : fillFirst
        ? 'fillFirst'
        : mine.some((p) => p.signs) &&
            detail.status === 'signing' &&
            detail.signingOrder === 'sequential'
          ? 'notYourTurn'
          : 'nothing';
  return (
    <Result
      status="info"
      title={<h1 className="result-title">{t('contractSign.nothingTitle')}</h1>}
      subTitle={t(`contractSign.nothing.${reason}`)}
      extra={
        <Space wrap>
          {fillFirst ? (
            <Button type="primary" onClick={() => navigate(fillContractPath(detail.id))}>
              {t('contractDetail.move.fill')}
            </Button>
          ) : null}
          <Button
            type={fillFirst ? 'default' : 'primary'}
            onClick={() => navigate(contractDetailsPath(detail.id))}
          >
            {t('contractSign.viewDetails')}
          </Button>
          <Button onClick={() => navigate(CONTRACT_LIST_PATH)}>
            {t('contractDetail.backToList')}
          </Button>
        </Space>
      }
    />
  );
}

/** /agency-contract/contractedit?id=…: signing a contract. */
export default function ContractSignPage() {
  return (
    <ContractGate>
      {(detail) => {
        const approval = detail.signingApproval?.latest;
        if (approval?.status === 'pending') {
          return <ApprovalInProgress detail={detail} approvalId={approval.id} />;
        }
        const party = detail.myActions.includes('sign') ? signingParty(detail) : null;
        return party ? (
          <SignContract detail={detail} party={party} />
        ) : (
          <NothingToSign detail={detail} />
        );
      }}
    </ContractGate>
  );
}

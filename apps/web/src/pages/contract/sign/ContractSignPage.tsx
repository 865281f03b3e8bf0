import {
  AimOutlined,
  ArrowLeftOutlined,
  CheckCircleFilled,
  ClockCircleFilled,
  StopOutlined,
} from '@ant-design/icons';
import {
  message as platformMessage,
  type ContractActed,
  type ContractSeal,
  type SignTicket,
  type TemplateParty,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Radio, Result, Space, Spin } from 'antd';
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
import { signingParty } from '../detail/contractMoves';
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
import { defaultSeal, pageRanges, stampPlaces, withChosenSeal, type StampPlace } from './stamps';
import { useSealImages } from './useSealImages';
import '../detail/contractDetail.css';

/** The document's section, brought into view when a stamp's place is shown. */
const DOCUMENT_ID = 'contract-sign-document';

/** The seals the signer may use, one to pick, each with its image. */
function SealPicker({
  seals,
  images,
  chosen,
  onChoose,
}: {
  seals: readonly ContractSeal[];
  images: readonly { id: string; imageUrl: string }[];
  chosen: string | null;
  onChoose(id: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      className="contract-seal-picker"
      value={chosen}
      onChange={(event) => onChoose(String(event.target.value))}
      aria-label={t('contractSign.pickSeal')}
    >
      {seals.map((seal) => {
        const image = images.find((one) => one.id === seal.id)?.imageUrl;
        return (
          <Radio key={seal.id} value={seal.id} className="contract-seal-option">
            <span className="contract-seal-card">
              {image ? (
                <img src={image} alt="" className="contract-seal-image" />
              ) : (
                <span className="contract-seal-image contract-seal-image-empty" />
              )}
              <span>
                <strong>{seal.name}</strong>
                <br />
                <span className="contract-muted">{t(`contractSign.sealKind.${seal.kind}`)}</span>
              </span>
            </span>
          </Radio>
        );
      })}
    </Radio.Group>
  );
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
  const lock = useContractLock(detail.id, party, true);
  const seals = useQuery(contractActionQueries.seals(companyId, detail.id, party));
  const images = useSealImages(seals.data);
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? (seals.data ? (defaultSeal(seals.data)?.id ?? null) : null);
  const [problem, setProblem] = useState<string | null>(null);
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
            .then(setActed, (error: unknown) => setProblem(failureMessage(error))),
        // A wrong code or a failed check says why under its own field.
        () => undefined,
      )
      .finally(() => setConfirming(false));
  };

  const seals_ = seals.data ?? [];
  // Shown beside the places: the editor draws a seal in seal boxes, not in signature boxes.
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
            <ConfirmSigning
              contractId={detail.id}
              pending={confirming || sign.isPending}
              blocked={held || lock.state === 'taking'}
              onSign={onSign}
            />
          </section>
        </aside>
      </div>
    </div>
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

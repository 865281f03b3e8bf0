import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TemplateParty } from '@esign/platform';
import { TemplateEditor, type TemplateProject } from '@esign/template-editor';
import { fillProgress, fillSequence, fillValues } from '@esign/template-editor/core';
import { Alert, App, Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  writeContract,
  useContractAction,
  type EditorContractDetail,
} from '../../../api/contractActions';
import { failureMessage } from '../../../api/templateEditor';
import { localeOf } from '../../../i18n/locale';
import { useUnsavedWork } from '../../../session/unsavedWork';
import { LeaveFillDialog } from './LeaveFillDialog';
import { contractDetailsPath, signContractPath } from '../paths';
import { ContractHeading } from './ContractSummary';
import { lockHeldByOther, takesLock } from './contractMoves';
import { LockNotice } from './LockNotice';
import { pendingOverlay, withDraft } from './overlay';
import { useContractLock } from './useContractLock';
import { useDraftAutosave, type DraftStatus } from './useDraftAutosave';

/** Where the party's draft stands: kept (and when), being kept, or not kept and tried again. */
function DraftLine({ status }: { status: DraftStatus }) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const text =
    status.state === 'saving'
      ? t('contractDetail.draft.saving')
      : status.state === 'failed'
        ? t('contractDetail.draft.failed')
        : status.savedAt
          ? t('contractDetail.draft.saved', { time: time(status.savedAt) })
          : t('contractDetail.draft.none');
  return (
    <p
      className={
        status.state === 'failed'
          ? 'contract-draft-line contract-fill-problem'
          : 'contract-draft-line contract-muted'
      }
      role="status"
    >
      {text}
    </p>
  );
}

/**
 * The party's own fields filled in over the contract's PDF with the editor's guided fill (one field
 * at a time in reading order; a bottom sheet on a phone), sent with contract/write from its Finish
 * or from Submit. What the party types is kept as it goes (contract/saveDraft) and found again on
 * coming back. The party holds the contract's lock meanwhile; leaving while a change is not kept
 * yet asks first.
 */
export function FillContract({
  detail,
  party,
  reload,
}: {
  detail: EditorContractDetail;
  party: TemplateParty;
  reload(): Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const lock = useContractLock(
    detail.id,
    party,
    takesLock(detail, party),
    lockHeldByOther(detail, party),
  );
  // What the PDF already shows (others' values, signed stamps) is not drawn again; what the party
  // filled in before and did not send (its draft) is back in its fields.
  const draft = detail.drafts?.find((one) => one.party === party);
  const [initial] = useState(() =>
    withDraft(pendingOverlay(detail.project, detail.participants, party), draft?.values),
  );
  const [project, setProject] = useState<TemplateProject>(initial);
  const [pdf] = useState(detail.pdfLink);
  const [checked, setChecked] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const write = useContractAction(writeContract);
  const held = lock.state === 'held';
  // Kept as the party goes: leaving asks first only while a change is not kept yet.
  const autosave = useDraftAutosave({
    id: detail.id,
    party,
    project,
    initial,
    savedAt: draft?.savedAt ?? null,
    enabled: !held && lock.state !== 'taking' && sent === null,
  });
  useUnsavedWork(autosave.pending && sent === null);

  // Once sent, the page moves on with nothing left to ask about.
  useEffect(() => {
    if (sent) navigate(sent, { replace: true });
  }, [sent, navigate]);

  const progress = fillProgress(project, party);
  const problems = fillSequence(project, party).filter((element) =>
    progress.missing.includes(element.uuid),
  );

  const submit = () => {
    setChecked(true);
    if (problems.length > 0 || held) return;
    send(fillValues(project, party));
  };

  // The guided fill's Finish gives the values itself: its last field may have been stored a moment
  // ago, before this screen's copy of the project caught up.
  const send = (values: Record<string, string>) => {
    if (held) return;
    write.mutate(
      { id: detail.id, party, values },
      {
        onSuccess: (acted) => {
          void message.success(t('contractDetail.filledDone'));
          // Straight on to signing when the party signs next; the details otherwise, read again.
          const signsNext =
            acted.status === 'signing' &&
            detail.participants.some((p) => p.party === party && p.signs);
          setSent(signsNext ? signContractPath(detail.id) : contractDetailsPath(detail.id));
          void reload();
        },
        onError: (error) => void message.error(failureMessage(error)),
      },
    );
  };

  return (
    <div className="contract-detail contract-fill">
      <ContractHeading
        detail={detail}
        kicker={t('contractDetail.fillKicker', { party })}
        actions={
          <Space wrap>
            <Button
              icon={<ArrowLeftOutlined aria-hidden />}
              onClick={() => navigate(contractDetailsPath(detail.id))}
            >
              {t('contractDetail.backToDetails')}
            </Button>
            <Button
              type="primary"
              loading={write.isPending}
              disabled={held || lock.state === 'taking'}
              onClick={submit}
            >
              {t('contractDetail.submitFill')}
            </Button>
          </Space>
        }
      />
      <LockNotice lock={lock} />
      {held ? null : <DraftLine status={autosave.status} />}
      {checked && problems.length > 0 ? (
        <Alert
          className="contract-detail-alert"
          type="error"
          showIcon
          title={t('contractDetail.fixFields', { count: problems.length })}
          description={problems
            .map((element) => element.title || t(`contractDetail.kind.${element.elName}`))
            .join(', ')}
        />
      ) : null}
      <section className="contract-document" aria-label={t('contractDetail.document')}>
        {held ? (
          <TemplateEditor
            className="contract-document-editor"
            value={initial}
            mode="preview"
            locale={localeOf(i18n)}
            pdf={pdf ?? undefined}
          />
        ) : (
          <TemplateEditor
            className="contract-document-editor"
            value={project}
            onChange={setProject}
            onComplete={send}
            mode="fill"
            party={party}
            locale={localeOf(i18n)}
            pdf={pdf ?? undefined}
          />
        )}
      </section>
      <LeaveFillDialog when={autosave.pending && sent === null} />
    </div>
  );
}

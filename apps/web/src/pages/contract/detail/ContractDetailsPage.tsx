import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { EditorContractDetail } from '../../../api/contractActions';
import { CONTRACT_LIST_PATH } from '../paths';
import { fillingParty, waitingOn } from './contractMoves';
import { ContractDocument } from './ContractDocument';
import { ContractGate } from './ContractGate';
import { ContractMovesBar } from './ContractMovesBar';
import { ContractFacts, ContractHeading, CopyRecipients, PartiesProgress } from './ContractSummary';
import { FillContract } from './FillContract';
import { LockNotice } from './LockNotice';
import { pendingOverlay } from './overlay';
import { SigningApprovalNotice } from '../sign/SigningApproval';
import { ContractEvidenceReports } from '../../evidenceReports/ContractEvidenceReports';
import './contractDetail.css';

/** The contract read-only: its head, parties, copy recipients and document, and the moves. */
function ContractView({
  detail,
  reload,
  fillAsked,
}: {
  detail: EditorContractDetail;
  reload(): Promise<unknown>;
  /** The address asked to fill, and there is nothing to fill now. */
  fillAsked: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const overlay = useMemo(
    () => pendingOverlay(detail.project, detail.participants),
    [detail.project, detail.participants],
  );
  const turn = waitingOn(detail);
  // Another member of the session's party is filling in or signing it now.
  const heldByOther = detail.locks?.find((lock) => !lock.mine);
  return (
    <div className="contract-detail">
      <Button
        type="link"
        className="contract-detail-back"
        icon={<ArrowLeftOutlined aria-hidden />}
        onClick={() => navigate(CONTRACT_LIST_PATH)}
      >
        {t('contractDetail.backToList')}
      </Button>
      <ContractHeading
        detail={detail}
        kicker={t('routes.contractDetails')}
        actions={<ContractMovesBar detail={detail} reload={reload} />}
      />
      {turn ? (
        <Alert
          className="contract-detail-alert"
          type="info"
          showIcon
          title={t('contractDetail.waitingOn', { party: turn.party, name: turn.name })}
        />
      ) : null}
      <SigningApprovalNotice detail={detail} />
      {fillAsked ? (
        <Alert
          className="contract-detail-alert"
          type="info"
          showIcon
          title={t('contractDetail.nothingToFill')}
        />
      ) : null}
      {heldByOther ? (
        <LockNotice
          lock={{ state: 'held', holder: heldByOther.holder, until: heldByOther.until }}
        />
      ) : null}
      {detail.status === 'refused' ? (
        <Alert
          className="contract-detail-alert"
          type="error"
          showIcon
          title={t('contractDetail.refusedBanner')}
          description={detail.participants
            .filter((p) => p.refusedAt)
            .map((p) =>
              t('contractDetail.refusedBy', {
                party: p.party,
                name: p.name,
                reason: p.refusalReason ?? '—',
              }),
            )
            .join('\n')}
        />
      ) : null}
      <ContractFacts detail={detail} />
      <div className="contract-detail-body">
        <ContractDocument project={overlay} pdfLink={detail.pdfLink} />
        <aside className="contract-detail-side">
          <PartiesProgress detail={detail} />
          <CopyRecipients detail={detail} />
          <ContractEvidenceReports detail={detail} />
        </aside>
      </div>
    </div>
  );
}

/**
 * /agency-contract/contractDetails?id=…: a contract's details, or with `&action=fill` its
 * party's fields to fill in (when the session has fields to fill now).
 */
export default function ContractDetailsPage() {
  const [params] = useSearchParams();
  const fill = params.get('action') === 'fill';
  return (
    <ContractGate>
      {(detail, reload) => {
        const party = fill && detail.myActions.includes('fill') ? fillingParty(detail) : null;
        return party ? (
          <FillContract detail={detail} party={party} reload={reload} />
        ) : (
          <ContractView detail={detail} reload={reload} fillAsked={fill} />
        );
      }}
    </ContractGate>
  );
}

import {
  AuditOutlined,
  BellOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileExcelOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  SignatureOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { WITHDRAWAL_REASON_MAX } from '@esign/platform';
import { App, Button, Form, Input, Space, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  contractActionKeys,
  nextUrgeOf,
  removeContract,
  revokeContract,
  urgeContract,
  useContractAction,
  type EditorContractDetail,
} from '../../../api/contractActions';
import { claimFailure } from '../../../api/client';
import { failureMessage } from '../../../api/templateEditor';
import { FormModal } from '../../../forms/FormModal';
import { FormRefusal } from '../../../forms/FormRefusal';
import { refusedField } from '../../../forms/useSubmit';
import { formatTime } from '../../../i18n/dates';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';
import { CONTRACT_LIST_PATH, fillContractPath, signContractPath } from '../paths';
import { canUrgeNow, contractMoves, type ContractMove } from './contractMoves';
import { downloadContract } from './download';
import { attestationPath, contractSignaturePath } from './paths';
import { RefuseDialog } from './RefuseDialog';
import { RescindDialog } from './RescindDialog';
import { submitOnEnter } from './submitOnEnter';

/**
 * The buttons of a contract's details: the session's moves (fill, sign, refuse, urge, withdraw,
 * remove) and what anyone who sees it may do (download, its signatures, its evidence), with the
 * dialogs that ask before a move that cannot be undone.
 */
export function ContractMovesBar({
  detail,
  reload,
}: {
  detail: EditorContractDetail;
  reload(): Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const moves = contractMoves(detail);
  const [dialog, setDialog] = useState<'refuse' | 'withdraw' | 'rescind' | null>(null);
  const [withdrawForm] = Form.useForm<{ reason: string }>();
  const [downloading, setDownloading] = useState(false);
  // When the contract may be urged again (urge answers it), kept in the session's cache so that
  // coming back to the contract still knows.
  const client = useQueryClient();
  const companyId = useSession((state) => state.companyId);
  const nextUrgeKey = [...contractActionKeys.detail(companyId, detail.id), 'next-urge'];
  const [nextUrgeAt, setNextUrgeAt] = useState<string | null>(
    () => client.getQueryData<string>(nextUrgeKey) ?? null,
  );
  const [now, setNow] = useState(() => Date.now());
  const withdraw = useContractAction(revokeContract);
  const remove = useContractAction(removeContract);
  const urge = useContractAction(urgeContract);

  // A refused move's reason, kept beside the moves (or in the withdraw dialog) until the person
  // tries a move again or closes it: an error asks them to act, so it does not pass like a notice.
  const [refused, setRefused] = useState<{
    where: 'bar' | 'withdraw';
    text: string;
    field: string | null;
  } | null>(null);
  const refusalIn = (where: 'bar' | 'withdraw') =>
    refused?.where === where ? { ...refused, dismiss: () => setRefused(null) } : null;

  // Urge comes back by itself once its hour has passed.
  useEffect(() => {
    if (nextUrgeAt === null) return;
    const wait = Date.parse(nextUrgeAt) - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [nextUrgeAt]);

  const fail =
    (where: 'bar' | 'withdraw' = 'bar') =>
    (error: unknown) =>
      setRefused({
        where,
        text: claimFailure(error) ?? failureMessage(error),
        field: refusedField(error),
      });

  const onWithdraw = ({ reason }: { reason?: string }) => {
    setRefused(null);
    withdraw.mutate(
      { id: detail.id, reason: (reason ?? '').trim() },
      {
        onSuccess: () => {
          setDialog(null);
          void message.success(t('contractDetail.withdrawn'));
          void reload();
        },
        onError: fail('withdraw'),
      },
    );
  };

  const onUrge = () => {
    setRefused(null);
    urge.mutate(detail.id, {
      onSuccess: (answer) => {
        client.setQueryData(nextUrgeKey, answer.nextUrgeAt);
        setNextUrgeAt(answer.nextUrgeAt);
        void message.success(
          t('contractDetail.urged', { parties: answer.urged.join(', ') || '—' }),
        );
      },
      onError: (error) => {
        // Urged within the hour (by another member too): the refusal says when it comes back.
        const next = nextUrgeOf(error);
        if (next) {
          client.setQueryData(nextUrgeKey, next);
          setNextUrgeAt(next);
        }
        fail()(error);
      },
    });
  };

  const onRemove = () => {
    setRefused(null);
    modal.confirm({
      title: t('contractDetail.removeTitle'),
      content: t('contractDetail.removeQuestion', { name: detail.name }),
      okText: t('contractDetail.move.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(detail.id).then(
          () => {
            void message.success(t('contractDetail.removed'));
            navigate(CONTRACT_LIST_PATH);
          },
          // The question closes; the refusal stays beside the moves.
          fail(),
        ),
    });
  };

  const onDownload = () => {
    setRefused(null);
    setDownloading(true);
    downloadContract(detail.id)
      .catch(fail())
      .finally(() => setDownloading(false));
  };

  const urgeBlocked = !canUrgeNow(nextUrgeAt, now);
  const button = (move: ContractMove) => {
    switch (move) {
      case 'fill':
        return (
          <Button
            type="primary"
            icon={<EditOutlined aria-hidden />}
            onClick={() => navigate(fillContractPath(detail.id))}
          >
            {t('contractDetail.move.fill')}
          </Button>
        );
      case 'sign':
        return (
          <Button
            type="primary"
            icon={<SignatureOutlined aria-hidden />}
            onClick={() => navigate(signContractPath(detail.id))}
          >
            {t('contractDetail.move.sign')}
          </Button>
        );
      case 'refuse':
        return (
          <Button danger icon={<StopOutlined aria-hidden />} onClick={() => setDialog('refuse')}>
            {t('contractDetail.move.refuse')}
          </Button>
        );
      case 'urge': {
        const urgeButton = (
          <Button
            icon={<BellOutlined aria-hidden />}
            loading={urge.isPending}
            disabled={urgeBlocked}
            onClick={onUrge}
          >
            {t('contractDetail.move.urge')}
          </Button>
        );
        return urgeBlocked && nextUrgeAt ? (
          <Tooltip
            title={t('contractDetail.urgeAgainAt', { time: formatTime(nextUrgeAt, locale) })}
          >
            <span>{urgeButton}</span>
          </Tooltip>
        ) : (
          urgeButton
        );
      }
      case 'withdraw':
        return (
          <Button icon={<RollbackOutlined aria-hidden />} onClick={() => setDialog('withdraw')}>
            {t('contractDetail.move.withdraw')}
          </Button>
        );
      case 'remove':
        return (
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={onRemove}>
            {t('contractDetail.move.remove')}
          </Button>
        );
      case 'rescind':
        // Plain until its dialog, which asks for the code and says what ending the contract means.
        return (
          <Button icon={<FileExcelOutlined aria-hidden />} onClick={() => setDialog('rescind')}>
            {t('contractDetail.move.rescind')}
          </Button>
        );
      case 'download':
        return (
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={downloading}
            onClick={onDownload}
          >
            {t('contractDetail.move.download')}
          </Button>
        );
      case 'signatures':
        return (
          <Button
            icon={<SafetyCertificateOutlined aria-hidden />}
            onClick={() => navigate(contractSignaturePath(detail.id))}
          >
            {t('contractDetail.move.signatures')}
          </Button>
        );
      case 'evidence':
        return (
          <Button
            icon={<AuditOutlined aria-hidden />}
            onClick={() => navigate(attestationPath(detail.id))}
          >
            {t('contractDetail.move.evidence')}
          </Button>
        );
    }
  };

  const signedParties = detail.participants.filter((p) => p.signedAt).length;
  return (
    <>
      <Space wrap>
        {moves.map((move) => (
          <span key={move}>{button(move)}</span>
        ))}
      </Space>
      <div className="contract-detail-move-refusal">
        <FormRefusal refusal={refusalIn('bar')} />
      </div>
      {urgeBlocked && nextUrgeAt ? (
        <p className="contract-muted contract-detail-urge-note" role="status">
          {t('contractDetail.urgeAgainAt', { time: formatTime(nextUrgeAt, locale) })}
        </p>
      ) : null}
      <RescindDialog
        detail={detail}
        open={dialog === 'rescind'}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          void reload();
        }}
      />
      <RefuseDialog
        detail={detail}
        open={dialog === 'refuse'}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          void reload();
        }}
      />
      <FormModal<{ reason: string }>
        open={dialog === 'withdraw'}
        title={t('contractDetail.withdrawTitle')}
        okText={t('contractDetail.move.withdraw')}
        pending={withdraw.isPending}
        refusal={refusalIn('withdraw')}
        form={withdrawForm}
        name="withdraw-contract"
        onFinish={onWithdraw}
        onClose={() => {
          setRefused(null);
          setDialog(null);
        }}
      >
        <p>
          {signedParties > 0
            ? t('contractDetail.withdrawSignedHint', { count: signedParties })
            : t('contractDetail.withdrawHint')}
        </p>
        <Form.Item
          name="reason"
          label={t('contractDetail.withdrawReason')}
          rules={[{ max: WITHDRAWAL_REASON_MAX, message: t('contractDetail.reasonTooLong') }]}
        >
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={WITHDRAWAL_REASON_MAX}
            showCount
            onKeyDown={submitOnEnter(() => withdrawForm.submit())}
          />
        </Form.Item>
      </FormModal>
    </>
  );
}

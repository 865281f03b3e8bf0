import {
  message as platformMessage,
  type BatchSignInfo,
  type ContractListItem,
  type ContractSeal,
  type SignTicket,
} from '@esign/platform';
import { useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Spin } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBatchSign } from '../../../api/batchSign';
import { contractActionQueries } from '../../../api/contractActions';
import { contractKeys } from '../../../api/contracts';
import { failureMessage } from '../../../api/templateEditor';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';
import { ConfirmSigning } from '../sign/ConfirmSigning';
import { SealPicker } from '../sign/SealPicker';
import { useSealImages } from '../sign/useSealImages';
import { batchSealChoices, firstBatchSeal, type BatchSealChoice } from './batchSeals';
import './batchSign.css';

/** The names of the contracts a seal's template refuses, quoted, as a sentence part. */
const namesOf = (refusedBy: BatchSealChoice['refusedBy']) =>
  refusedBy.map((contract) => `“${contract.name}”`).join(', ');

/**
 * The seals each contract of the batch allows (seal/listContractSeal, one call per contract,
 * cached as the signing page caches them), as one map, and whether any is still loading or failed.
 */
function useBatchSeals(companyId: number, contracts: readonly ContractListItem[]) {
  const combine = useCallback(
    (results: UseQueryResult<ContractSeal[]>[]) => ({
      sealsOf: new Map(
        results.flatMap((result, at) =>
          result.data ? [[contracts[at]!.id, result.data] as const] : [],
        ),
      ),
      pending: results.some((result) => result.isPending),
      error: results.find((result) => result.isError)?.error ?? null,
      refetch: () => results.forEach((result) => void result.refetch()),
    }),
    [contracts],
  );
  return useQueries({
    queries: contracts.map((contract) =>
      contractActionQueries.seals(companyId, contract.id, undefined),
    ),
    combine,
  });
}

/**
 * The dialog of "Sign N contracts" (issue 30): the contracts, one seal for all of them (the seals
 * any of them allows, each saying how many would refuse it, and which when chosen), and one
 * confirmation — the signing page's own SMS code or face check, earned for the batch's first
 * contract (@esign/platform batch-sign.ts) — then contract/createBatchSign. The batch is answered
 * at once and signed by a job on the server: `onStarted` takes it to its progress.
 */
export function BatchSignDialog({
  contracts,
  onClose,
  onStarted,
}: {
  /** The contracts to sign, in the order to sign them; the dialog is open while there are any. */
  contracts: readonly ContractListItem[];
  onClose(): void;
  onStarted(batch: BatchSignInfo): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const client = useQueryClient();
  const companyId = useSession((state) => state.companyId);
  const open = contracts.length > 0;
  const seals = useBatchSeals(companyId, contracts);
  const choices = useMemo(
    () => batchSealChoices(contracts, seals.sealsOf),
    [contracts, seals.sealsOf],
  );
  const offered = useMemo(() => choices.map((choice) => choice.seal), [choices]);
  const images = useSealImages(offered);
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = choices.some((choice) => choice.seal.id === picked)
    ? picked
    : firstBatchSeal(choices);
  const refusedBy = choices.find((choice) => choice.seal.id === chosen)?.refusedBy ?? [];
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const close = () => {
    setPicked(null);
    setProblem(null);
    onClose();
  };

  const onSign = (ticketOf: () => Promise<SignTicket>) => {
    if (!chosen) return setProblem(platformMessage('sealRequired', locale));
    setProblem(null);
    setStarting(true);
    ticketOf()
      .then(
        ({ ticket }) =>
          createBatchSign({
            ids: contracts.map((contract) => contract.id),
            sealId: chosen,
            ticket,
          }).then(
            (batch) => {
              void client.invalidateQueries({
                queryKey: contractKeys.all(companyId),
                refetchType: 'none',
              });
              setPicked(null);
              onStarted(batch);
            },
            (error: unknown) => setProblem(failureMessage(error)),
          ),
        // A wrong code or a failed check says why under its own field.
        () => undefined,
      )
      .finally(() => setStarting(false));
  };

  const count = contracts.length;
  return (
    <Modal
      open={open}
      title={t('batchSigning.dialogTitle', { count })}
      footer={null}
      onCancel={close}
      destroyOnHidden
      className="batch-sign-dialog"
      width={600}
    >
      <section className="batch-sign-step" aria-labelledby="batch-sign-contracts">
        <h2 id="batch-sign-contracts" className="batch-sign-step-title">
          {t('batchSigning.contracts')}
        </h2>
        <ol className="batch-sign-contracts">
          {contracts.map((contract) => (
            <li key={contract.id}>
              <span className="batch-sign-contract-name">{contract.name}</span>
              <span className="contract-muted contract-number">{contract.number}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="batch-sign-step" aria-labelledby="batch-sign-seal">
        <h2 id="batch-sign-seal" className="batch-sign-step-title">
          {t('batchSigning.sealStep')}
        </h2>
        {seals.pending ? (
          <Spin>
            <p className="contract-muted batch-sign-waiting">{t('batchSigning.sealsLoading')}</p>
          </Spin>
        ) : seals.error ? (
          <Alert
            type="error"
            showIcon
            title={t('batchSigning.sealsFailed')}
            description={failureMessage(seals.error)}
            action={
              <Button size="small" onClick={seals.refetch}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : choices.length === 0 ? (
          <Empty description={t('batchSigning.noSeal')} />
        ) : (
          <>
            <SealPicker
              seals={offered}
              images={images}
              chosen={chosen}
              onChoose={(id) => {
                setPicked(id);
                setProblem(null);
              }}
              note={(seal) => {
                const refused = choices.find((choice) => choice.seal.id === seal.id)!.refusedBy;
                return refused.length === 0 ? (
                  <span className="batch-sign-seal-ok">{t('batchSigning.sealEverywhere')}</span>
                ) : (
                  <span className="batch-sign-seal-refused">
                    {t('batchSigning.sealRefusedBy', { count: refused.length })}
                  </span>
                );
              }}
            />
            {refusedBy.length > 0 ? (
              <Alert
                className="batch-sign-refused"
                type="warning"
                showIcon
                role="status"
                title={t('batchSigning.chosenRefused', {
                  count: refusedBy.length,
                  names: refusedBy.length === 1 ? refusedBy[0]!.name : namesOf(refusedBy),
                })}
              />
            ) : null}
          </>
        )}
      </section>
      <section className="batch-sign-step" aria-labelledby="batch-sign-confirm">
        <h2 id="batch-sign-confirm" className="batch-sign-step-title">
          {t('batchSigning.confirmStep')}
        </h2>
        <p className="contract-muted">{t('batchSigning.confirmHint')}</p>
        {problem ? (
          <Alert className="batch-sign-problem" type="error" showIcon title={problem} />
        ) : null}
        {open ? (
          <ConfirmSigning
            contractId={contracts[0]!.id}
            pending={starting}
            blocked={!chosen || seals.pending}
            submitLabel={t('batchSigning.signSelected', { count })}
            onSign={onSign}
          />
        ) : null}
      </section>
    </Modal>
  );
}

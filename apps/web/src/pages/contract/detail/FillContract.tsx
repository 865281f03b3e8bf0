import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import type { TemplateParty } from '@esign/platform';
import { TemplateEditor, type TemplateElement, type TemplateProject } from '@esign/template-editor';
import { Alert, App, Button, Space, Tag } from 'antd';
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
import {
  brokenRule,
  fieldsOf,
  fillValues,
  missingRequired,
  type FieldRuleBroken,
} from './contractMoves';
import { ContractHeading } from './ContractSummary';
import { LockNotice } from './LockNotice';
import { pendingOverlay } from './overlay';
import { useContractLock } from './useContractLock';

/** One field of the party and the rules the template gives it. */
function FieldRules({
  element,
  problem,
}: {
  element: TemplateElement;
  problem: FieldRuleBroken | 'required' | null;
}) {
  const { t } = useTranslation();
  const rules: string[] = [];
  if (element.config.isNumber) rules.push(t('contractDetail.rule.number'));
  if (element.previewConfig.limitNum > 0)
    rules.push(t('contractDetail.rule.limit', { count: element.previewConfig.limitNum }));
  if (element.elName === 'date')
    rules.push(t('contractDetail.rule.date', { format: element.config.dateFormat }));
  if (element.elName === 'image') rules.push(t('contractDetail.rule.image'));
  if (element.previewConfig.validator) rules.push(t('contractDetail.rule.pattern'));
  const filled = element.value.trim() !== '';
  return (
    <li className={problem ? 'contract-fill-field contract-fill-field-bad' : 'contract-fill-field'}>
      <div>
        <strong>{element.title || t(`contractDetail.kind.${element.elName}`)}</strong>{' '}
        {element.config.required ? (
          <Tag color="red">{t('contractDetail.rule.required')}</Tag>
        ) : (
          <Tag>{t('contractDetail.rule.optional')}</Tag>
        )}
        {filled ? (
          <Tag color="green" icon={<CheckOutlined aria-hidden />}>
            {t('contractDetail.fieldFilled')}
          </Tag>
        ) : null}
      </div>
      {element.config.tip ? <p className="contract-muted">{element.config.tip}</p> : null}
      {rules.length > 0 ? <p className="contract-muted">{rules.join(' · ')}</p> : null}
      {problem ? (
        <p className="contract-fill-problem" role="alert">
          {t(`contractDetail.problemOf.${problem}`)}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The party's own fields filled in the editor's fill mode over the contract's PDF, with the
 * template's rules beside them, sent with contract/write. The party holds the contract's lock
 * meanwhile; leaving with changes not sent asks first.
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
  const lock = useContractLock(detail.id, party, true);
  // What the PDF already shows (others' values, signed stamps) is not drawn again.
  const [initial] = useState(() => pendingOverlay(detail.project, detail.participants, party));
  const [project, setProject] = useState<TemplateProject>(initial);
  const [pdf] = useState(detail.pdfLink);
  const [checked, setChecked] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const write = useContractAction(writeContract);
  const dirty = project !== initial && sent === null;
  useUnsavedWork(dirty);

  // Once sent, the page moves on with nothing left to ask about.
  useEffect(() => {
    if (sent) navigate(sent, { replace: true });
  }, [sent, navigate]);

  const fields = fieldsOf(project, party);
  const missing = new Set(missingRequired(project, party).map((element) => element.uuid));
  const problemOf = (element: TemplateElement) =>
    missing.has(element.uuid) ? ('required' as const) : brokenRule(element);
  const problems = fields.filter((element) => problemOf(element) !== null);
  const held = lock.state === 'held';

  const submit = () => {
    setChecked(true);
    if (problems.length > 0 || held) return;
    write.mutate(
      { id: detail.id, party, values: fillValues(project, party) },
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
      <div className="contract-detail-body">
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
              mode="fill"
              party={party}
              locale={localeOf(i18n)}
              pdf={pdf ?? undefined}
            />
          )}
        </section>
        <aside
          className="contract-detail-side contract-detail-section"
          aria-labelledby="contract-fill-fields"
        >
          <h2 id="contract-fill-fields" className="section-title">
            {t('contractDetail.yourFields', { party })}
          </h2>
          <p className="contract-muted">{t('contractDetail.fillHint')}</p>
          {fields.length === 0 ? (
            <p>{t('contractDetail.noFields')}</p>
          ) : (
            <ul className="contract-fill-fields">
              {fields.map((element) => (
                <FieldRules
                  key={element.uuid}
                  element={element}
                  problem={checked ? problemOf(element) : null}
                />
              ))}
            </ul>
          )}
        </aside>
      </div>
      <LeaveFillDialog when={dirty} />
    </div>
  );
}

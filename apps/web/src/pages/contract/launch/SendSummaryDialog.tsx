import { SendOutlined } from '@ant-design/icons';
import { Modal, Tag } from 'antd';
import { format } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { zhCN } from 'date-fns/locale/zh-CN';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../i18n/locale';
import type { SendSummary } from './sendSummary';
import './launch.css';

const DEADLINE_STYLE = {
  en: { pattern: 'PPp', locale: enUS },
  zh: { pattern: 'yyyy-MM-dd HH:mm', locale: zhCN },
} as const;

/**
 * The last look before a contract goes out: the parties in the order they sign, what each fills
 * in and signs, the deadline and the copy recipients. Nothing is sent until "Send now".
 */
export function SendSummaryDialog({
  summary,
  sending,
  onCancel,
  onSend,
}: {
  /** Null: the dialog is closed. */
  summary: SendSummary | null;
  sending: boolean;
  onCancel(): void;
  onSend(): void;
}) {
  const { t, i18n } = useTranslation();
  const style = DEADLINE_STYLE[localeOf(i18n)];
  const sequential = summary?.signingOrder === 'sequential';
  const PartyList = sequential ? 'ol' : 'ul';
  return (
    <Modal
      open={summary !== null}
      title={t('contractLaunch.summary.title')}
      okText={t('contractLaunch.summary.send')}
      okButtonProps={{ icon: <SendOutlined aria-hidden />, loading: sending }}
      cancelText={t('contractLaunch.summary.back')}
      cancelButtonProps={{ disabled: sending }}
      onOk={onSend}
      onCancel={sending ? undefined : onCancel}
      mask={{ closable: !sending }}
      closable={!sending}
      destroyOnHidden
      className="launch-send-summary"
    >
      {summary ? (
        <div className="launch-send-summary-body">
          <p>{t('contractLaunch.summary.intro')}</p>
          <h3 id="launch-summary-parties">
            {t(
              sequential
                ? 'contractLaunch.summary.partiesInOrder'
                : 'contractLaunch.summary.parties',
            )}
          </h3>
          <PartyList
            className="launch-send-summary-parties"
            aria-labelledby="launch-summary-parties"
          >
            {summary.parties.map((party) => (
              <li key={party.party} data-party={party.party}>
                <div className="launch-send-summary-who">
                  <strong>{t('contractLaunch.party', { party: party.party })}</strong>{' '}
                  <Tag>
                    {t(
                      party.kind === 'company' ? 'contractLaunch.company' : 'contractLaunch.person',
                    )}
                  </Tag>
                  <span>
                    {party.kind === 'company' && party.companyName ? `${party.companyName} · ` : ''}
                    {party.name} · {party.phone}
                  </span>
                </div>
                {party.turn !== null ? (
                  <div className="launch-send-summary-turn">
                    {t('contractLaunch.summary.turn', {
                      position: party.turn,
                      count: summary.parties.filter((p) => p.turn !== null).length,
                    })}
                  </div>
                ) : null}
                <div className="launch-send-summary-fields">
                  {party.fills.length > 0 ? (
                    <div>
                      {t('contractLaunch.summary.fills', { fields: party.fills.join(', ') })}
                    </div>
                  ) : null}
                  {party.signs.length > 0 ? (
                    <div>
                      {t('contractLaunch.summary.signs', { fields: party.signs.join(', ') })}
                    </div>
                  ) : null}
                  {party.fills.length === 0 && party.signs.length === 0 ? (
                    <div>{t('contractLaunch.summary.nothing')}</div>
                  ) : null}
                </div>
              </li>
            ))}
          </PartyList>
          {sequential ? null : <p>{t('contractLaunch.summary.together')}</p>}
          <dl className="launch-send-summary-terms">
            <dt>{t('contractLaunch.summary.deadline')}</dt>
            <dd>
              {summary.deadline
                ? format(summary.deadline, style.pattern, { locale: style.locale })
                : t('contractLaunch.summary.noDeadline')}
            </dd>
            <dt>{t('contractLaunch.summary.receivers')}</dt>
            <dd>
              {summary.receivers.length > 0 ? (
                <ul>
                  {summary.receivers.map((receiver, index) => (
                    <li key={index}>
                      {[receiver.companyName, receiver.name, receiver.phone]
                        .map((part) => part?.trim())
                        .filter(Boolean)
                        .join(' · ')}
                    </li>
                  ))}
                </ul>
              ) : (
                t('contractLaunch.summary.noReceivers')
              )}
            </dd>
          </dl>
        </div>
      ) : null}
    </Modal>
  );
}

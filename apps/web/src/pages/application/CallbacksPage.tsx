import { ApiOutlined } from '@ant-design/icons';
import {
  ACCESS_SECRET_OVERLAP_HOURS,
  type AccessCallback,
  type AccessCallbackSaved,
  type AccessPartyOption,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Select, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isShownFailure } from '../../api/client';
import {
  integrationQueries,
  rotateCallbackSecret,
  sendTestEvent,
  setCallbackEnabled,
  useIntegrationMutation,
} from '../../api/integrations';
import { formatDateTime } from '../../i18n/dates';
import { localeOf } from '../../i18n/locale';
import { useSession } from '../../session';
import { CallbackForm } from './CallbackForm';
import { DeliveryLog } from './DeliveryLog';
import { SecretDialog, type ShownSecret } from './SecretDialog';
import './application.css';

const ACCESS_PATH = '/enterprise-console/application/access';

/** Whether the callback is on, or why it is off (410 Gone, or a person), with the switch. */
function CallbackState({ callback }: { callback: AccessCallback }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const companyId = useSession((state) => state.companyId);
  const change = useIntegrationMutation(companyId, (on: boolean) =>
    setCallbackEnabled(callback.id, on),
  );
  const toggle = (on: boolean) =>
    change.mutate(on, {
      onSuccess: () =>
        void message.success(
          t(on ? 'integrations.notify.enabledDone' : 'integrations.notify.disabledDone'),
        ),
      onError: (error) => {
        if (!isShownFailure(error)) throw error;
      },
    });
  if (callback.enabled) {
    return (
      <div className="application-state">
        <Tag color="success">{t('integrations.notify.enabled')}</Tag>
        <Button size="small" loading={change.isPending} onClick={() => toggle(false)}>
          {t('integrations.notify.disable')}
        </Button>
      </div>
    );
  }
  const time = formatDateTime(callback.disabledAt ?? '', locale);
  return (
    <Alert
      type={callback.disabledReason === 'gone' ? 'error' : 'warning'}
      showIcon
      className="application-disabled"
      title={
        callback.disabledReason === 'gone'
          ? t('integrations.notify.disabledGone', { time })
          : t('integrations.notify.disabledPerson', { time })
      }
      action={
        <Button size="small" type="primary" loading={change.isPending} onClick={() => toggle(true)}>
          {t('integrations.notify.enable')}
        </Button>
      }
    />
  );
}

/** The signing secret's hint, its rotation (confirmed; the new one shown once) and the test event. */
function CallbackTools({
  callback,
  onSecret,
}: {
  callback: AccessCallback;
  onSecret(saved: AccessCallbackSaved): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message, modal } = App.useApp();
  const companyId = useSession((state) => state.companyId);
  const rotate = useIntegrationMutation(companyId, () => rotateCallbackSecret(callback.id));
  const test = useIntegrationMutation(companyId, () => sendTestEvent(callback.id));

  const confirmRotate = () =>
    void modal.confirm({
      title: t('integrations.notify.rotateSigningTitle'),
      content: t('integrations.notify.rotateSigningBody', { hours: ACCESS_SECRET_OVERLAP_HOURS }),
      okText: t('integrations.access.rotateOk'),
      cancelText: t('common.cancel'),
      onOk: () =>
        rotate.mutateAsync(undefined).then(onSecret, (error: unknown) => {
          if (!isShownFailure(error)) throw error;
        }),
    });

  return (
    <div className="application-tools">
      <h3 className="application-subtitle">{t('integrations.notify.signingSecret')}</h3>
      <p className="application-muted">{t('integrations.notify.signingHint')}</p>
      {callback.previousSecretUntil ? (
        <p className="application-muted">
          {t('integrations.notify.previousUntil', {
            time: formatDateTime(callback.previousSecretUntil, locale),
          })}
        </p>
      ) : null}
      <Space wrap>
        <Button onClick={confirmRotate}>{t('integrations.notify.rotateSigning')}</Button>
        <Button
          type="primary"
          ghost
          disabled={!callback.enabled}
          loading={test.isPending}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: () => void message.success(t('integrations.notify.testSent')),
              onError: (error) => {
                if (!isShownFailure(error)) throw error;
              },
            })
          }
        >
          {t('integrations.notify.test')}
        </Button>
      </Space>
    </div>
  );
}

/** The chosen party's callback: its state, settings, secret tools and delivery log. */
function PartyCallback({
  party,
  onSecret,
}: {
  party: AccessPartyOption;
  onSecret(saved: AccessCallbackSaved): void;
}) {
  const { t } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const callback = useQuery({
    ...integrationQueries.callback(companyId, party.callbackId ?? ''),
    enabled: party.callbackId !== null,
  });
  if (party.callbackId !== null && !callback.data) {
    return callback.isError ? (
      <Empty description={t('integrations.log.loadFailed')}>
        <Button onClick={() => void callback.refetch()}>{t('common.retry')}</Button>
      </Empty>
    ) : (
      <Skeleton active />
    );
  }
  const current = callback.data ?? null;
  return (
    <>
      <section
        className="application-main application-settings"
        aria-labelledby="callback-settings"
      >
        <div className="application-settings-head">
          <h2 id="callback-settings" className="application-section-title">
            {t('integrations.notify.settings')}
          </h2>
          {current ? <CallbackState callback={current} /> : null}
        </div>
        {current ? null : (
          <Alert type="info" showIcon title={t('integrations.notify.notConfigured')} />
        )}
        <div className="application-settings-body">
          <CallbackForm partyId={party.id} callback={current} onSaved={onSecret} />
          {current ? <CallbackTools callback={current} onSecret={onSecret} /> : null}
        </div>
      </section>
      {current ? (
        <div className="application-main">
          <DeliveryLog callbackId={current.id} />
        </div>
      ) : null}
    </>
  );
}

/**
 * /enterprise-console/application/application_notify: choose an access party (kept in the address,
 * `?party=`), then configure its callback — URL, timeouts, maximum retries, notification types —
 * see whether it is on (or why not), rotate its signing secret, send a test event, and follow the
 * deliveries with every attempt.
 */
export default function CallbacksPage() {
  const { t } = useTranslation();
  const companyId = useSession((state) => state.companyId);
  const [search, setSearch] = useSearchParams();
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const options = useQuery(integrationQueries.options(companyId));
  const parties = options.data ?? [];
  // The one the address names, else the first with a callback, else the first.
  const party =
    parties.find((one) => one.id === search.get('party')) ??
    parties.find((one) => one.callbackId !== null) ??
    parties[0] ??
    null;

  const showSecret = (saved: AccessCallbackSaved) => {
    if (saved.signingSecret) {
      setShown({ kind: 'signing', name: saved.partyName, value: saved.signingSecret });
    }
  };

  return (
    <div className="page list-page application-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.applicationNotify')}</h1>
          <p className="page-subtitle">{t('integrations.notify.subtitle')}</p>
        </div>
      </header>
      {options.isPending ? (
        <Skeleton active />
      ) : parties.length === 0 ? (
        <section className="application-main">
          <Empty
            image={<ApiOutlined className="application-empty-icon" aria-hidden />}
            description={
              <>
                <strong className="application-empty-title">
                  {t('integrations.notify.noParties')}
                </strong>
                <span className="application-empty-hint">
                  {t('integrations.notify.noPartiesHint')}
                </span>
              </>
            }
          >
            <Link to={ACCESS_PATH}>{t('integrations.notify.toAccess')}</Link>
          </Empty>
        </section>
      ) : (
        <>
          <div className="application-party-choice">
            <label htmlFor="callback-party">{t('integrations.notify.party')}</label>
            <Select
              id="callback-party"
              className="application-party-select"
              value={party?.id}
              placeholder={t('integrations.notify.choose')}
              onChange={(id: string) => setSearch({ party: id })}
              options={parties.map((one) => ({
                value: one.id,
                label: one.enabled
                  ? one.name
                  : `${one.name} (${t('integrations.notify.partyDisabled')})`,
              }))}
            />
          </div>
          {party ? <PartyCallback key={party.id} party={party} onSecret={showSecret} /> : null}
        </>
      )}
      <SecretDialog shown={shown} onDone={() => setShown(null)} />
    </div>
  );
}

import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A secret shown once: what it is, its value, and the app key it goes with. */
export interface ShownSecret {
  kind: 'api' | 'signing';
  /** Whose secret it is (the business channel). */
  name: string;
  value: string;
  appKey?: string;
}

/** One value with its copy button; without clipboard access the text is selected to copy by hand. */
function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => void message.success(t('integrations.secret.copied')),
      () => {
        input.current?.select();
        void message.info(t('integrations.secret.copyYourself'));
      },
    );
  return (
    <div className="application-secret-field">
      <label htmlFor={id}>{label}</label>
      <Space.Compact block>
        <Input
          id={id}
          ref={(element) => {
            input.current = element?.input ?? null;
          }}
          value={value}
          readOnly
          className="application-secret-value"
          onFocus={(event) => event.target.select()}
        />
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          {t('integrations.secret.copy')}
        </Button>
      </Space.Compact>
    </div>
  );
}

/**
 * A new API or signing secret, shown this once (the server never shows it again): with a copy
 * button, and closed only by saying it was saved.
 */
export function SecretDialog({ shown, onDone }: { shown: ShownSecret | null; onDone(): void }) {
  const { t } = useTranslation();
  const api = shown?.kind === 'api';
  return (
    <Modal
      open={shown !== null}
      title={t(api ? 'integrations.secret.apiTitle' : 'integrations.secret.signingTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onDone}>
          {t('integrations.secret.done')}
        </Button>
      }
    >
      {shown ? (
        <div className="application-secret">
          <Alert type="warning" showIcon title={t('integrations.secret.once')} />
          <p className="application-secret-name">{shown.name}</p>
          {shown.appKey ? (
            <CopyField
              id="shown-app-key"
              label={t('integrations.secret.appKey')}
              value={shown.appKey}
            />
          ) : null}
          <CopyField
            id="shown-secret"
            label={t(api ? 'integrations.secret.apiSecret' : 'integrations.secret.signingSecret')}
            value={shown.value}
          />
        </div>
      ) : null}
    </Modal>
  );
}

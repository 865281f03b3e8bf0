import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TemplateListItem, TemplatePreviewTicket } from '@esign/platform';
import { App, Button, Input, Modal, Space, type InputRef } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../i18n/dates';
import { useTemplateConsole } from './useTemplateConsole';

/** The public preview's full address: the server's path on this site. */
export function previewLink(ticket: TemplatePreviewTicket, origin: string): string {
  return new URL(ticket.previewPath, origin).toString();
}

/**
 * The public link of a template's preview (/ztj/template/Preview?id=<ticket>&templateId=<id>),
 * with a copy button and when it stops working. The ticket opens one preview, so another link can
 * be issued from here.
 */
export function PreviewLinkModal({
  shared,
  onClose,
  onRenew,
  renewing,
}: {
  shared: { template: TemplateListItem; ticket: TemplatePreviewTicket } | null;
  onClose(): void;
  onRenew(template: TemplateListItem): void;
  renewing: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { locale } = useTemplateConsole();
  const input = useRef<InputRef>(null);
  const link = shared ? previewLink(shared.ticket, window.location.origin) : '';

  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => void message.success(t('templateList.linkCopied')),
      () => {
        // Without clipboard access (an insecure page, a refused permission) the user copies.
        input.current?.select();
        void message.info(t('templateList.copyYourself'));
      },
    );

  return (
    <Modal
      open={shared !== null}
      title={t('templateList.shareTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('templateList.done')}
        </Button>
      }
      destroyOnHidden
    >
      {shared ? (
        <>
          <p>{t('templateList.shareIntro', { name: shared.template.name })}</p>
          <Space.Compact block>
            <Input
              ref={input}
              readOnly
              value={link}
              aria-label={t('templateList.linkLabel')}
              onFocus={(event) => event.target.select()}
            />
            <Button type="primary" icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
              {t('templateList.copyLink')}
            </Button>
          </Space.Compact>
          <p className="preview-link-expiry">
            {t('templateList.linkExpiry', { time: formatTime(shared.ticket.expiresAt, locale) })}{' '}
            <Button
              type="link"
              size="small"
              icon={<ReloadOutlined aria-hidden />}
              loading={renewing}
              onClick={() => onRenew(shared.template)}
            >
              {t('templateList.newLink')}
            </Button>
          </p>
        </>
      ) : null}
    </Modal>
  );
}

import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeeConsole } from './useFeeConsole';
import './cost.css';

/** contract/create refused for want of a signing: its text and the console's mall. */
export interface NoSigningsRefusal {
  text: string;
  mall: string;
}

/**
 * Initiating refused because no signing remains (packages/platform fees.ts): the server's message
 * and "Buy signings", which opens the console's mall in a new tab so that the contract prepared
 * here stays to be sent once the package is paid. Offered to whoever may buy (the personal
 * console; a company's `account:buy`) and only where fees exist; others are told whom to ask.
 */
export function NoSigningsDialog({
  refusal,
  onClose,
}: {
  refusal: NoSigningsRefusal | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const fee = useFeeConsole();
  const canBuy = fee.showsFees && fee.holds('account:buy');
  return (
    <Modal
      open={refusal !== null}
      title={t('fees.noSignings.title')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        ...(canBuy && refusal
          ? [
              <Button
                key="buy"
                type="primary"
                icon={<ShoppingCartOutlined aria-hidden />}
                href={refusal.mall}
                target="_blank"
                rel="noopener"
              >
                {t('fees.noSignings.buy')}
              </Button>,
            ]
          : []),
      ]}
    >
      <p>{refusal?.text}</p>
      {fee.showsFees ? (
        <p className="fee-muted">
          {canBuy ? t('fees.noSignings.keep') : t('fees.noSignings.askAdministrator')}
        </p>
      ) : null}
    </Modal>
  );
}

import { WalletOutlined } from '@ant-design/icons';
import type { Permission } from '@esign/platform';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NoPermission } from '../../layout/NoPermission';
import { useFeeConsole, type FeeConsole } from './useFeeConsole';
import './cost.css';

/**
 * A fee screen, shown only where fees exist and to whom may see it: on a platform of system type 1
 * it says there are no fees here and asks the server nothing (the sidebar and the user menu do
 * not offer it; an address typed by hand lands here); without the permission it needs in a
 * company, the app's "No permission for now".
 */
export function FeeScreen({
  needs,
  children,
}: {
  needs: Permission;
  children: (fee: FeeConsole) => ReactNode;
}) {
  const { t } = useTranslation();
  const fee = useFeeConsole();
  if (!fee.showsFees) {
    return (
      <div className="page">
        <Result
          icon={<WalletOutlined aria-hidden />}
          title={<h1 className="result-title">{t('fees.unavailable')}</h1>}
          subTitle={t('fees.unavailableHint')}
        />
      </div>
    );
  }
  if (!fee.holds(needs)) return <NoPermission />;
  return children(fee);
}

import { KeyOutlined, LogoutOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvatarImage } from '../pages/userCenter/useAvatarImage';
import { useSession } from '../session';
import { ChangePasswordModal } from './ChangePasswordModal';
import { useGuardedNavigate } from './useGuardedNavigate';
import { useLogout } from './useLogout';

/** The user's menu: user center, fee center (sysType 0), change password, log out. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { go } = useGuardedNavigate();
  const logout = useLogout();
  const user = useSession((state) => state.userInfo);
  const sysType = useSession((state) => state.sysType);
  const [changingPassword, setChangingPassword] = useState(false);
  const name = user?.name || user?.phone || '';
  // The avatar's link needs the session's headers: fetched, then shown from an object URL.
  const avatar = useAvatarImage(user?.avatar);

  const items: MenuProps['items'] = [
    { key: '/user-center/basic', icon: <UserOutlined />, label: t('layout.userCenter') },
    ...(sysType === 0
      ? [{ key: '/cost-center/wallet', icon: <WalletOutlined />, label: t('layout.feeCenter') }]
      : []),
    { key: 'password', icon: <KeyOutlined />, label: t('layout.changePassword') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') setChangingPassword(true);
    else if (key === 'logout') void logout();
    else go(key);
  };

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }}>
        <Button type="text" className="user-button" aria-label={`${t('layout.userMenu')}: ${name}`}>
          <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} />
          {compact ? null : <span className="user-name">{name}</span>}
        </Button>
      </Dropdown>
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}

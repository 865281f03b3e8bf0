import { Outlet } from 'react-router-dom';
import { AntdProviders } from '../antd';
import { SessionEnded } from '../layout/SessionEnded';

/**
 * The layout of every route built with antd (all but the account pages): antd's context, and the
 * question asked when the session ends over unsaved work.
 */
export default function AntdLayout() {
  return (
    <AntdProviders>
      <SessionEnded />
      <Outlet />
    </AntdProviders>
  );
}

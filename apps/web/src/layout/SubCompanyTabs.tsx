import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { signInToConsole } from '../api/auth';
import { isShownFailure } from '../api/client';
import { subCompanyQueries } from '../api/subCompanies';
import { HOME_PATH } from '../routes/table';
import { session, useSession } from '../session';
import { useGuardedNavigate } from './useGuardedNavigate';
import './subCompanyTabs.css';

/**
 * The top bar's sub-company tab bar (spec 001 §2): when the current company belongs to a group (a
 * main company and its affiliates) of which the user is a member of more than one, a tab per
 * company; choosing one switches the console to it, as the console switcher does. Nothing shows
 * otherwise.
 */
export function SubCompanyTabs() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { whenVerified } = useGuardedNavigate();
  const companyId = useSession((state) => state.companyId);
  const inCompany = companyId !== PERSONAL_CONSOLE_ID;
  const tabs = useQuery({ ...subCompanyQueries.tabs(companyId), enabled: inCompany });
  if (!inCompany || !tabs.data || tabs.data.length < 2) return null;

  const switchTo = async (id: number) => {
    try {
      session.getState().signIn(await signInToConsole(id), Date.now());
      const name = tabs.data.find((tab) => tab.id === id)?.fullName ?? '';
      void message.success(t('layout.switched', { name }));
      navigate(HOME_PATH);
    } catch (error) {
      if (!isShownFailure(error)) throw error;
    }
  };

  return (
    <nav className="sub-company-tabs" aria-label={t('subCompanyPage.tabs')}>
      <Tabs
        size="small"
        activeKey={String(companyId)}
        items={tabs.data.map((tab) => ({
          key: String(tab.id),
          label: tab.main ? `${tab.fullName} · ${t('subCompanyPage.main')}` : tab.fullName,
        }))}
        onChange={(key) => {
          if (Number(key) !== companyId) whenVerified(() => void switchTo(Number(key)));
        }}
      />
    </nav>
  );
}

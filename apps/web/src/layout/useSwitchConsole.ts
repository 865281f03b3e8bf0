import { PERSONAL_CONSOLE_ID } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { signInToConsole } from '../api/auth';
import { isShownFailure } from '../api/client';
import { queries } from '../api/queries';
import { session } from '../session';

/** A console the user may work in: the Personal Console or a verified company of theirs. */
export interface ConsoleEntry {
  id: number;
  name: string;
}

/**
 * The consoles the user may switch to (the Personal Console and the verified companies, authStatus
 * 1) and the switch itself: signing into the console (grant companyUser) and saying so. The switch
 * resolves true once the session is in the console, false when the server refused (its message
 * already shown).
 */
export function useSwitchConsole(): {
  consoles: ConsoleEntry[];
  switchTo(id: number): Promise<boolean>;
} {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const companies = useQuery(queries.companies());
  const consoles = [
    { id: PERSONAL_CONSOLE_ID, name: t('layout.personalConsole') },
    ...(companies.data ?? [])
      .filter((company) => company.authStatus === 1)
      .map((company) => ({ id: company.id, name: company.companyName })),
  ];
  const switchTo = async (id: number) => {
    try {
      session.getState().signIn(await signInToConsole(id), Date.now());
      const name = consoles.find((entry) => entry.id === id)?.name ?? '';
      void message.success(t('layout.switched', { name }));
      return true;
    } catch (error) {
      if (!isShownFailure(error)) throw error;
      return false;
    }
  };
  return { consoles, switchTo };
}

import { queryOptions } from '@tanstack/react-query';
import {
  fetchCompanies,
  fetchContractStatistics,
  fetchMenu,
  fetchSystemInfo,
  fetchUnreadCount,
  fetchUnreadMessages,
} from './shell';

/**
 * The server state the screens read, cached by TanStack Query. Keys carry the console where the
 * answer depends on it, so switching company never shows the previous console's data.
 */
export const queries = {
  systemInfo: (domain: string) =>
    queryOptions({ queryKey: ['system-info', domain], queryFn: () => fetchSystemInfo(domain) }),
  menu: (companyId: number) => queryOptions({ queryKey: ['menu', companyId], queryFn: fetchMenu }),
  companies: () => queryOptions({ queryKey: ['companies'], queryFn: fetchCompanies }),
  unreadMessages: (companyId: number) =>
    queryOptions({ queryKey: ['messages', 'unread', companyId], queryFn: fetchUnreadMessages }),
  unreadCount: (companyId: number) =>
    queryOptions({ queryKey: ['messages', 'unread-count', companyId], queryFn: fetchUnreadCount }),
  contractStatistics: (companyId: number) =>
    queryOptions({
      queryKey: ['contract-statistics', companyId],
      queryFn: fetchContractStatistics,
    }),
};

/** What the app shell reads: the user, the consoles, the menu, messages, system and home data. */
import {
  MESSAGE_PAGE_SIZE,
  PATHS,
  type CompanyListItem,
  type ContractStatistics,
  type MenuData,
  type MessageItem,
  type Page,
  type SystemInfo,
  type UserInfo,
} from '@esign/platform';
import { call } from './client';

export const fetchUserInfo = () => call<UserInfo>({ url: PATHS.userInfo });

export const fetchCompanies = () => call<CompanyListItem[]>({ url: PATHS.companyList });

export const fetchMenu = () => call<MenuData>({ url: PATHS.menu });

/** The top bar's unread list: isRead 0, first page of 10 (spec 001 §7). */
export const fetchUnreadMessages = () =>
  call<Page<MessageItem>>({
    url: PATHS.unreadMessages,
    params: { isRead: 0, current: 1, size: MESSAGE_PAGE_SIZE },
  });

export const fetchUnreadCount = () => call<number>({ url: PATHS.unreadCount });

/** The tenant and system type of the domain the app is served from; quiet, defaults stay. */
export const fetchSystemInfo = (domain: string) =>
  call<SystemInfo>({ url: PATHS.systemInfo, params: { domain }, quiet: true });

/** The home screen's counts; quiet, the screen shows an empty state when they are missing. */
export const fetchContractStatistics = () =>
  call<ContractStatistics>({ url: PATHS.dashboard, quiet: true });

import type { MessageItem } from '@esign/platform';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { markMessages, messageKeys } from '../api/messages';
import { useSession } from '../session';
import { messageTarget } from './messageTarget';
import { useSwitchConsole } from './useSwitchConsole';

/**
 * Opening a message, from the bell or the message centre: it is marked read (a failure to mark it
 * does not keep the user from what it is about), then followed where it leads (`messageTarget`),
 * in the console it was sent to (spec 001 §4: a company message signs into that company first).
 * Resolves false when it leads nowhere in particular, for the caller to show it where it is.
 */
export function useOpenMessage(): (item: MessageItem) => Promise<boolean> {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { switchTo } = useSwitchConsole();
  const companyId = useSession((state) => state.companyId);
  return async (item) => {
    if (!item.isRead) {
      await markMessages({ ids: [item.id] }).catch(() => undefined);
      void client.invalidateQueries({ queryKey: messageKeys.all });
    }
    const target = messageTarget(item);
    if (!target) return false;
    if (target.console !== null && target.console !== companyId) {
      if (!(await switchTo(target.console))) return true;
    }
    navigate(target.path);
    return true;
  };
}

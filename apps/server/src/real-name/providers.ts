import type { AppContext } from '../context';
import { developmentBankCardProvider } from '../providers/bank-card/development';
import type { BankCardProvider } from '../providers/bank-card/provider';
import { developmentIdentityProvider } from '../providers/identity/development';
import type { IdentityProvider } from '../providers/identity/provider';

/** The outside checks real-name verification uses besides `context.face`. */
export interface RealNameProviders {
  identity: IdentityProvider | null;
  bankCard: BankCardProvider | null;
}

const configured = new WeakMap<AppContext, Partial<RealNameProviders>>();

/**
 * Plugs real providers into one app (`buildApp({ identity, bankCard })` calls this before the
 * modules register). Unset ones are the development providers outside production, none in it.
 */
export function configureRealNameProviders(
  context: AppContext,
  providers: { identity?: IdentityProvider | undefined; bankCard?: BankCardProvider | undefined },
): void {
  configured.set(context, {
    ...(providers.identity ? { identity: providers.identity } : {}),
    ...(providers.bankCard ? { bankCard: providers.bankCard } : {}),
  });
}

export function realNameProviders(context: AppContext): RealNameProviders {
  const given = configured.get(context) ?? {};
  return {
    identity: given.identity ?? (context.development ? developmentIdentityProvider : null),
    bankCard: given.bankCard ?? (context.development ? developmentBankCardProvider : null),
  };
}

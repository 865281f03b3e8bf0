import type { AppContext } from '../../context';
import { developmentPaymentProvider } from './development';
import type { PaymentProvider } from './provider';

const configured = new WeakMap<AppContext, PaymentProvider>();
const developmentOnes = new WeakMap<AppContext, PaymentProvider>();

/** Plugs a real payment provider into one app (`buildApp({ payment })` calls this). */
export function configurePaymentProvider(
  context: AppContext,
  payment: PaymentProvider | undefined,
): void {
  if (payment) configured.set(context, payment);
}

/** The app's payment provider: the one given, else the development one outside production, else none. */
export function paymentProvider(
  context: AppContext,
  log: Parameters<typeof developmentPaymentProvider>[1],
): PaymentProvider | null {
  const given = configured.get(context);
  if (given) return given;
  if (!context.development) return null;
  let development = developmentOnes.get(context);
  if (!development) {
    development = developmentPaymentProvider(context.database, log);
    developmentOnes.set(context, development);
  }
  return development;
}

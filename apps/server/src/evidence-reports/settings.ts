/**
 * How one app issues evidence reports: whether at once (EVIDENCE_REPORTS_IMMEDIATE=1, for
 * development and the tests) or 1–2 working days after the application (the default, spec 000
 * §9), and the ledger the blockchain kind anchors in (the development ledger outside production
 * unless one is given; none in production until one is given).
 */
import type { AppContext } from '../context';
import { developmentLedger } from '../providers/ledger/development';
import type { LedgerProvider } from '../providers/ledger/provider';

export interface EvidenceReportSettings {
  /** Issue as soon as applied for, instead of 1–2 working days later. */
  immediate: boolean;
  /** The ledger of the blockchain kind (`buildApp({ ledger })`). */
  ledger?: LedgerProvider | undefined;
}

const configured = new WeakMap<AppContext, EvidenceReportSettings>();
const ledgers = new WeakMap<AppContext, LedgerProvider>();

/** Sets one app's evidence report settings (`buildApp`). */
export function configureEvidenceReports(
  context: AppContext,
  settings: EvidenceReportSettings,
): void {
  configured.set(context, settings);
}

/** The app's settings: 1–2 working days and the default ledger unless configured. */
export function evidenceReportSettings(context: AppContext): EvidenceReportSettings {
  return configured.get(context) ?? { immediate: false };
}

/** The app's ledger: the one given, else the development ledger outside production, else none. */
export function ledgerOf(context: AppContext): LedgerProvider | null {
  const given = evidenceReportSettings(context).ledger ?? ledgers.get(context);
  if (given) return given;
  if (!context.development) return null;
  const development = developmentLedger(context.database);
  ledgers.set(context, development);
  return development;
}

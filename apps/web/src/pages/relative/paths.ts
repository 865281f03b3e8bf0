import type { CounterpartKind } from '@esign/platform';

/** The counterpart book's screens (spec 000 §2 /relative). */
export const COUNTERPART_LIST_PATHS: Record<CounterpartKind, string> = {
  person: '/relative/personal',
  company: '/relative/company',
};

export const COUNTERPART_VIEW_PATHS: Record<CounterpartKind, string> = {
  person: '/relative/view',
  company: '/relative/company-view',
};

/** One counterpart's details. */
export const counterpartViewPath = (kind: CounterpartKind, id: string) =>
  `${COUNTERPART_VIEW_PATHS[kind]}?${new URLSearchParams({ id }).toString()}`;

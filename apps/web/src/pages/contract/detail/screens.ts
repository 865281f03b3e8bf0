/**
 * The screens of a sent contract, each downloaded when first shown (the document brings the
 * editor's Konva and pdf.js, which the rest of the app never needs).
 */
import type { ComponentType } from 'react';
import { lazyScreen } from '../../../routes/lazyScreen';

/** By full path, for routes/screens.tsx. */
export const CONTRACT_DETAIL_SCREENS: Readonly<Record<string, ComponentType>> = {
  '/agency-contract/contractDetails': lazyScreen(() => import('./ContractDetailsPage')),
  '/agency-contract/contractedit': lazyScreen(() => import('../sign/ContractSignPage')),
  '/agency-contract/contractSignature': lazyScreen(
    () => import('../evidence/ContractSignaturesPage'),
  ),
  '/agency-contract/online-attestation': lazyScreen(() => import('../evidence/AttestationPage')),
};

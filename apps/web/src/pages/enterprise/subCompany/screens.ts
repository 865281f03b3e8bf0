import type { ComponentType } from 'react';

/** The enterprise console's subCompany screens by full path, each downloaded when first shown. */
export const SUB_COMPANY_SCREENS: Readonly<Record<string, ComponentType>> = {};

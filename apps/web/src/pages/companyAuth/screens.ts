import type { ComponentType } from 'react';

/** The company real-name verification and custom-made authentication screens by full path, each downloaded when first shown. */
export const COMPANY_AUTH_SCREENS: Readonly<Record<string, ComponentType>> = {};

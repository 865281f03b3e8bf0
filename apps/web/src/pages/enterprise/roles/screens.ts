import type { ComponentType } from 'react';

/** The enterprise console's roles screens by full path, each downloaded when first shown. */
export const ROLES_SCREENS: Readonly<Record<string, ComponentType>> = {};

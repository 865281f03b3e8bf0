import type { ComponentType } from 'react';
import DashboardPage from '../pages/dashboard/DashboardPage';
import { TEMPLATE_EDITOR_SCREENS } from '../pages/template/screens';
import TemplateListPage from '../pages/template/TemplateListPage';

/**
 * The screens built so far, by full path. Every other route of the table shows a titled
 * "comes later" page until its issue fills it.
 */
export const SCREENS: Readonly<Record<string, ComponentType>> = {
  '/dashboard': DashboardPage,
  ...TEMPLATE_EDITOR_SCREENS,
  '/template/index': TemplateListPage,
};

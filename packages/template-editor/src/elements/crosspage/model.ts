import { DEFAULT_SEAL_SIZE } from '../../core/constants';
import type { ElementKindModel } from '../types';

/**
 * The cross-page seal (骑缝章): one element, stored on one page, whose seal is cut into one
 * vertical slice per page of its range and shown at the chosen edge of each (see
 * core/crossPage.ts). Its width and height are the whole seal's; it never turns.
 */
export const crossPageModel: ElementKindModel = {
  kind: 'crosspage',
  label: { en: 'Cross-page seal', zh: '骑缝章' },
  role: 'sign',
  defaults: () => ({
    valueType: 'seal',
    config: { required: true, crossPageEdge: 'right', crossPageFrom: 1, crossPageTo: 0 },
    commonStyle: { width: DEFAULT_SEAL_SIZE, height: DEFAULT_SEAL_SIZE, rotate: 0 },
  }),
  normalise(element) {
    element.commonStyle.rotate = 0;
  },
};

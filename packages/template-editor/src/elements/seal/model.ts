import { DEFAULT_SEAL_SIZE } from '../../core/constants';
import type { ElementKindModel } from '../types';

/** A company seal: placed on every page, linked as one group (see core/seals.ts). */
export const sealModel: ElementKindModel = {
  kind: 'seal',
  label: { en: 'Seal', zh: '印章' },
  role: 'sign',
  defaults: () => ({
    valueType: 'seal',
    config: { required: true },
    commonStyle: { width: DEFAULT_SEAL_SIZE, height: DEFAULT_SEAL_SIZE },
  }),
};

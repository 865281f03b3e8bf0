import type { ElementKindModel } from '../types';

export const dateModel: ElementKindModel = {
  kind: 'date',
  label: { en: 'Date', zh: '日期' },
  role: 'fill',
  defaults: () => ({ valueType: 'date', config: { required: true, dateFormat: 'yyyy-MM-dd' } }),
};

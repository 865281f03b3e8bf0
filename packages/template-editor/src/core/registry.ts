import { crossPageModel } from '../elements/crosspage/model';
import { dateModel } from '../elements/date/model';
import { imageModel } from '../elements/image/model';
import { sealModel } from '../elements/seal/model';
import { signatureModel } from '../elements/signature/model';
import { textModel } from '../elements/text/model';
import type { ElementKindModel } from '../elements/types';
import type { ElementKind } from './constants';

/** Every element kind's headless model, by `elName`. */
export const ELEMENT_MODELS: Readonly<Record<ElementKind, ElementKindModel>> = {
  text: textModel,
  date: dateModel,
  image: imageModel,
  seal: sealModel,
  signature: signatureModel,
  crosspage: crossPageModel,
};

export type { ElementKindModel, FieldRole } from '../elements/types';

import { Text } from 'react-konva';
import { IMAGE_TYPES } from '../../core';
import { PictureView } from '../common-view';
import type { ElementViewProps } from '../view-types';

/** An image field: the picture once given, else a placeholder naming its type (ID card, …). */
export function ImageView(props: ElementViewProps) {
  const { element, locale } = props;
  const { width, height } = element.commonStyle;
  const type = IMAGE_TYPES.find((candidate) => candidate.key === element.config.imageType);
  return (
    <PictureView
      {...props}
      url={element.value || undefined}
      placeholder={
        <Text
          text={`${element.title}\n${type ? type.label[locale] : props.t('field.imagePlaceholder')}`}
          width={width}
          height={height}
          align="center"
          verticalAlign="middle"
          fontSize={Math.max(8, Math.min(14, height / 5))}
          fill="#595959"
          listening={false}
        />
      }
    />
  );
}

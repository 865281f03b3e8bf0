import { Circle, Group, Text } from 'react-konva';
import { PictureView } from '../common-view';
import type { ElementViewProps } from '../view-types';

/** A seal field: the chosen seal's image, else a round stamp placeholder in the party's colour. */
export function SealView(props: ElementViewProps) {
  const { element, sealImageUrl, color, t } = props;
  const { width, height } = element.commonStyle;
  const radius = Math.min(width, height) / 2 - 2;
  return (
    <PictureView
      {...props}
      url={sealImageUrl}
      placeholder={
        <Group listening={false}>
          <Circle
            x={width / 2}
            y={height / 2}
            radius={Math.max(radius, 4)}
            stroke={color}
            strokeWidth={2}
            dash={[6, 4]}
          />
          <Text
            text={`${t('field.sealPlaceholder')}\n${element.config.party}`}
            width={width}
            height={height}
            align="center"
            verticalAlign="middle"
            fontSize={Math.max(8, Math.min(18, radius / 3))}
            fontStyle="bold"
            fill={color}
          />
        </Group>
      }
    />
  );
}

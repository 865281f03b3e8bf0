import { Group, Image as KonvaImage } from 'react-konva';
import type { CrossPageSlice } from '../../core';
import { useImage } from '../../react/canvas/useImage';
import { FieldFrame } from '../common-view';
import { SealPlaceholder, SealView } from '../seal/view';
import type { ElementViewProps } from '../view-types';

/**
 * A cross-page seal drawn whole in its stored box. The canvas draws one slice per page instead
 * ({@link CrossPageSliceView}); the whole seal is shown only where it has no slices to show (a
 * range of fewer than two pages, which the template checks report).
 */
export function CrossPageView(props: ElementViewProps) {
  return <SealView {...props} />;
}

export interface CrossPageSliceViewProps extends ElementViewProps {
  /** The slice this page shows (`crossPageSlicesOf`): its box on the page and its image columns. */
  slice: CrossPageSlice;
}

/**
 * One page's slice of a cross-page seal, drawn inside the slice's own box at (0, 0): the chosen
 * seal image's columns of this slice (a cropped Konva image), else the seal's dashed placeholder
 * circle in the party's colour, drawn whole and clipped to the slice, so that the page edge cuts
 * it as it cuts the stamped seal.
 */
export function CrossPageSliceView(props: CrossPageSliceViewProps) {
  const { element, slice, sealImageUrl, color, t } = props;
  const { width: sealWidth, height: sealHeight } = element.commonStyle;
  const { width, height } = slice.box;
  const { image } = useImage(sealImageUrl);
  // Where the whole seal's left edge lies in this slice's box.
  const shift = -slice.image.offset * sealWidth;
  const frame = {
    ...props,
    element: { ...element, commonStyle: { ...element.commonStyle, width, height } },
  };
  const imageWidth = image ? image.naturalWidth || image.width : 0;
  const imageHeight = image ? image.naturalHeight || image.height : 0;
  return (
    <Group listening={false}>
      <FieldFrame {...frame} />
      {image && imageWidth > 0 && imageHeight > 0 ? (
        <KonvaImage
          name="cross-page-image"
          image={image}
          width={width}
          height={height}
          crop={{
            x: slice.image.offset * imageWidth,
            y: 0,
            width: slice.image.width * imageWidth,
            height: imageHeight,
          }}
        />
      ) : (
        <Group
          name="cross-page-placeholder"
          clipX={0}
          clipY={0}
          clipWidth={width}
          clipHeight={height}
        >
          <SealPlaceholder
            x={shift}
            width={sealWidth}
            height={sealHeight}
            color={color}
            text={`${t('field.sealPlaceholder')}\n${element.config.party}`}
          />
        </Group>
      )}
    </Group>
  );
}

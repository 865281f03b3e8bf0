import { useMemo } from 'react';
import { Group, Image as KonvaImage, Line, Text } from 'react-konva';
import { fitStampToImage } from '../../core';
import { useImage } from '../../react/canvas/useImage';
import { FieldFrame, PictureView } from '../common-view';
import type { ElementViewProps } from '../view-types';

/**
 * A signature field: the signature image once signed; before that, the mark the signer chose
 * (`sealImageUrl`, named by the field's `previewConfig.sealId` as a seal field's is) where the
 * host shows one; else "Sign here" over a line.
 */
export function SignatureView(props: ElementViewProps) {
  const { element, sealImageUrl } = props;
  if (!element.value && sealImageUrl) return <ChosenMarkView {...props} url={sealImageUrl} />;
  return (
    <PictureView
      {...props}
      url={element.value || undefined}
      placeholder={<SignHere {...props} />}
    />
  );
}

/** "Sign here" over a line, in the party's colour. */
function SignHere({ element, color, t }: ElementViewProps) {
  const { width, height } = element.commonStyle;
  // The same array while the size stays, so that a field that only moved sets nothing else.
  const line = useMemo(() => [6, height - 8, width - 6, height - 8], [width, height]);
  return (
    <>
      <Line points={line} stroke={color} strokeWidth={1} listening={false} />
      <Text
        text={t('field.signaturePlaceholder')}
        width={width}
        height={height - 8}
        align="center"
        verticalAlign="middle"
        fontSize={Math.max(8, Math.min(16, height / 3))}
        fill={color}
        listening={false}
      />
    </>
  );
}

/**
 * The chosen mark at the size signing will stamp it: as large as fits in the box with its own
 * proportions, centred (`fitStampToImage`, as the signing service sizes it), so that a wide
 * handwritten signature is not stretched to the box nor a round seal squeezed.
 */
function ChosenMarkView(props: ElementViewProps & { url: string }) {
  const { width, height } = props.element.commonStyle;
  const { image } = useImage(props.url);
  const fitted = image
    ? fitStampToImage(
        { x: width / 2, y: height / 2, width, height, rotate: 0 },
        { width: image.naturalWidth, height: image.naturalHeight },
      )
    : null;
  return (
    <Group>
      <FieldFrame {...props} />
      {image && fitted ? (
        <KonvaImage
          name="signature-mark"
          image={image}
          x={fitted.x - fitted.width / 2}
          y={fitted.y - fitted.height / 2}
          width={fitted.width}
          height={fitted.height}
          listening={false}
        />
      ) : (
        <SignHere {...props} />
      )}
    </Group>
  );
}

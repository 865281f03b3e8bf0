import { useMemo } from 'react';
import { Line, Text } from 'react-konva';
import { PictureView } from '../common-view';
import type { ElementViewProps } from '../view-types';

/** A signature field: the signature image once signed, else "Sign here" over a line. */
export function SignatureView(props: ElementViewProps) {
  const { element, color, t } = props;
  const { width, height } = element.commonStyle;
  // The same array while the size stays, so that a field that only moved sets nothing else.
  const line = useMemo(() => [6, height - 8, width - 6, height - 8], [width, height]);
  return (
    <PictureView
      {...props}
      url={element.value || undefined}
      placeholder={
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
      }
    />
  );
}

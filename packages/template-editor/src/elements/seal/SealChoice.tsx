import { useEditor } from '../../react/context';
import { SelectField } from '../../react/panels/controls';
import type { ElementPanelProps } from '../panel-types';

/**
 * The seal a seal field previews, for the seal and the cross-page seal panels: one of the host's
 * seals (an id the host no longer lists stays a choice, shown as unknown) and that seal's picture.
 */
export function SealChoice({ element, id, update }: ElementPanelProps) {
  const { t, seals } = useEditor();
  const preview = element.previewConfig;
  const chosenSeal = seals.find((seal) => seal.id === preview.sealId);
  return (
    <>
      <SelectField
        id={`${id}-seal`}
        label={t('properties.seal')}
        value={preview.sealId}
        options={[
          { value: '', label: t('properties.noSeal') },
          ...seals.map((seal) => ({ value: seal.id, label: seal.name })),
          ...(preview.sealId && !chosenSeal
            ? [
                {
                  value: preview.sealId,
                  label: t('properties.unknownSeal', { id: preview.sealId }),
                },
              ]
            : []),
        ]}
        apply={(sealId) => update({ previewConfig: { sealId } })}
      />
      {chosenSeal?.imageUrl ? (
        <img className="esign-te__seal-preview" src={chosenSeal.imageUrl} alt={chosenSeal.name} />
      ) : null}
    </>
  );
}

import { useEditor } from '../../react/context';
import { CheckField, NumberField, TypographyGroup } from '../../react/panels/controls';
import type { ElementPanelProps } from '../panel-types';

/** A text field's own properties: its type style, then its length, lines and input rules. */
export function TextPanel({ element, id, update }: ElementPanelProps) {
  const { t } = useEditor();
  const { config, previewConfig: preview } = element;
  return (
    <>
      <TypographyGroup id={id} styles={[element.commonStyle]} update={update} />
      <fieldset className="esign-te__group">
        <legend>{t('properties.input')}</legend>
        <div className="esign-te__row">
          <NumberField
            id={`${id}-limit`}
            label={t('properties.limitNum')}
            value={preview.limitNum}
            integer
            apply={(limitNum) => update({ previewConfig: { limitNum } })}
          />
          <NumberField
            id={`${id}-lines`}
            label={t('properties.linesNum')}
            value={preview.linesNum}
            integer
            apply={(linesNum) => update({ previewConfig: { linesNum } })}
          />
        </div>
        <div className="esign-te__row">
          <CheckField
            id={`${id}-digits`}
            label={t('properties.isNumber')}
            checked={config.isNumber}
            apply={(isNumber) => update({ config: { isNumber } })}
          />
          <CheckField
            id={`${id}-count`}
            label={t('properties.showFontNum')}
            checked={config.showFontNum}
            apply={(showFontNum) => update({ config: { showFontNum } })}
          />
        </div>
      </fieldset>
    </>
  );
}

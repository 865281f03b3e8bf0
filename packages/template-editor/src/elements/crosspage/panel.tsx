import { CROSS_PAGE_EDGES, crossPageRange, type CrossPageEdgeSetting } from '../../core';
import { useEditor, useProjectState } from '../../react/context';
import { CheckField, NumberField, SelectField } from '../../react/panels/controls';
import type { ElementPanel, ElementPanelProps } from '../panel-types';
import { SealChoice } from '../seal/SealChoice';

const EDGE_LABELS: Record<CrossPageEdgeSetting, string> = {
  right: 'properties.edgeRight',
  left: 'properties.edgeLeft',
  both: 'properties.edgeBoth',
};

/**
 * A cross-page seal's own properties: the seal it previews, the edge, the seal's vertical position
 * (its centre from the page top) and size, and the page range. The store pins the rest (flush with
 * the edge, unturned, on the range's shortest page), so the shared geometry is not shown
 * (`fixedGeometry`).
 */
export const CrossPagePanel: ElementPanel = function CrossPagePanel({
  element,
  id,
  update,
}: ElementPanelProps) {
  const { t } = useEditor();
  const pageCount = useProjectState((s) => s.project.pages.length);
  const { config, commonStyle: style } = element;
  const centre = style.top + style.height / 2;
  const throughLast = config.crossPageTo === 0;
  const { first, last } = crossPageRange(element, pageCount);
  return (
    <>
      <SealChoice element={element} id={id} update={update} />
      <p className="esign-te__note">{t('properties.crossPageNote')}</p>
      {pageCount < 2 ? (
        <p className="esign-te__error" role="status">
          {t('properties.crossPageOnePage')}
        </p>
      ) : last - first + 1 < 2 ? (
        <p className="esign-te__error" role="status">
          {t('properties.crossPageShortRange')}
        </p>
      ) : null}

      <SelectField
        id={`${id}-edge`}
        label={t('properties.crossPageEdge')}
        value={config.crossPageEdge}
        options={CROSS_PAGE_EDGES.map((edge) => ({ value: edge, label: t(EDGE_LABELS[edge]) }))}
        apply={(edge) => update({ config: { crossPageEdge: edge as CrossPageEdgeSetting } })}
      />
      <NumberField
        id={`${id}-centre`}
        label={t('properties.crossPageCentre')}
        value={centre}
        apply={(value) => update({ commonStyle: { top: round(value - style.height / 2) } })}
      />
      <div className="esign-te__row">
        <NumberField
          id={`${id}-w`}
          label={t('properties.width')}
          value={style.width}
          apply={(width) => update({ commonStyle: { width } })}
        />
        <NumberField
          id={`${id}-h`}
          label={t('properties.height')}
          value={style.height}
          // The seal keeps its centre when it grows or shrinks.
          apply={(height) => update({ commonStyle: { height, top: round(centre - height / 2) } })}
        />
      </div>
      <div className="esign-te__row">
        <NumberField
          id={`${id}-from`}
          label={t('properties.crossPageFrom')}
          value={config.crossPageFrom}
          integer
          apply={(crossPageFrom) => update({ config: { crossPageFrom } })}
        />
        {throughLast ? null : (
          <NumberField
            id={`${id}-to`}
            label={t('properties.crossPageTo')}
            value={config.crossPageTo}
            integer
            apply={(crossPageTo) => update({ config: { crossPageTo } })}
          />
        )}
      </div>
      <CheckField
        id={`${id}-to-last`}
        label={t('properties.crossPageToLast')}
        checked={throughLast}
        apply={(checked) =>
          update({ config: { crossPageTo: checked ? 0 : Math.max(pageCount, 1) } })
        }
      />
    </>
  );
};
CrossPagePanel.fixedGeometry = true;

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

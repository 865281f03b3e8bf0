import type { ContractSeal } from '@esign/platform';
import { Radio } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../detail/contractDetail.css';

/**
 * The seals the signer may use, one to pick, each with its image: the signing page's, and the
 * batch signing dialog's (whose `note` says, under a seal, which contracts' templates refuse it).
 */
export function SealPicker({
  seals,
  images,
  chosen,
  onChoose,
  note,
}: {
  seals: readonly ContractSeal[];
  images: readonly { id: string; imageUrl: string }[];
  chosen: string | null;
  onChoose(id: string): void;
  /** A line under a seal's kind, or nothing. */
  note?(seal: ContractSeal): ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      className="contract-seal-picker"
      value={chosen}
      onChange={(event) => onChoose(String(event.target.value))}
      aria-label={t('contractSign.pickSeal')}
    >
      {seals.map((seal) => {
        const image = images.find((one) => one.id === seal.id)?.imageUrl;
        const noted = note?.(seal);
        return (
          <Radio key={seal.id} value={seal.id} className="contract-seal-option">
            <span className="contract-seal-card">
              {image ? (
                <img src={image} alt="" className="contract-seal-image" />
              ) : (
                <span className="contract-seal-image contract-seal-image-empty" />
              )}
              <span>
                <strong>{seal.name}</strong>
                <br />
                <span className="contract-muted">{t(`contractSign.sealKind.${seal.kind}`)}</span>
                {noted ? (
                  <>
                    <br />
                    {noted}
                  </>
                ) : null}
              </span>
            </span>
          </Radio>
        );
      })}
    </Radio.Group>
  );
}

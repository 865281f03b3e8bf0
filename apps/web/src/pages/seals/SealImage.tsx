import { PictureOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchSessionImage } from '../../api/client';
import { useBlobUrl } from '../../api/useBlobUrl';

/**
 * A seal's picture from its link under /api, fetched with the session's headers (an image element
 * alone would be refused): a spinner while it comes, a placeholder when it cannot.
 */
export function SealImage({ link, alt }: { link: string; alt: string }) {
  const { t } = useTranslation();
  const { url, failed } = useBlobUrl(link, (signal) => fetchSessionImage(link, signal));
  if (failed) {
    return (
      <span className="seal-image-missing" role="img" aria-label={t('sealsPage.imageFailed')}>
        <PictureOutlined aria-hidden />
      </span>
    );
  }
  if (!url) return <Spin size="small" />;
  return <img className="seal-image" src={url} alt={alt} />;
}

import { useTranslation } from 'react-i18next';

/** The product's mark and name. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <span className="brand">
      <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M8 21c3-1 4.5-9 7.5-9 2.5 0 .5 7 3 7 1.6 0 2.4-2.4 4-2.4M8 24.5h16"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand-name">{t('app.title')}</span>
    </span>
  );
}

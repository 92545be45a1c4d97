import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<Page> · Rounds" in the tab, in the current language; screen readers announce it on navigation. */
export function usePageTitle(page: string | undefined): void {
  const { t } = useTranslation();
  const product = t('app.name');
  useEffect(() => {
    document.title = page ? `${page} · ${product}` : product;
  }, [page, product]);
}

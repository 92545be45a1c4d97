import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { titleWithAlert, useTitleAlert } from './title-alert';

/**
 * "<Page> · Rounds" in the tab, in the current language; screen readers announce it on navigation. URGENT
 * messages waiting for acknowledgement come first ("(1) URGENT · …"), on every page.
 */
export function usePageTitle(page: string | undefined): void {
  const { t } = useTranslation();
  const product = t('app.name');
  const urgent = useTitleAlert((s) => s.urgent);
  const label = t('app.urgentTitle', { count: urgent });
  useEffect(() => {
    document.title = titleWithAlert(page ? `${page} · ${product}` : product, urgent, label);
  }, [page, product, urgent, label]);
}

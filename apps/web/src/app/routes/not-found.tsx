import { useTranslation } from 'react-i18next';
import { NotFoundView } from '../../components/not-found-view';
import { usePageTitle } from '../../lib/use-page-title';

/** /404 and every unknown path (spec doc 1 section 2). */
export function NotFoundRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.notFound'));
  return <NotFoundView />;
}

import { ADMIN_SECTIONS, canAccess, ROUTES } from '@rounds/contracts/routes';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useLogo } from '../../features/settings/hooks/use-logo';
import { useSession } from '../../lib/session-store';
import { useSignedInFrameRender } from '../../lib/signed-in-frame';
import { NavItems, PendingMore } from './nav-items';

// Avatar, tooltips and the More popover (floating-ui) are only for signed-in users: they load with the
// first signed-in page instead of weighing on the login page.
const SignedInNav = lazy(() => import('./signed-in-nav').then((module) => ({ default: module.SignedInNav })));

/** Side navigation (spec doc 1 section 2): signed out, only the logo, linking to login. */
export function SideNav({ onOpenGroup }: { onOpenGroup: () => void }) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => Boolean(s.token && s.user));
  const role = useSession((s) => s.user?.role);
  const frame = useSignedInFrameRender();
  const logo = useLogo('square');

  // The navigation's entries while the rest of it (avatar, tooltips, More's panel) loads, and in the build's
  // drawing of the signed-in home page (prerender.tsx), which has no one to show the avatar or Admin for: a
  // phone's bottom bar is never blank (issue 28).
  const rail = (
    <nav className="side-nav" aria-label={t('nav.label')}>
      <Link to={ROUTES.recent} className="side-nav__logo" aria-label={t('nav.home')}>
        <BrandLogo src={logo} height={44} />
      </Link>
      <span className="side-nav__avatar side-nav__avatar--pending" aria-hidden="true" />
      <NavItems
        onOpenGroup={onOpenGroup}
        isAdmin={role !== undefined && canAccess(ADMIN_SECTIONS.users, role)}
        more={<PendingMore />}
      />
    </nav>
  );
  if (frame) return rail;
  if (signedIn) {
    return (
      <Suspense fallback={rail}>
        <SignedInNav onOpenGroup={onOpenGroup} />
      </Suspense>
    );
  }
  return (
    <nav className="side-nav side-nav--guest" aria-label={t('nav.label')}>
      <Link to={ROUTES.login} className="side-nav__logo" aria-label={t('nav.login')}>
        <BrandLogo src={logo} height={44} />
      </Link>
    </nav>
  );
}

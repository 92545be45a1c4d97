import { ROUTES } from '@rounds/contracts/routes';
import { type Icon, IconAddressBook, IconDots, IconMessages, IconShieldCog, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useMatch } from 'react-router';

export function ItemContent({ icon: ItemIcon, label, badge }: { icon: Icon; label: string; badge?: ReactNode }) {
  return (
    <>
      <span className="nav-item__icon">
        <ItemIcon size={22} stroke={1.7} />
        {badge}
      </span>
      <span className="nav-item__label">{label}</span>
    </>
  );
}

/** Where More's panel has not loaded yet: the same button, which opens nothing until it has. */
export function PendingMore() {
  const { t } = useTranslation();
  return (
    <button type="button" className="nav-item" aria-haspopup="dialog" aria-expanded={false}>
      <ItemContent icon={IconDots} label={t('nav.more')} />
    </button>
  );
}

/**
 * The navigation's entries: Recent (with its unread badge), Contacts, Group (modal), Admin for the two admin
 * kinds, and More. In the first download (no tooltips, no popover), so the rail and the phone's bottom bar show
 * them from the first frame, before the rest of the signed-in navigation has loaded (issue 28).
 */
export function NavItems({
  onOpenGroup,
  isAdmin,
  badge,
  more,
}: {
  onOpenGroup: () => void;
  isAdmin: boolean;
  badge?: ReactNode;
  more: ReactNode;
}) {
  const { t } = useTranslation();
  // A conversation (/chat/:twId) is shown inside Recent, so Recent stays the current entry.
  const home = useMatch(ROUTES.recent);
  const room = useMatch(ROUTES.chat);
  const onRecent = home !== null || room !== null;
  return (
    <div className="side-nav__items">
      <Link
        to={ROUTES.recent}
        className={onRecent ? 'nav-item active' : 'nav-item'}
        aria-current={onRecent ? 'page' : undefined}
      >
        <ItemContent icon={IconMessages} label={t('nav.recent')} badge={badge} />
      </Link>
      <NavLink to={ROUTES.contacts} className="nav-item">
        <ItemContent icon={IconAddressBook} label={t('nav.contacts')} />
      </NavLink>
      <button type="button" className="nav-item" onClick={onOpenGroup} aria-haspopup="dialog">
        <ItemContent icon={IconUsersGroup} label={t('nav.group')} />
      </button>
      {isAdmin && (
        <NavLink to={ROUTES.admin} className="nav-item">
          <ItemContent icon={IconShieldCog} label={t('nav.admin')} />
        </NavLink>
      )}
      {more}
    </div>
  );
}

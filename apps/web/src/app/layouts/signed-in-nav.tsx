import { Avatar, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ADMIN_SECTIONS, canAccess, ROUTES } from '@rounds/contracts/routes';
import { IconAlertTriangleFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { usePendingUrgent } from '../../features/chat/api/get-pending-urgent';
import { useUnreadRooms } from '../../features/chat/stores/unread-rooms';
import { useLogo } from '../../features/settings/hooks/use-logo';
import { type TSessionUser, useSession } from '../../lib/session-store';
import { MorePanel } from './more-panel';
import { NavItems } from './nav-items';

function initials(user: TSessionUser): string {
  const fromName = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`;
  return (fromName || user.email[0] || '?').toUpperCase();
}

function fullName(user: TSessionUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/**
 * The signed-in navigation (spec doc 1 section 2): the logo, the avatar (to settings), Recent with its
 * unread badge, Contacts, Group (modal), Admin for the two admin kinds, and More.
 */
export function SignedInNav({ onOpenGroup }: { onOpenGroup: () => void }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const unread = useUnreadRooms((s) => s.count);
  // URGENT messages waiting for this user's acknowledgement: the badge says so on every screen (issue 28).
  const urgent = usePendingUrgent(Boolean(token && user)).data?.length ?? 0;
  const logo = useLogo('square');
  const mobile = useMediaQuery('(max-width: 767.98px)');

  if (!token || !user) return null;

  // The Admin entry opens the default section (users), which both admin kinds may see.
  const isAdmin = canAccess(ADMIN_SECTIONS.users, user.role);
  const badge =
    urgent > 0 ? (
      <span
        className="nav-item__badge nav-item__badge--urgent"
        role="status"
        aria-label={t('nav.urgent', { count: urgent })}
        data-testid="nav-urgent"
      >
        <IconAlertTriangleFilled size={10} aria-hidden />
        {urgent > 99 ? '99+' : urgent}
      </span>
    ) : unread > 0 ? (
      <span className="nav-item__badge" role="status" aria-label={t('nav.unread', { count: unread })}>
        {unread > 99 ? '99+' : unread}
      </span>
    ) : null;

  return (
    <nav className="side-nav" aria-label={t('nav.label')}>
      <Link to={ROUTES.recent} className="side-nav__logo" aria-label={t('nav.home')}>
        <BrandLogo src={logo} height={44} />
      </Link>
      <Tooltip label={fullName(user)} position={mobile ? 'top' : 'right'} withArrow disabled={!fullName(user)}>
        <NavLink
          to={ROUTES.settings}
          className="side-nav__avatar"
          // The initials are what a speech-input user sees and says: the name starts with them (WCAG 2.5.3).
          aria-label={`${initials(user)}, ${t('nav.settings')}`}
        >
          <Avatar
            src={user.avatar?.path ?? null}
            alt=""
            radius="xl"
            size={mobile ? 34 : 40}
            color="initials"
            name={fullName(user)}
          >
            {initials(user)}
          </Avatar>
        </NavLink>
      </Tooltip>
      <NavItems onOpenGroup={onOpenGroup} isAdmin={isAdmin} badge={badge} more={<MorePanel />} />
    </nav>
  );
}

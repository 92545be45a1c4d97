import { ROUTES, type TAdminSection } from '@rounds/contracts/routes';
import type { TLogoKind } from '@rounds/contracts/settings';
import { lazy } from 'react';
import { useNavigate } from 'react-router';
import { BannerPage } from '../../features/admin/banner/components/banner-page';
import { ReferenceSection } from '../../features/admin/reference/components/reference-section';
import type { TReferenceSection } from '../../features/admin/reference/reference-sections';
import { DutyRolesAdmin } from '../../features/on-call/components/duty-roles-admin';
import { useReferenceList } from '../../features/reference/api/get-reference-list';
import { patchAppSettings, setAppSettings, useAppSettings } from '../../features/settings/api/get-app-settings';
import { useSession } from '../../lib/session-store';
import './admin-sections-texts';

// The editor (tiptap), the date picker and the drop zone are large: each comes with its own section only.
const AboutPage = lazy(() =>
  import('../../features/admin/about/components/about-page').then((m) => ({ default: m.AboutPage })),
);
const UserLogsPage = lazy(() =>
  import('../../features/admin/user-logs/components/user-logs-page').then((m) => ({ default: m.UserLogsPage })),
);
const RetentionPage = lazy(() =>
  import('../../features/admin/retention/components/retention-page').then((m) => ({ default: m.RetentionPage })),
);
const BreakGlassPage = lazy(() =>
  import('../../features/admin/break-glass/components/break-glass-page').then((m) => ({
    default: m.BreakGlassPage,
  })),
);
const BreakGlassRoom = lazy(() => import('./break-glass-room').then((m) => ({ default: m.BreakGlassRoom })));
const LogosPage = lazy(() =>
  import('../../features/admin/logos/components/logos-page').then((m) => ({ default: m.LogosPage })),
);

/**
 * The administration sections other than Users, composed here because they read and replace the app
 * settings of features/settings (features do not import each other). Loaded with the section that needs them.
 */

export type TSectionViewProps = { section: TAdminSection; id: string | undefined };

export function ReferenceSectionView({ section, id }: TSectionViewProps) {
  return <ReferenceSection section={section as TReferenceSection} id={id} />;
}

export function LogosSectionView() {
  const settings = useAppSettings().data;
  return (
    <LogosPage settings={settings} onUploaded={(key: TLogoKind, url: string) => patchAppSettings({ [key]: url })} />
  );
}

export function AboutSectionView() {
  return <AboutPage settings={useAppSettings().data} onSaved={setAppSettings} />;
}

export function BannerSectionView() {
  return <BannerPage settings={useAppSettings().data} onSaved={setAppSettings} />;
}

export function RetentionSectionView() {
  return <RetentionPage />;
}

/** Break-glass access (issue 27): the list to open a room from, or the read-only view of one (/…/:roomId). */
export function BreakGlassSectionView({ id }: TSectionViewProps) {
  const navigate = useNavigate();
  const list = `${ROUTES.admin}/break-glass`;
  return id ? (
    <BreakGlassRoom roomId={id} onLeave={() => navigate(list)} />
  ) : (
    <BreakGlassPage onView={(roomId) => navigate(`${list}/${encodeURIComponent(roomId)}`)} />
  );
}

export function UserLogsSectionView() {
  return <UserLogsPage />;
}

/** On-call roles (issue 25): the reference lists give the facility and department choices; a FacilityAdmin
 * is offered their own facilities (the server refuses the others). */
export function OnCallSectionView() {
  const user = useSession((s) => s.user);
  const facilities = useReferenceList('facility').data ?? [];
  const departments = useReferenceList('department').data ?? [];
  const own = new Set(user?.facilities.map((f) => f.id));
  const offered = user?.role === 'Admin' ? facilities : facilities.filter((f) => own.has(f.id));
  const option = (item: { id: string; name: string }) => ({ value: item.id, label: item.name });
  return <DutyRolesAdmin facilities={offered.map(option)} departments={departments.map(option)} />;
}

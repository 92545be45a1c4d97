import { Badge, Box, Group, NavLink as MantineNavLink, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { ADMIN_ITEM_SECTIONS, ADMIN_SECTIONS, canAccess, ROUTES, type TAdminSection } from '@rounds/contracts/routes';
import {
  type Icon,
  IconAlertOctagon,
  IconArchive,
  IconBriefcase,
  IconBuildingHospital,
  IconFileText,
  IconHierarchy2,
  IconHistory,
  IconPhoneCall,
  IconPhoto,
  IconSpeakerphone,
  IconStethoscope,
  IconTag,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { NotFoundView } from '../../components/not-found-view';
import { PageLoader } from '../../components/page-loader';
import { PushContentPanel } from '../../features/admin/push-content/components/push-content-panel';
import { ScimTokensPanel } from '../../features/admin/scim-tokens/components/scim-tokens-panel';
import { SmsUsagePanel } from '../../features/admin/sms-usage/components/sms-usage-panel';
import { SsoPolicyPanel } from '../../features/admin/sso-policy/components/sso-policy-panel';
import { useSsoStatus } from '../../features/identity/api/get-sso-status';
import { useSession } from '../../lib/session-store';
import { usePageTitle } from '../../lib/use-page-title';
import { adminSectionFromPath, isAdminSection } from '../access';
import {
  AboutSectionView,
  BannerSectionView,
  BreakGlassSectionView,
  LogosSectionView,
  OnCallSectionView,
  ReferenceSectionView,
  RetentionSectionView,
  type TSectionViewProps,
  UserLogsSectionView,
} from './admin-sections';
import { AdminUsersSection } from './admin-users';

/** Order and icons of the "Sections" panel (spec doc 2 section 2 "Administration"). */
const SECTIONS: readonly { section: TAdminSection; icon: Icon }[] = [
  { section: 'users', icon: IconUsers },
  { section: 'facilities', icon: IconBuildingHospital },
  { section: 'user-logs', icon: IconHistory },
  { section: 'banner', icon: IconSpeakerphone },
  { section: 'departments', icon: IconHierarchy2 },
  { section: 'roles', icon: IconStethoscope },
  { section: 'specialties', icon: IconBriefcase },
  { section: 'suffixes', icon: IconTag },
  { section: 'logos', icon: IconPhoto },
  { section: 'about', icon: IconFileText },
  { section: 'on-call', icon: IconPhoneCall },
  { section: 'retention', icon: IconArchive },
  { section: 'break-glass', icon: IconAlertOctagon },
];

const ITEM_SECTIONS: readonly string[] = ADMIN_ITEM_SECTIONS;

/** The page of each section; a section without one still shows its placeholder. */
const sectionViews: Partial<Record<TAdminSection, ComponentType<TSectionViewProps>>> = {
  facilities: ReferenceSectionView,
  departments: ReferenceSectionView,
  roles: ReferenceSectionView,
  specialties: ReferenceSectionView,
  suffixes: ReferenceSectionView,
  logos: LogosSectionView,
  about: AboutSectionView,
  'user-logs': UserLogsSectionView,
  banner: BannerSectionView,
  users: AdminUsersSection,
  'on-call': OnCallSectionView,
  retention: RetentionSectionView,
  'break-glass': BreakGlassSectionView,
};

/**
 * /admin, /admin/:section, /admin/:section/:id. The guard already checked the role for the section; this
 * page shows the sections the user may open and, until the admin issues land, a placeholder per section.
 */
export function AdminRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const role = useSession((s) => s.user?.role);
  const sso = useSsoStatus();
  const { section, id } = adminSectionFromPath(pathname);
  // The landing page (/admin) carries the SMS spend and what push notifications may say, for Admins only.
  const landing = pathname.replace(/\/+$/, '') === ROUTES.admin && role === 'Admin';
  const known = isAdminSection(section) && (id === undefined || ITEM_SECTIONS.includes(section));
  const label = isAdminSection(section) ? t(`admin.sections.${section}` as const) : undefined;
  usePageTitle(label ? `${t('pages.admin')} · ${label}` : t('pages.notFound'));

  if (!known || !isAdminSection(section)) return <NotFoundView />;

  const allowed = SECTIONS.filter((item) => canAccess(ADMIN_SECTIONS[item.section], role));
  const current = SECTIONS.find((item) => item.section === section);
  const pathOf = (target: TAdminSection) => `${ROUTES.admin}/${target}`;
  const SectionView = sectionViews[section];

  return (
    <Box p={{ base: 'md', sm: 'xl' }}>
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Paper
          withBorder
          radius="lg"
          p="sm"
          w={240}
          visibleFrom="sm"
          component="nav"
          aria-label={t('admin.sectionsTitle')}
        >
          <Text fz="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={6} style={{ letterSpacing: 0.6 }}>
            {t('admin.sectionsTitle')}
          </Text>
          {allowed.map(({ section: item, icon: ItemIcon }) => (
            <MantineNavLink
              key={item}
              component={Link}
              to={pathOf(item)}
              label={t(`admin.sections.${item}` as const)}
              leftSection={<ItemIcon size={18} stroke={1.6} />}
              active={item === section}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </Paper>
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <NativeSelect
            hiddenFrom="sm"
            aria-label={t('admin.sectionsTitle')}
            value={pathOf(section)}
            onChange={(event) => navigate(event.currentTarget.value)}
            data={allowed.map(({ section: item }) => ({
              value: pathOf(item),
              label: t(`admin.sections.${item}` as const),
            }))}
          />
          <Group gap="sm">
            <Title order={1} fz="h2">
              {label}
            </Title>
            {id && !SectionView && (
              <Badge variant="light">{id === 'new' ? t('admin.newItem') : t('admin.item', { id })}</Badge>
            )}
          </Group>
          {landing && <SmsUsagePanel />}
          {landing && <PushContentPanel />}
          {landing && sso.data?.enabled && <SsoPolicyPanel />}
          {landing && <ScimTokensPanel />}
          {SectionView ? (
            <Suspense fallback={<PageLoader />}>
              <SectionView section={section} id={id} />
            </Suspense>
          ) : (
            <ComingSoon page={label ?? ''} icon={current?.icon ?? IconUsers} />
          )}
        </Stack>
      </Group>
    </Box>
  );
}

import { Divider, Popover, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ROUTES } from '@rounds/contracts/routes';
import { IconDots, IconFileInfo, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useLogo } from '../../features/settings/hooks/use-logo';
import { COPYRIGHT_YEAR } from '../../lib/brand';

/** "More" (spec doc 1 section 2): About Us, Information, the banner logo and the copyright line. */
export function MorePanel() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const mobile = useMediaQuery('(max-width: 767.98px)');
  const logo = useLogo('more');
  const close = () => setOpened(false);

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position={mobile ? 'top-end' : 'right-end'}
      offset={mobile ? 8 : 14}
      width={250}
      shadow="lg"
      radius="md"
      withArrow
      trapFocus
    >
      <Popover.Target>
        <button
          type="button"
          className="nav-item"
          data-expanded={opened}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((value) => !value)}
        >
          <span className="nav-item__icon">
            <IconDots size={22} stroke={1.7} />
          </span>
          <span className="nav-item__label">{t('nav.more')}</span>
        </button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('nav.more')}>
        <Stack gap={2}>
          <NavLink to={ROUTES.aboutUs} className="more-link" onClick={close}>
            <IconInfoCircle size={18} stroke={1.7} />
            {t('nav.aboutUs')}
          </NavLink>
          <NavLink to={ROUTES.information} className="more-link" onClick={close}>
            <IconFileInfo size={18} stroke={1.7} />
            {t('nav.information')}
          </NavLink>
          <Divider my={8} />
          <Stack align="center" gap={8} py={4}>
            <BrandLogo src={logo} height={40} withWordmark />
            <Text fz="xs" c="dimmed">
              {t('nav.copyright', { year: COPYRIGHT_YEAR })}
            </Text>
          </Stack>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

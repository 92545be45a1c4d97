import { Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-mark';

type TBrandLogoProps = {
  /** Logo URL from the app settings; missing or failing to load falls back to the built-in mark. */
  src: string | undefined;
  height: number;
  /** With the built-in fallback, also write the product name beside the mark. */
  withWordmark?: boolean;
  className?: string;
};

export function BrandLogo({ src, height, withWordmark = false, className }: TBrandLogoProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);

  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={t('app.name')}
        height={height}
        className={className}
        style={{ height, width: 'auto', maxWidth: '100%', objectFit: 'contain', display: 'block' }}
        onError={() => setFailed(src)}
      />
    );
  }
  if (!withWordmark) return <BrandMark size={height} title={t('app.name')} />;
  return (
    <Group gap={10} wrap="nowrap" className={className}>
      <BrandMark size={height} />
      <Text
        component="span"
        fw={700}
        fz={height * 0.6}
        lh={1}
        c="var(--mantine-color-text)"
        style={{ letterSpacing: -0.5 }}
      >
        {t('app.name')}
      </Text>
    </Group>
  );
}

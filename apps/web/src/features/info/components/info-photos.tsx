import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The four pictures of the information pages, drawn inline so nothing is fetched from elsewhere (the CSP
 * allows only our origin) and they follow the theme through CSS variables.
 */

const INK = 'var(--mantine-color-white)';
const SOFT = 'rgba(255,255,255,0.35)';

function CareTeam() {
  return (
    <svg viewBox="0 0 160 100" aria-hidden="true">
      <circle cx="50" cy="38" r="12" fill={SOFT} />
      <path d="M28 84c0-14 10-24 22-24s22 10 22 24" fill={SOFT} />
      <circle cx="110" cy="38" r="12" fill={SOFT} />
      <path d="M88 84c0-14 10-24 22-24s22 10 22 24" fill={SOFT} />
      <circle cx="80" cy="32" r="14" fill={INK} />
      <path d="M54 88c0-17 12-28 26-28s26 11 26 28" fill={INK} />
      <path d="M76 70h8M80 66v8" stroke="var(--mantine-primary-color-filled)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function SecureChat() {
  return (
    <svg viewBox="0 0 160 100" aria-hidden="true">
      <path
        d="M22 22h70a10 10 0 0 1 10 10v26a10 10 0 0 1-10 10H48l-16 12V68H22a10 10 0 0 1-10-10V32a10 10 0 0 1 10-10z"
        fill={SOFT}
      />
      <path d="M30 38h48M30 50h34" stroke={INK} strokeWidth="5" strokeLinecap="round" />
      <rect x="100" y="46" width="44" height="36" rx="8" fill={INK} />
      <path d="M110 46v-8a12 12 0 0 1 24 0v8" fill="none" stroke={INK} strokeWidth="6" />
      <circle cx="122" cy="62" r="5" fill="var(--mantine-primary-color-filled)" />
      <path d="M122 64v8" stroke="var(--mantine-primary-color-filled)" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

function AroundTheClock() {
  return (
    <svg viewBox="0 0 160 100" aria-hidden="true">
      <circle cx="68" cy="52" r="34" fill={SOFT} />
      <circle cx="68" cy="52" r="26" fill={INK} />
      <path
        d="M68 36v16l11 8"
        fill="none"
        stroke="var(--mantine-primary-color-filled)"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M130 24a18 18 0 1 0 10 30 16 16 0 0 1-10-30z" fill={INK} />
      <circle cx="114" cy="74" r="3" fill={SOFT} />
      <circle cx="140" cy="76" r="2" fill={SOFT} />
    </svg>
  );
}

function Facility() {
  return (
    <svg viewBox="0 0 160 100" aria-hidden="true">
      <rect x="20" y="48" width="30" height="38" rx="4" fill={SOFT} />
      <rect x="110" y="48" width="30" height="38" rx="4" fill={SOFT} />
      <rect x="48" y="20" width="64" height="66" rx="6" fill={INK} />
      <path d="M80 30v22M69 41h22" stroke="var(--mantine-primary-color-filled)" strokeWidth="7" strokeLinecap="round" />
      <rect x="71" y="66" width="18" height="20" rx="3" fill="var(--mantine-primary-color-filled)" />
      <path d="M12 86h136" stroke={INK} strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

const GRADIENTS = [
  'linear-gradient(135deg, var(--mantine-color-rounds-6), var(--mantine-color-rounds-9))',
  'linear-gradient(135deg, var(--mantine-color-cyan-6), var(--mantine-color-rounds-8))',
  'linear-gradient(135deg, var(--mantine-color-indigo-5), var(--mantine-color-rounds-8))',
  'linear-gradient(135deg, var(--mantine-color-rounds-5), var(--mantine-color-blue-8))',
];

function Photo({ art, caption, background }: { art: ReactNode; caption: string; background: string }) {
  return (
    <Paper radius="lg" shadow="sm" style={{ overflow: 'hidden' }} component="figure" m={0}>
      <div style={{ background, aspectRatio: '16 / 10', display: 'grid', placeItems: 'center', padding: 16 }}>
        <div style={{ width: '78%', maxWidth: 220 }}>{art}</div>
      </div>
      <Text component="figcaption" fz="sm" fw={500} p="sm" ta="center">
        {caption}
      </Text>
    </Paper>
  );
}

export function InfoPhotos({ captions }: { captions: readonly [string, string, string, string] }) {
  const arts = [
    <CareTeam key="team" />,
    <SecureChat key="chat" />,
    <AroundTheClock key="clock" />,
    <Facility key="facility" />,
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {arts.map((art, index) => (
        <Photo key={art.key} art={art} caption={captions[index] ?? ''} background={GRADIENTS[index] ?? ''} />
      ))}
    </SimpleGrid>
  );
}

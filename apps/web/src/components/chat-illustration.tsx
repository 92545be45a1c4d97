/** Two quiet speech bubbles in the theme's colours: the empty side of Recent and of Contacts. */
export function ChatIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 240 170" aria-hidden>
      <ellipse cx="120" cy="156" rx="92" ry="8" fill="currentColor" opacity="0.08" />
      <rect x="20" y="18" width="132" height="82" rx="22" fill="currentColor" opacity="0.14" />
      <path d="M48 96 L40 120 L70 100 Z" fill="currentColor" opacity="0.14" />
      <rect x="42" y="42" width="72" height="9" rx="4.5" fill="currentColor" opacity="0.35" />
      <rect x="42" y="62" width="50" height="9" rx="4.5" fill="currentColor" opacity="0.25" />
      <rect x="96" y="62" width="124" height="74" rx="22" fill="currentColor" opacity="0.9" />
      <path d="M192 132 L204 152 L176 134 Z" fill="currentColor" opacity="0.9" />
      <circle cx="130" cy="99" r="6" fill="var(--mantine-color-body)" />
      <circle cx="158" cy="99" r="6" fill="var(--mantine-color-body)" opacity="0.8" />
      <circle cx="186" cy="99" r="6" fill="var(--mantine-color-body)" opacity="0.6" />
    </svg>
  );
}

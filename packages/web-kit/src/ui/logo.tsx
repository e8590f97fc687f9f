import { useId } from 'react';

/** The brand mark: a gold wallet with a star coin, drawn for this app. Decorative unless a label is given. */
export function Logo({ size = 40, label }: { size?: number; label?: string }) {
  const id = useId();
  const gold = `${id}-gold`;
  const shine = `${id}-shine`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <defs>
        <linearGradient id={gold} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe7a3" />
          <stop offset=".45" stopColor="#f0b93a" />
          <stop offset="1" stopColor="#a66f0d" />
        </linearGradient>
        <radialGradient id={shine} cx=".3" cy=".25" r=".8">
          <stop offset="0" stopColor="#fff6d6" />
          <stop offset="1" stopColor="#e2a22a" />
        </radialGradient>
      </defs>
      <rect x="4" y="4" width="56" height="56" rx="16" fill="#1b160e" stroke={`url(#${gold})`} strokeWidth="2.5" />
      <rect x="12" y="22" width="40" height="28" rx="7" fill={`url(#${gold})`} />
      <path d="M12 30h40" stroke="#1b160e" strokeWidth="2.5" />
      <rect x="38" y="34" width="14" height="10" rx="4" fill="#1b160e" />
      <circle cx="44" cy="39" r="2.6" fill={`url(#${shine})`} />
      <circle cx="26" cy="17" r="9" fill={`url(#${shine})`} stroke="#1b160e" strokeWidth="1.5" />
      <path d="M26 11.5l1.7 3.4 3.8.6-2.7 2.6.6 3.8-3.4-1.8-3.4 1.8.6-3.8-2.7-2.6 3.8-.6z" fill="#a66f0d" />
    </svg>
  );
}

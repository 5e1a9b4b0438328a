import type { ReactNode } from 'react';

/** The home tiles' pictures (SPEC §2 "Home shortcut tiles"). */
export type HomeTileArtName = 'all-courses' | 'material-library' | 'offline-courses' | 'learning-map' | 'mock-exam';

// Drawn inline, not fetched (ADR 047): five image requests came after the scripts on a phone
// network, and /main's largest contentful paint waited for the first of them.
const ART: Record<HomeTileArtName, ReactNode> = {
  'all-courses': (
    <>
      <circle cx="36" cy="36" r="36" fill="#e3edf8" />
      <rect x="16" y="20" width="40" height="28" rx="4" fill="#0b3d6e" />
      <rect x="20" y="24" width="32" height="20" rx="2" fill="#ffffff" />
      <path d="M33 29.5v9l8-4.5z" fill="#e0701b" />
      <rect x="26" y="51" width="20" height="4" rx="2" fill="#0b3d6e" />
    </>
  ),
  'material-library': (
    <>
      <circle cx="36" cy="36" r="36" fill="#fdeede" />
      <rect x="17" y="18" width="9" height="36" rx="2" fill="#0b3d6e" />
      <rect x="28" y="22" width="9" height="32" rx="2" fill="#e0701b" />
      <rect x="40.5" y="20" width="9" height="34" rx="2" transform="rotate(-12 45 37)" fill="#1d5c97" />
      <rect x="15" y="54" width="42" height="3" rx="1.5" fill="#5b6775" />
    </>
  ),
  'offline-courses': (
    <>
      <circle cx="36" cy="36" r="36" fill="#e4f4e8" />
      <rect x="15" y="18" width="42" height="24" rx="3" fill="#2e7d32" />
      <path d="M22 26h20M22 32h14" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="25" cy="48" r="5" fill="#0b3d6e" />
      <circle cx="47" cy="48" r="5" fill="#0b3d6e" />
      <path d="M16 58c1-5 5-7 9-7s8 2 9 7M38 58c1-5 5-7 9-7s8 2 9 7" fill="#0b3d6e" />
    </>
  ),
  'learning-map': (
    <>
      <circle cx="36" cy="36" r="36" fill="#ede7f6" />
      <path d="M16 22l12-5 16 5 12-5v33l-12 5-16-5-12 5z" fill="#ffffff" stroke="#5e35b1" strokeWidth="3" strokeLinejoin="round" />
      <path d="M28 17v33M44 22v33" stroke="#5e35b1" strokeWidth="2" />
      <path d="M21 42c6-2 8-10 14-10s8 6 15-2" fill="none" stroke="#e0701b" strokeWidth="3" strokeLinecap="round" strokeDasharray="1 5" />
      <circle cx="50" cy="30" r="3.5" fill="#e0701b" />
    </>
  ),
  'mock-exam': (
    <>
      <circle cx="36" cy="36" r="36" fill="#fde8e8" />
      <rect x="20" y="15" width="32" height="42" rx="3" fill="#ffffff" stroke="#c62828" strokeWidth="3" />
      <rect x="29" y="12" width="14" height="7" rx="2" fill="#c62828" />
      <path d="M26 30l3 3 5-6M26 43l3 3 5-6" fill="none" stroke="#2e7d32" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M38 31h8M38 44h8" stroke="#5b6775" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
};

/** A tile's picture, 72 × 72, decorative: the tile's title says what it is. */
export function HomeTileArt({ name }: { name: HomeTileArtName }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72" width={72} height={72} aria-hidden="true" focusable="false" data-art={name}>
      {ART[name]}
    </svg>
  );
}

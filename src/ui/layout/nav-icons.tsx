import type { ReactElement } from 'react';

// Small stroke icons (24×24, currentColor) so they follow the text colour of links and buttons.
const PATHS: Record<string, ReactElement> = {
  home: <path d="M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10" />,
  management: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5M16 4.8a3.5 3.5 0 0 1 0 6.4M18.5 14.8c1.7.8 2.7 2.6 3 5.2" />
    </>
  ),
  cpd: (
    <>
      <path d="M12 3 2.5 8 12 13l9.5-5L12 3z" />
      <path d="M6 10.2V15c1.6 1.6 3.6 2.5 6 2.5s4.4-.9 6-2.5v-4.8M21.5 8v6" />
    </>
  ),
  'learning-map': <path d="M9 4 3 6.5v13L9 17l6 2.5 6-2.5V4l-6 2.5L9 4zM9 4v13M15 6.5v13" />,
  'mock-exam': (
    <>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="m8.5 9 1.5 1.5 3-3M8.5 15h7" />
    </>
  ),
  notification: <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16zM10 20.5a2 2 0 0 0 4 0" />,
  profile: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c.8-4.2 3.9-6.5 8-6.5s7.2 2.3 8 6.5" />
    </>
  ),
  setting: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
    </>
  ),
  'all-courses': <path d="M4 5h7v14H4zM13 5h7v14h-7z" />,
  'material-library': <path d="M5 3h10l4 4v14H5zM15 3v4h4M8 12h8M8 16h8" />,
  'offline-courses': (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
  merge: <path d="M6 3v6a6 6 0 0 0 6 6h6M6 21v-6M15 12l3 3-3 3" />,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  back: <path d="M15 5l-7 7 7 7" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
};

export function NavIcon({ name, size = 24 }: { name: string; size?: number }) {
  return (
    <svg
      className="nav-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name] ?? <circle cx="12" cy="12" r="8" />}
    </svg>
  );
}

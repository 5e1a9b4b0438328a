/**
 * The product's mark (the same shapes as public/assets/logo.svg and as index.html's favicon),
 * drawn inline: the sign-in page and the header show it without a request of its own, which on a
 * phone network came after the scripts and before the page's largest text was painted (ADR 047).
 * Decorative: the product's name is always written beside it.
 */
export function LogoMark({ size }: { size: number }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b3d6e" />
      <path d="M32 13 8 24l24 11 24-11z" fill="#ffffff" />
      <path d="M18 29.5V40c0 4.5 6.3 8 14 8s14-3.5 14-8V29.5L32 36z" fill="#e0701b" />
      <path d="M52 25.8V39" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="52" cy="41" r="2.6" fill="#ffffff" />
    </svg>
  );
}

import type { SVGProps } from 'react';

// The icons of the first draw (the layout's logo, the loading spinner): hand-drawn SVG, so the entry carries
// no icon library. ./coreIcons re-exports them.

/** An icon's props: decorative (aria-hidden) unless given a `title`, which becomes its accessible name. */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & { title?: string; size?: number | string };

/** A spinning circle; announced as "Loading" unless given another title ("" makes it decorative). */
export function Spinner({ title = 'Loading', className, ...rest }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      focusable="false"
      className={['spinner', className].filter(Boolean).join(' ')}
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      {...rest}
    >
      <circle cx="12" cy="12" r="9" opacity="0.25" />
      <path d="M21 12a9 9 0 0 0-9-9" />
    </svg>
  );
}

export function HearthLogo(props: IconProps) {
  const { title: _title, size: _size, ...rest } = props;
  return (
    <svg viewBox="0 0 32 32" width="1em" height="1em" aria-hidden="true" focusable="false" {...rest}>
      <rect width="32" height="32" rx="8" fill="var(--color-primary, #b4472a)" />
      <path
        d="M16 7c3 4 7 7 7 12a7 7 0 0 1-14 0c0-3 2-5 3-6 0 2 1 3 2 3 0-3 0-6 2-9z"
        fill="var(--color-primary-contrast, #fff4e8)"
      />
    </svg>
  );
}

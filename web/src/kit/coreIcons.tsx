import { ArrowLeftRight, Check, ChevronDown, LogOut, X, type LucideIcon } from 'lucide-react';
import type { IconProps } from './shellIcons';

// The icons the shell's menu, toasts and dialogs draw, in a module of their own; ./icons has the rest and
// re-exports these. The two the first draw needs (no lucide) are in ./shellIcons, which every page loads.
export { HearthLogo, Spinner, type IconProps } from './shellIcons';

/**
 * Icons: lucide (a well-kept SVG set) behind one wrapper, so no page uses an emoji as an icon (they render as
 * empty boxes where no emoji font is installed). Decorative (aria-hidden) unless given a `title`, which
 * becomes the accessible name. Sized 1em so an icon follows the text it sits in.
 */
export type IconComponent = (props: IconProps) => React.ReactElement;

/* @__NO_SIDE_EFFECTS__ */
export function kitIcon(Lucide: LucideIcon, name: string): IconComponent {
  function KitIcon({ title, size = '1em', className, ...rest }: IconProps) {
    return (
      <Lucide
        size={size}
        focusable="false"
        className={['icon', className].filter(Boolean).join(' ')}
        {...(title ? { role: 'img', 'aria-label': title, 'aria-hidden': undefined } : { 'aria-hidden': true })}
        {...(rest as object)}
      />
    );
  }
  KitIcon.displayName = name;
  return KitIcon;
}

export const CheckIcon = kitIcon(Check, 'CheckIcon');
export const ChevronDownIcon = kitIcon(ChevronDown, 'ChevronDownIcon');
export const SignOutIcon = kitIcon(LogOut, 'SignOutIcon');
export const XIcon = kitIcon(X, 'XIcon');
export const SwitchWorkspaceIcon = kitIcon(ArrowLeftRight, 'SwitchWorkspaceIcon');

import type { SVGProps } from 'react';
import {
  AlertTriangle,
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Cake,
  CalendarDays,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  CircleCheck,
  Clock,
  Coffee,
  Copy,
  ExternalLink,
  Eye,
  FileQuestion,
  Gift,
  Globe,
  Hash,
  Image as ImageGlyph,
  Info,
  Lock,
  LogOut,
  Mail,
  Map as MapGlyph,
  MessageCircle,
  MessagesSquare,
  MoreHorizontal,
  Pause,
  Pencil,
  Play,
  Plus,
  RefreshCw,
  Search,
  Send,
  Settings,
  Sparkles,
  Trash2,
  Trophy,
  User,
  Users,
  X,
  ArrowLeftRight,
  Award,
  PartyPopper,
  BarChart3,
  CreditCard,
  Puzzle,
  LayoutTemplate,
  Home,
  type LucideIcon,
} from 'lucide-react';

/**
 * Icons: lucide (a well-kept SVG set) behind one wrapper, so no page uses an emoji as an icon (they render as
 * empty boxes where no emoji font is installed). Decorative (aria-hidden) unless given a `title`, which
 * becomes the accessible name. Sized 1em so an icon follows the text it sits in.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & { title?: string; size?: number | string };
export type IconComponent = (props: IconProps) => React.ReactElement;

function wrap(Lucide: LucideIcon, name: string): IconComponent {
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

export const AlertIcon = wrap(CircleAlert, 'AlertIcon');
export const WarningIcon = wrap(AlertTriangle, 'WarningIcon');
export const ArrowDownIcon = wrap(ArrowDown, 'ArrowDownIcon');
export const ArrowUpIcon = wrap(ArrowUp, 'ArrowUpIcon');
export const SortIcon = wrap(ArrowUpDown, 'SortIcon');
export const CakeIcon = wrap(Cake, 'CakeIcon');
export const CalendarIcon = wrap(CalendarDays, 'CalendarIcon');
export const CheckIcon = wrap(Check, 'CheckIcon');
export const CheckCircleIcon = wrap(CircleCheck, 'CheckCircleIcon');
export const ChevronDownIcon = wrap(ChevronDown, 'ChevronDownIcon');
export const ChevronLeftIcon = wrap(ChevronLeft, 'ChevronLeftIcon');
export const ChevronRightIcon = wrap(ChevronRight, 'ChevronRightIcon');
export const ClockIcon = wrap(Clock, 'ClockIcon');
export const CoffeeIcon = wrap(Coffee, 'CoffeeIcon');
export const CopyIcon = wrap(Copy, 'CopyIcon');
export const ExternalIcon = wrap(ExternalLink, 'ExternalIcon');
export const EyeIcon = wrap(Eye, 'EyeIcon');
export const NotFoundIcon = wrap(FileQuestion, 'NotFoundIcon');
export const GiftIcon = wrap(Gift, 'GiftIcon');
export const GlobeIcon = wrap(Globe, 'GlobeIcon');
export const HashIcon = wrap(Hash, 'HashIcon');
export const ImageIcon = wrap(ImageGlyph, 'ImageIcon');
export const InfoIcon = wrap(Info, 'InfoIcon');
export const LockIcon = wrap(Lock, 'LockIcon');
export const SignOutIcon = wrap(LogOut, 'SignOutIcon');
export const MailIcon = wrap(Mail, 'MailIcon');
export const MapIcon = wrap(MapGlyph, 'MapIcon');
export const MessageIcon = wrap(MessageCircle, 'MessageIcon');
export const ThreadIcon = wrap(MessagesSquare, 'ThreadIcon');
export const MoreIcon = wrap(MoreHorizontal, 'MoreIcon');
export const PauseIcon = wrap(Pause, 'PauseIcon');
export const EditIcon = wrap(Pencil, 'EditIcon');
export const PlayIcon = wrap(Play, 'PlayIcon');
export const PlusIcon = wrap(Plus, 'PlusIcon');
export const RefreshIcon = wrap(RefreshCw, 'RefreshIcon');
export const SearchIcon = wrap(Search, 'SearchIcon');
export const SendIcon = wrap(Send, 'SendIcon');
export const SettingsIcon = wrap(Settings, 'SettingsIcon');
export const SparklesIcon = wrap(Sparkles, 'SparklesIcon');
export const TrashIcon = wrap(Trash2, 'TrashIcon');
export const TrophyIcon = wrap(Trophy, 'TrophyIcon');
export const UserIcon = wrap(User, 'UserIcon');
export const UsersIcon = wrap(Users, 'UsersIcon');
export const XIcon = wrap(X, 'XIcon');
export const SwitchWorkspaceIcon = wrap(ArrowLeftRight, 'SwitchWorkspaceIcon');
export const AwardIcon = wrap(Award, 'AwardIcon');
export const PartyIcon = wrap(PartyPopper, 'PartyIcon');
export const ChartIcon = wrap(BarChart3, 'ChartIcon');
export const CardIcon = wrap(CreditCard, 'CardIcon');
export const PuzzleIcon = wrap(Puzzle, 'PuzzleIcon');
export const TemplateIcon = wrap(LayoutTemplate, 'TemplateIcon');
export const HomeIcon = wrap(Home, 'HomeIcon');

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

import {
  AlertTriangle,
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Cake,
  CalendarDays,
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
  Award,
  PartyPopper,
  BarChart3,
  CreditCard,
  Puzzle,
  LayoutTemplate,
  Home,
} from 'lucide-react';

import { kitIcon } from './coreIcons';

export * from './coreIcons';

export const AlertIcon = kitIcon(CircleAlert, 'AlertIcon');
export const WarningIcon = kitIcon(AlertTriangle, 'WarningIcon');
export const ArrowDownIcon = kitIcon(ArrowDown, 'ArrowDownIcon');
export const ArrowUpIcon = kitIcon(ArrowUp, 'ArrowUpIcon');
export const SortIcon = kitIcon(ArrowUpDown, 'SortIcon');
export const CakeIcon = kitIcon(Cake, 'CakeIcon');
export const CalendarIcon = kitIcon(CalendarDays, 'CalendarIcon');
export const CheckCircleIcon = kitIcon(CircleCheck, 'CheckCircleIcon');
export const ChevronLeftIcon = kitIcon(ChevronLeft, 'ChevronLeftIcon');
export const ChevronRightIcon = kitIcon(ChevronRight, 'ChevronRightIcon');
export const ClockIcon = kitIcon(Clock, 'ClockIcon');
export const CoffeeIcon = kitIcon(Coffee, 'CoffeeIcon');
export const CopyIcon = kitIcon(Copy, 'CopyIcon');
export const ExternalIcon = kitIcon(ExternalLink, 'ExternalIcon');
export const EyeIcon = kitIcon(Eye, 'EyeIcon');
export const NotFoundIcon = kitIcon(FileQuestion, 'NotFoundIcon');
export const GiftIcon = kitIcon(Gift, 'GiftIcon');
export const GlobeIcon = kitIcon(Globe, 'GlobeIcon');
export const HashIcon = kitIcon(Hash, 'HashIcon');
export const ImageIcon = kitIcon(ImageGlyph, 'ImageIcon');
export const InfoIcon = kitIcon(Info, 'InfoIcon');
export const LockIcon = kitIcon(Lock, 'LockIcon');
export const MailIcon = kitIcon(Mail, 'MailIcon');
export const MapIcon = kitIcon(MapGlyph, 'MapIcon');
export const MessageIcon = kitIcon(MessageCircle, 'MessageIcon');
export const ThreadIcon = kitIcon(MessagesSquare, 'ThreadIcon');
export const MoreIcon = kitIcon(MoreHorizontal, 'MoreIcon');
export const PauseIcon = kitIcon(Pause, 'PauseIcon');
export const EditIcon = kitIcon(Pencil, 'EditIcon');
export const PlayIcon = kitIcon(Play, 'PlayIcon');
export const PlusIcon = kitIcon(Plus, 'PlusIcon');
export const RefreshIcon = kitIcon(RefreshCw, 'RefreshIcon');
export const SearchIcon = kitIcon(Search, 'SearchIcon');
export const SendIcon = kitIcon(Send, 'SendIcon');
export const SettingsIcon = kitIcon(Settings, 'SettingsIcon');
export const SparklesIcon = kitIcon(Sparkles, 'SparklesIcon');
export const TrashIcon = kitIcon(Trash2, 'TrashIcon');
export const TrophyIcon = kitIcon(Trophy, 'TrophyIcon');
export const UserIcon = kitIcon(User, 'UserIcon');
export const UsersIcon = kitIcon(Users, 'UsersIcon');
export const AwardIcon = kitIcon(Award, 'AwardIcon');
export const PartyIcon = kitIcon(PartyPopper, 'PartyIcon');
export const ChartIcon = kitIcon(BarChart3, 'ChartIcon');
export const CardIcon = kitIcon(CreditCard, 'CardIcon');
export const PuzzleIcon = kitIcon(Puzzle, 'PuzzleIcon');
export const TemplateIcon = kitIcon(LayoutTemplate, 'TemplateIcon');
export const HomeIcon = kitIcon(Home, 'HomeIcon');

/**
 * The site's few icons, Lucide's drawings (lucide-static: SVG text, ISC licence) written into
 * the server's HTML: no script, no request, and they take the text's colour. Decorative: the
 * text beside each says what it means.
 */
import {
  ArrowRight,
  Briefcase,
  CalendarCheck,
  CircleCheck,
  Clock,
  Compass,
  FileText,
  GitMerge,
  Globe,
  Handshake,
  Landmark,
  Mail,
  MapPin,
  Phone,
  ShieldCheck,
  TrendingUp,
} from 'lucide-static';

const icons = {
  phone: Phone,
  mail: Mail,
  calendar: CalendarCheck,
  check: CircleCheck,
  arrow: ArrowRight,
  pin: MapPin,
  clock: Clock,
  shield: ShieldCheck,
  growth: TrendingUp,
  briefcase: Briefcase,
  landmark: Landmark,
  plan: FileText,
  globe: Globe,
  handshake: Handshake,
  merge: GitMerge,
  compass: Compass,
} as const;

export type IconName = keyof typeof icons;

export function Icon({ name }: { name: IconName }) {
  return (
    <span className="icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: icons[name] }} />
  );
}

/**
 * The drawing for a page of the navigation tree, from its path (content from either store
 * carries no icon): the most specific word of the path that has one, else its division's.
 */
const pathIcons: readonly [word: string, icon: IconName][] = [
  ['immigration', 'globe'],
  ['private-placement', 'handshake'],
  ['mergers', 'merge'],
  ['acquisition', 'merge'],
  ['business-plans', 'plan'],
  ['strategy', 'compass'],
  ['careers', 'briefcase'],
  ['financing', 'landmark'],
  ['legal', 'shield'],
  ['consulting', 'growth'],
];

export function pathIcon(path: string): IconName {
  return pathIcons.find(([word]) => path.includes(word))?.[1] ?? 'arrow';
}

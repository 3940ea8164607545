/**
 * The site's few icons, Lucide's drawings (lucide-static: SVG text, ISC licence) written into
 * the server's HTML: no script, no request, and they take the text's colour. Decorative: the
 * text beside each says what it means.
 */
import { CalendarCheck, CircleCheck, Mail, Phone } from 'lucide-static';

const icons = { phone: Phone, mail: Mail, calendar: CalendarCheck, check: CircleCheck } as const;

export type IconName = keyof typeof icons;

export function Icon({ name }: { name: IconName }) {
  return (
    <span className="icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: icons[name] }} />
  );
}

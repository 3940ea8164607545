/**
 * Who a lead is from, in the words staff search and read: the name (`full_name`, or first and
 * last name), the e-mail address and the phone number among the answers, whatever the flow.
 * The inbox lists it and the new-lead notification names it; nothing else of the answers.
 */
export interface LeadContact {
  name?: string;
  email?: string;
  phone?: string;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

export function leadContact(answers: unknown): LeadContact {
  if (!answers || typeof answers !== 'object') return {};
  const a = answers as Record<string, unknown>;
  const split = [text(a.first_name) ?? text(a.firstname), text(a.last_name) ?? text(a.lastname)]
    .filter(Boolean)
    .join(' ');
  const name = text(a.full_name) ?? text(a.name) ?? (split || undefined);
  const email = text(a.email);
  const phone = text(a.phone) ?? text(a.mobilephone);
  return {
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
  };
}

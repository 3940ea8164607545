/**
 * Where the footer's newsletter form goes (placeholder 'Your Email Address', button Submit;
 * site-spec.md §2 and §4). The questionnaire feature replaces this component's body with the
 * real form; until then the slot renders an empty container.
 */
export function NewsletterSlot() {
  return <div className="footer-newsletter" id="newsletter" data-slot="newsletter" />;
}

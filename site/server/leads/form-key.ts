/** `contactBanner` → `CONTACT_BANNER`: the suffix of the form key's `HUBSPOT_FORM_<KEY>` variable. */
export function formKeyToEnvSuffix(formKey: string): string {
  return formKey
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

/**
 * For the flow loader: the fix when a form key has no HubSpot form id among `forms` (keyed by
 * suffix, as `hubspotForms` in site/env.ts), or undefined when it has one. Such a key's leads
 * are stored and held forever, so `npm run flows -- check --env` and the server warn about it.
 */
export function unconfiguredForm(
  forms: Record<string, string>,
): (formKey: string) => string | undefined {
  return (formKey) => {
    const suffix = formKeyToEnvSuffix(formKey);
    return forms[suffix] ? undefined : `Set HUBSPOT_FORM_${suffix} to the HubSpot form's id`;
  };
}

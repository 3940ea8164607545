/** `contactBanner` → `CONTACT_BANNER`: the suffix of the form key's `HUBSPOT_FORM_<KEY>` variable. */
export function formKeyToEnvSuffix(formKey: string): string {
  return formKey
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

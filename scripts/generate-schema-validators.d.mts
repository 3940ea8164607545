/** The generated module and its declarations, as the script would write them now. */
export function generateSchemaValidators(): { js: string; dts: string };

/** Where the script writes them. */
export const GENERATED: { js: string; dts: string };

/**
 * The stored form definitions (`hubspot_forms`, hubspot-forms-schema.ts) over the site database,
 * SQLite or PostgreSQL: one row per form key, replaced whenever its form is read again.
 */
import { z } from 'zod';
import { HUBSPOT_FIELD_TYPES, type HubSpotFormDefinition } from '@/engine';
import type { SiteDatabase } from '@/site/server/db/database';
import type { HubSpotFormTables } from './hubspot-forms-schema';

type Database = () => Promise<SiteDatabase>;

const tables = async (database: Database) => (await database()).db.withTables<HubSpotFormTables>();

// What the site itself wrote, read back with the same care as anything from disk: a row written
// by another version of the site that does not fit is left out, and read again at the next refresh.
const zStored = z.object({
  name: z.string(),
  fields: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      fieldType: z.enum(HUBSPOT_FIELD_TYPES),
      required: z.boolean(),
      hidden: z.boolean(),
      objectTypeId: z.string(),
      options: z.array(z.string()).optional(),
    }),
  ),
});

/** Every stored definition, whatever form id it was read from. */
export async function storedForms(database: Database): Promise<HubSpotFormDefinition[]> {
  const rows = await (await tables(database)).selectFrom('hubspot_forms').selectAll().execute();
  return rows.flatMap((row) => {
    let data: unknown;
    try {
      data = JSON.parse(row.definition);
    } catch {
      return [];
    }
    const parsed = zStored.safeParse(data);
    if (!parsed.success) return [];
    return [
      {
        formKey: row.form_key,
        formId: row.form_id,
        name: parsed.data.name,
        fields: parsed.data.fields,
        fetchedAt: row.fetched_at,
      },
    ];
  });
}

/** Stores a form key's definition in place of the one it had. */
export async function storeForm(
  database: Database,
  definition: HubSpotFormDefinition,
): Promise<void> {
  const row = {
    form_id: definition.formId,
    definition: JSON.stringify({ name: definition.name, fields: definition.fields }),
    fetched_at: definition.fetchedAt,
  };
  await (
    await tables(database)
  )
    .insertInto('hubspot_forms')
    .values({ form_key: definition.formKey, ...row })
    .onConflict((conflict) => conflict.column('form_key').doUpdateSet(row))
    .execute();
}

import type { Updateable } from 'kysely';

/**
 * The columns an operator's change sets, collected one field at a time: a field the change leaves
 * out (undefined) leaves its column as it is, so a PATCH of one field writes one column.
 */
export function changedColumns<Table>() {
  const columns: Updateable<Table> = {};
  const set = <K extends keyof Updateable<Table>>(key: K, value: Updateable<Table>[K] | undefined) => {
    if (value !== undefined) columns[key] = value;
  };
  return { columns, set };
}

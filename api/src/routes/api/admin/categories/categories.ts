import { operator } from '@auction/contract';
import { orderedEntryRoutes } from '../../../../operator/orderedEntryRoutes.ts';

/** An auction's item categories (issue 5 §4): the lot table's filters. */
export default orderedEntryRoutes({
  table: 'item_categories',
  kind: 'category',
  path: 'categories',
  fields: operator.categoryFields,
  plural: 'item categories',
  entry: operator.category,
  summaries: {
    add: 'Adds an item category (removing it leaves its lots)',
    edit: 'Edits an item category (removing it leaves its lots)',
    remove: 'Removes an item category (removing it leaves its lots)',
  },
});

import { operator } from '@auction/contract';
import { orderedEntryRoutes } from '../../../../operator/orderedEntryRoutes.ts';

/** An auction's tabs (issue 5 §4): pages of their own, their content rich text stored reduced to the shared allowlist. */
export default orderedEntryRoutes({
  table: 'auction_tabs',
  kind: 'tab',
  path: 'tabs',
  fields: operator.tabFields,
  plural: 'tabs',
  entry: operator.tab,
  summaries: {
    add: 'Adds an auction tab (its own page)',
    edit: 'Edits an auction tab (its own page)',
    remove: 'Removes an auction tab (its own page)',
  },
});

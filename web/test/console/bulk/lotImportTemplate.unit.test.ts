import { LOT_IMPORT_COLUMNS } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { lotImportTemplate } from '../../../src/console/bulk/lotImportTemplate.ts';

describe('the lot import template', () => {
  it("is UTF-8 with a byte order mark, the import's columns and one example row of as many fields", async () => {
    const bytes = new Uint8Array(await lotImportTemplate().arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, example] = new TextDecoder().decode(bytes.subarray(3)).trimEnd().split('\r\n');
    expect(header?.split(',')).toEqual([...LOT_IMPORT_COLUMNS]);
    expect(example?.split(',')).toHaveLength(LOT_IMPORT_COLUMNS.length);
    expect(example).toContain('Séjour au chalet');
  });
});

/** GET /api/brand (contract/src/brand.ts): the white-label brand of the page's host. */
export type { BrandAnswer as Brand } from '@auction/contract';

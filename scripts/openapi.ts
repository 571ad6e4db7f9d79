import { openApiDocument } from '@auction/api';

/** `npm run -s openapi`: prints the OpenAPI 3 document of the whole API (JSON) on stdout. */
const document = await openApiDocument();
process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
process.exit(0);

import { loadConfig } from '@auction/platform';
import { prepareDatabase } from './lib/prepareDatabase.ts';

/** `npm run migrate`: migrations against DATABASE_URL (no demo). */
const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('DATABASE_URL is required for npm run migrate (npm start migrates its embedded database itself).');
  process.exit(1);
}
console.log(await prepareDatabase(config.DATABASE_URL, false));

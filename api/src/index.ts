export { type AppDeps, buildApp } from './app.ts';
export { engineBidding } from './demo/engineBidding.ts';
export { DEMO_ACCOUNTS, loadDemo } from './demo/loadDemo.ts';
export { readLotConfig } from './lots/lotConfig.ts';
export { openApiDocument } from './openapi.ts';

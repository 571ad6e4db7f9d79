export { type AppDeps, buildApp } from './app.ts';
export { DEMO_ACCOUNTS, loadDemo } from './demo/loadDemo.ts';

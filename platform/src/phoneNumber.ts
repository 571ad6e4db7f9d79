/** The phone rules live in the contract, which the web app shares; the platform's callers keep this path. */
export { tenDigitPhone, toE164 } from '@auction/contract';

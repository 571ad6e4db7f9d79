/** The address rules live in the contract, shared with the web app's address form. */
export { isValidPostalCode, normalizePostalCode, OTHER_PROVINCE, provinceEnumOf } from '@auction/contract';

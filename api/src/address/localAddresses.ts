import type { AddressCountry } from '@auction/contract';

/**
 * The local provider's addresses: public buildings of Canada and the United States (city halls,
 * legislatures, landmarks) in the formats Canada Post and USPS use, so that `npm start` and the
 * tests exercise the lookup, the province matching and the postal codes of both countries.
 */
export interface LocalAddress {
  number: string;
  street: string;
  city: string;
  /** Two-letter province, territory or state code. */
  region: string;
  country: AddressCountry;
  postalCode: string;
}

const ca = (number: string, street: string, city: string, region: string, postalCode: string): LocalAddress => ({
  number,
  street,
  city,
  region,
  country: 'CA',
  postalCode,
});
const us = (number: string, street: string, city: string, region: string, postalCode: string): LocalAddress => ({
  number,
  street,
  city,
  region,
  country: 'US',
  postalCode,
});

export const LOCAL_ADDRESSES: readonly LocalAddress[] = [
  ca('275', 'Rue Notre-Dame Est', 'Montréal', 'QC', 'H2Y 1C6'),
  ca('845', 'Rue Sherbrooke Ouest', 'Montréal', 'QC', 'H3A 0G4'),
  ca('1001', 'Rue Lenoir', 'Montréal', 'QC', 'H4C 2Z6'),
  ca('4101', 'Rue Sherbrooke Est', 'Montréal', 'QC', 'H1X 2B2'),
  ca('1', 'Rue des Carrières', 'Québec', 'QC', 'G1R 4P5'),
  ca('2', 'Rue des Jardins', 'Québec', 'QC', 'G1R 4S9'),
  ca('25', 'Rue Laurier', 'Gatineau', 'QC', 'J8X 4C8'),
  ca('191', 'Rue du Palais', 'Sherbrooke', 'QC', 'J1H 5H9'),
  ca('100', 'Queen St W', 'Toronto', 'ON', 'M5H 2N2'),
  ca('290', 'Bremner Blvd', 'Toronto', 'ON', 'M5V 3L9'),
  ca('111', 'Wellington St', 'Ottawa', 'ON', 'K1A 0A9'),
  ca('110', 'Laurier Ave W', 'Ottawa', 'ON', 'K1P 1J1'),
  ca('453', 'Booth St', 'Ottawa', 'ON', 'K1R 7K9'),
  ca('453', 'W 12th Ave', 'Vancouver', 'BC', 'V5Y 1V4'),
  ca('501', 'Belleville St', 'Victoria', 'BC', 'V8V 2L8'),
  ca('800', 'Macleod Trail SE', 'Calgary', 'AB', 'T2G 2M3'),
  ca('10800', '97 Ave NW', 'Edmonton', 'AB', 'T5K 2B6'),
  ca('510', 'Main St', 'Winnipeg', 'MB', 'R3B 1B9'),
  ca('2476', 'Victoria Ave', 'Regina', 'SK', 'S4P 3C8'),
  ca('1841', 'Argyle St', 'Halifax', 'NS', 'B3J 3A5'),
  ca('397', 'Queen St', 'Fredericton', 'NB', 'E3B 1B5'),
  ca('10', 'New Gower St', "St. John's", 'NL', 'A1C 5M2'),
  ca('199', 'Queen St', 'Charlottetown', 'PE', 'C1A 4B7'),
  ca('4807', '49 St', 'Yellowknife', 'NT', 'X1A 3T5'),
  ca('2121', '2nd Ave', 'Whitehorse', 'YT', 'Y1A 1C2'),
  ca('926', 'Federal Rd', 'Iqaluit', 'NU', 'X0A 0H0'),
  us('1600', 'Pennsylvania Ave NW', 'Washington', 'DC', '20500'),
  us('350', '5th Ave', 'New York', 'NY', '10118-0110'),
  us('65', 'Niagara Sq', 'Buffalo', 'NY', '14202'),
  us('149', 'Church St', 'Burlington', 'VT', '05401'),
  us('1', 'City Hall Sq', 'Boston', 'MA', '02201'),
  us('121', 'N LaSalle St', 'Chicago', 'IL', '60602'),
  us('600', '4th Ave', 'Seattle', 'WA', '98104'),
  us('1', 'Dr Carlton B Goodlett Pl', 'San Francisco', 'CA', '94102'),
  us('400', 'S Orange Ave', 'Orlando', 'FL', '32801'),
  us('2', 'Woodward Ave', 'Detroit', 'MI', '48226'),
];

/** The states of the dataset, by name (English and French alike, as Canada Post writes them). */
export const STATE_NAMES: Readonly<Record<string, string>> = {
  DC: 'District of Columbia',
  NY: 'New York',
  VT: 'Vermont',
  MA: 'Massachusetts',
  IL: 'Illinois',
  WA: 'Washington',
  CA: 'California',
  FL: 'Florida',
  MI: 'Michigan',
};

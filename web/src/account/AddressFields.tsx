import { isUnitedStates, isValidPostalCode } from '@auction/contract/address';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { Field } from './Field.tsx';
import { accountMutations, accountQueries } from './queries.ts';
import type { AddressSuggestion } from './types.ts';

export interface AddressValue {
  address: string;
  apartment: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
}

/** Typing settles this long before the search is asked (one call per pause, not per key). */
const SEARCH_DELAY_MS = 300;
const MIN_SEARCH = 3;

function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Spec 000 §5: Canadian A1A 1A1 or American 12345(-6789), by the address's country. */
export function postalCodeError(postalCode: string, country: string): PostalCodeError | undefined {
  if (postalCode.trim() === '' || isValidPostalCode(postalCode, country)) return undefined;
  // The message shows the format of the address's country.
  return isUnitedStates(country) ? 'invalid_zip_code' : 'invalid_postal_code';
}
type PostalCodeError = 'invalid_postal_code' | 'invalid_zip_code';

/**
 * The address block of registration and the profile (spec 000 §2, §5): a search box with
 * suggestions (Canada and the United States); the chosen address fills address, city, province and
 * country, which are then read-only, while apartment and postal code stay editable. "Edit the
 * address manually" unlocks them for an address the lookup does not know (the API still checks
 * the postal code and matches the province, else 99). The postal code is checked when it loses
 * the focus.
 */
export function AddressFields({
  value,
  onChange,
  required,
}: {
  value: AddressValue;
  onChange: (value: AddressValue) => void;
  required: boolean;
}) {
  const locale = useLocale();
  const listId = useId();
  const [search, setSearch] = useState('');
  const [container, setContainer] = useState('');
  const [manual, setManual] = useState(false);
  const [postalError, setPostalError] = useState<PostalCodeError | undefined>();
  const settled = useSettled(search.trim(), SEARCH_DELAY_MS);
  const suggestions = useQuery({
    ...accountQueries.addressSuggestions(settled, container, locale),
    enabled: settled.length >= MIN_SEARCH,
  });
  const details = useMutation(accountMutations.addressDetails());

  const choose = async (suggestion: AddressSuggestion) => {
    if (suggestion.isContainer) {
      setContainer(suggestion.id);
      return;
    }
    const found = await details.mutateAsync(suggestion.id);
    const country = found.country === 'US' ? 'USA' : 'Canada';
    onChange({
      ...value,
      address: found.address,
      city: found.city,
      province: found.province,
      postalCode: found.postalCode,
      country,
    });
    setPostalError(postalCodeError(found.postalCode, country));
    setSearch('');
    setContainer('');
    setManual(false);
  };

  const field = (name: keyof AddressValue, locked: boolean) => (
    <Field
      key={name}
      label={<FormattedMessage id={`field.${name}`} />}
      required={required && name !== 'apartment'}
      readOnly={locked}
      value={value[name]}
      onChange={(event) => onChange({ ...value, [name]: event.target.value })}
      {...(name === 'postalCode'
        ? {
            error: postalError,
            onBlur: () => setPostalError(postalCodeError(value.postalCode, value.country)),
            autoComplete: 'postal-code',
          }
        : {})}
    />
  );
  const list = settled.length >= MIN_SEARCH ? (suggestions.data ?? []) : [];

  return (
    <div className="address-fields">
      <div className="field">
        <label htmlFor={`${listId}-search`}>
          <FormattedMessage id="address.search" />
        </label>
        <input
          id={`${listId}-search`}
          type="search"
          value={search}
          autoComplete="off"
          aria-describedby={`${listId}-hint`}
          aria-controls={listId}
          onChange={(event) => {
            setSearch(event.target.value);
            setContainer('');
          }}
        />
        <p id={`${listId}-hint`} className="field__hint">
          <FormattedMessage id="address.searchHint" />
        </p>
      </div>
      <ul id={listId} className="address-fields__suggestions" aria-live="polite">
        {list.map((suggestion) => (
          <li key={suggestion.id}>
            <button type="button" className="address-fields__suggestion" onClick={() => void choose(suggestion)}>
              <strong>{suggestion.text}</strong> <span>{suggestion.description}</span>
            </button>
          </li>
        ))}
      </ul>
      {settled.length >= MIN_SEARCH && suggestions.isSuccess && list.length === 0 ? (
        <p className="alert alert--info">
          <FormattedMessage id="address.noResults" />
        </p>
      ) : null}
      {!manual && !value.address ? (
        <p className="alert alert--warning">
          <FormattedMessage id="address.useSearch" />
        </p>
      ) : null}
      {field('address', !manual)}
      {field('apartment', false)}
      {field('city', !manual)}
      {field('province', !manual)}
      {field('postalCode', false)}
      {field('country', !manual)}
      {manual ? null : (
        <button
          type="button"
          className="button button--secondary address-fields__manual"
          onClick={() => setManual(true)}
        >
          <FormattedMessage id="address.editManually" />
        </button>
      )}
    </div>
  );
}

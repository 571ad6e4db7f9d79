import type { operator } from '@auction/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { MessageList } from '../../account/Field.tsx';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { FormActions } from '../../layout/FormActions.tsx';
import { showToast } from '../../live/toasts.tsx';
import { consoleKeys } from '../queries.ts';
import {
  type AuctionFormValues,
  creationBody,
  emptyForm,
  errorsByField,
  type FieldErrors,
} from '../setup/auctionForm.ts';
import { AUCTION_TYPES, Choice, DateInput, FormContext, TitlesAndAddress } from '../setup/formKit.tsx';
import { organizationMutations } from './queries.ts';

/** Lower case, accents off, dashes for the rest: a title's suggested link (the API's pattern). */
export function suggestedLink(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/**
 * A new auction (issue 19 §2): the link, both titles, the dates and the type are enough to create
 * it in Planning; the set-up section it opens on does the rest.
 */
export function NewAuctionForm({ organizationId, onCancel }: { organizationId: number; onCancel: () => void }) {
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation(organizationMutations.createAuction());
  const [values, setValues] = useState<AuctionFormValues>(emptyForm);
  const [linkTouched, setLinkTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const setText = (name: string, value: string) => {
    if (name === 'urlMagicLink') setLinkTouched(true);
    setValues((v) => {
      const text = { ...v.text, [name]: value };
      // The link follows the French title until it is typed by hand.
      if (name === 'translations.fr.titleShort' && !linkTouched) text.urlMagicLink = suggestedLink(value);
      return { ...v, text };
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      const auction = await create.mutateAsync(creationBody(organizationId, values));
      queryClient.setQueryData<operator.OperatorAuction[]>(consoleKeys.auctions(organizationId), (list) => [
        auction,
        ...(list ?? []),
      ]);
      showToast('success', 'console.newAuction.created');
      await navigate({
        to: pathFor('console', {}, locale),
        search: { organisation: organizationId, encan: auction.id, section: 'setup' } as never,
        replace: true,
      });
    } catch (error) {
      setErrors(errorsByField(error));
    }
  }

  return (
    <FormContext.Provider value={{ values, errors, setText, setFlag: () => {} }}>
      <form className="setup__form setup__group" noValidate onSubmit={submit} aria-labelledby="new-auction-title">
        <h3 id="new-auction-title">
          <FormattedMessage id="console.newAuction.title" />
        </h3>
        <MessageList keys={errors[''] ?? []} />
        <div className="setup__fields">
          <TitlesAndAddress />
          <Choice name="type" label="console.setup.field.type" options={AUCTION_TYPES} />
          <DateInput name="datePreOpen" label="console.setup.field.datePreOpen" />
          <DateInput name="dateOpen" label="console.setup.field.dateOpen" />
          <DateInput name="dateCompleted" label="console.setup.field.dateCompleted" />
        </div>
        <FormActions
          className="console__dialog-actions"
          cancel="console.cancel"
          onCancel={onCancel}
          submit="console.newAuction.create"
          pending={create.isPending}
        />
      </form>
    </FormContext.Provider>
  );
}

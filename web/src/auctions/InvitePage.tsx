import { useMutation } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Field, formatPhoneInput, MessageList } from '../account/Field.tsx';
import { roleNumbers, useProfile } from '../account/session.ts';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { pathFor } from '../i18n/routes.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { Form } from '../layout/Form.tsx';
import { Loading } from '../layout/QueryStatus.tsx';
import { useSubmission } from '../layout/useSubmission.ts';
import { useRouteParam } from '../lib/useRoute.ts';
import { showToast } from '../live/toasts.tsx';
import { AuctionShell } from './AuctionShell.tsx';
import { canInvite } from './menu.ts';
import { auctionMutations } from './queries.ts';
import type { Auction } from './types.ts';

function InviteForm({ auction }: { auction: Auction }) {
  const [form, setForm] = useState({ phoneNumber: '', firstName: '', lastName: '' });
  const { submit, errors } = useSubmission();
  const [stopped, setStopped] = useState(false);
  const invite = useMutation(auctionMutations.invite(auction.id));
  return (
    <section className="form-page">
      <h1 className="page__title">
        <FormattedMessage id="invite.title" />
      </h1>
      <Form
        className="form"
        onSubmit={submit(async () => {
          // Spec 000 §5: parentheses, dashes and the space are stripped before sending.
          const { optedOut } = await invite.mutateAsync({
            ...form,
            phoneNumber: form.phoneNumber.replace(/[()\s-]/g, ''),
          });
          if (optedOut) {
            setStopped(true);
            return;
          }
          showToast('success', 'invite.sent');
          setForm({ phoneNumber: '', firstName: '', lastName: '' });
        })}
      >
        <Field
          label={<FormattedMessage id="field.cellphone" />}
          type="tel"
          required
          value={form.phoneNumber}
          onChange={(e) => setForm({ ...form, phoneNumber: formatPhoneInput(e.target.value) })}
        />
        <Field
          label={<FormattedMessage id="field.firstName" />}
          value={form.firstName}
          onChange={(e) => setForm({ ...form, firstName: e.target.value })}
        />
        <Field
          label={<FormattedMessage id="field.lastName" />}
          value={form.lastName}
          onChange={(e) => setForm({ ...form, lastName: e.target.value })}
        />
        <MessageList keys={errors} />
        <button type="submit" className="button">
          <FormattedMessage id="invite.submit" />
        </button>
      </Form>
      <Dialog open={stopped} onOpenChange={setStopped} title={<FormattedMessage id="invite.errorTitle" />}>
        <p>
          <FormattedMessage id="user_has_send_stop_date" />
        </p>
      </Dialog>
    </section>
  );
}

/** Spec 000 §6: volunteers, administrators and auction managers only; others go to the items list. */
export function InviteScreen() {
  const locale = useLocale();
  const urlMagicLink = useRouteParam('urlMagicLink');
  const { profile, isSignedIn } = useProfile();
  if (isSignedIn && !profile) return <Loading />;
  if (!canInvite(roleNumbers(profile))) return <Navigate to={pathFor('lotList', { urlMagicLink }, locale)} replace />;
  return (
    <AuctionShell urlMagicLink={urlMagicLink} screen="invite" showBanner={false}>
      {({ auction }) => <InviteForm auction={auction} />}
    </AuctionShell>
  );
}

import type { operator } from '@auction/contract';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Field } from '../../account/Field.tsx';
import { serverMessageId } from '../../i18n/messages.ts';
import { DateZoneHint } from './DateZoneHint.tsx';
import { PartRow } from './PartRow.tsx';
import { type Names, namesBody, namesOf, TranslatedNames } from './TranslatedNames.tsx';
import { fromLocalInput, toLocalInput } from './zonedTime.ts';

type ClosingGroup = operator.OperatorAuction['closingGroups'][number];

function GroupRow({ auction, group }: { auction: operator.OperatorAuction; group?: ClosingGroup }) {
  const [names, setNames] = useState<Names>(() => namesOf(group));
  const [end, setEnd] = useState(() => toLocalInput(group?.dateCompleted ?? auction.dateCompleted));
  const [hidden, setHidden] = useState(group?.isHiddenInMenu ?? false);
  const endChanged =
    group !== undefined && fromLocalInput(end) !== (group.dateCompleted && new Date(group.dateCompleted).toISOString());
  const iso = fromLocalInput(end);
  return (
    <PartRow
      auctionId={auction.id}
      organizationId={auction.organizationId}
      kind="closing-groups"
      id={group?.id}
      legend={group ? namesOf(group).fr || namesOf(group).en : <FormattedMessage id="console.setup.newGroup" />}
      // A new end moves every open lot of the group: said before it is sent.
      warning={
        endChanged
          ? {
              title: 'console.setup.rescheduleTitle',
              consequence: 'console.setup.rescheduleConsequence',
              action: 'console.setup.reschedule',
            }
          : null
      }
      body={() => ({
        translations: namesBody(names),
        // An unreadable date is sent as typed, so the API's own refusal names it.
        dateCompleted: fromLocalInput(end) ?? end,
        isHiddenInMenu: hidden,
        commandId: crypto.randomUUID(),
      })}
      onAdded={() => setNames({ fr: '', en: '' })}
    >
      {(errors) => (
        <>
          <TranslatedNames names={names} errors={errors} onChange={setNames} />
          <Field
            label={<FormattedMessage id="console.setup.groupEnd" />}
            type="datetime-local"
            value={end}
            error={errors.dateCompleted?.[0] ? serverMessageId(errors.dateCompleted[0]) : undefined}
            hint={<DateZoneHint iso={iso} />}
            onChange={(event) => setEnd(event.target.value)}
          />
          <label className="setup__check">
            <input type="checkbox" checked={hidden} onChange={(event) => setHidden(event.target.checked)} />
            <FormattedMessage id="console.setup.groupHidden" />
          </label>
        </>
      )}
    </PartRow>
  );
}

/** Closing groups (spec 001 §3): lots that end together; a group's end is its lots' end. */
export function ClosingGroupsEditor({ auction }: { auction: operator.OperatorAuction }) {
  return (
    <section className="setup__parts" aria-labelledby="setup-groups">
      <h3 id="setup-groups">
        <FormattedMessage id="console.setup.groups" />
      </h3>
      {auction.closingGroups.map((group) => (
        <GroupRow key={group.id} auction={auction} group={group} />
      ))}
      <GroupRow auction={auction} />
    </section>
  );
}

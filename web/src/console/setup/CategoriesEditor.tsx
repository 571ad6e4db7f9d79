import type { operator } from '@auction/contract';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { PartRow } from './PartRow.tsx';
import { type Names, namesBody, namesOf, TranslatedNames } from './TranslatedNames.tsx';

type Category = operator.OperatorAuction['itemCategories'][number];

function CategoryRow({
  auction,
  category,
  index = -1,
}: {
  auction: operator.OperatorAuction;
  category?: Category;
  /** Its place in the auction's categories. */
  index?: number;
}) {
  const [names, setNames] = useState<Names>(() => namesOf(category));
  const name = category ? namesOf(category).fr || namesOf(category).en : '';
  return (
    <PartRow
      auctionId={auction.id}
      organizationId={auction.organizationId}
      kind="categories"
      id={category?.id}
      legend={category ? name : <FormattedMessage id="console.setup.newCategory" />}
      body={() => ({ translations: namesBody(names), ...(category ? {} : { order: auction.itemCategories.length }) })}
      onAdded={() => setNames({ fr: '', en: '' })}
      place={{ ids: auction.itemCategories.map((c) => c.id), index, name }}
    >
      {(errors) => <TranslatedNames names={names} errors={errors} onChange={setNames} />}
    </PartRow>
  );
}

/** The auction's lot categories (spec 001 §3 itemCategories), in their order. */
export function CategoriesEditor({ auction }: { auction: operator.OperatorAuction }) {
  return (
    <section className="setup__parts" aria-labelledby="setup-categories">
      <h3 id="setup-categories">
        <FormattedMessage id="console.setup.categories" />
      </h3>
      {auction.itemCategories.map((category, index) => (
        <CategoryRow key={category.id} auction={auction} category={category} index={index} />
      ))}
      <CategoryRow auction={auction} />
    </section>
  );
}

import { useState } from 'react';
import type { FacetItemView } from '../../types/generated/FacetItemView';
import type { FacetView } from '../../types/generated/FacetView';
import type { SearchLimits } from '../../types/generated/SearchLimits';
import { MESSAGES } from '../../types/generated/messages';
import { FacetList } from './facet-list';

/** The first `count` items plus any selected item past them (a make picked from the
 *  full list stays in view once it is collapsed). */
function firstAndSelected(
  items: FacetItemView[],
  count: number,
  selected: string[],
): FacetItemView[] {
  return items.filter((item, i) => i < count || selected.includes(item.value));
}

interface Props {
  /** The make facet: its label, widget and live items. */
  make: FacetView;
  /** The model facet's label, widget and live items, when the dealer lists models and
   *  a make is selected (or fixed by the route); null hides the model list. */
  model: FacetView | null;
  selectedMakes: string[];
  selectedModels: string[];
  limits: SearchLimits;
  idPrefix: string;
  onToggle: (facet: string, value: string) => void;
}

/** The make refinement (seed 000 s2/s9): the first 7 makes with a Show all makes toggle,
 *  or on the dealer that groups them Popular Makes (the first 20) and, behind the toggle,
 *  All Makes (A to Z); once a make is selected, its model list (the first 30). */
export function MakeFilter({
  make,
  model,
  selectedMakes,
  selectedModels,
  limits,
  idPrefix,
  onToggle,
}: Props) {
  const [showAll, setShowAll] = useState(false);
  const first = limits.popular_makes ?? limits.makes_shown_first;
  const hasMore = make.items.length > first;
  const allId = `${idPrefix}-all-makes`;
  const toggle = hasMore ? (
    <button
      type="button"
      className="link-button"
      aria-expanded={showAll}
      aria-controls={allId}
      onClick={() => setShowAll((s) => !s)}
    >
      {MESSAGES.SHOW_ALL_MAKES}
    </button>
  ) : null;
  const list = (items: FacetItemView[], key: string) => (
    <FacetList
      facet="make"
      items={items}
      selected={selectedMakes}
      widget={make.widget}
      idPrefix={`${idPrefix}-${key}`}
      onToggle={onToggle}
    />
  );
  // The models follow the makes they belong to, ahead of the longer make list.
  const models = model ? (
    <fieldset className="facet facet--models">
      <legend className="facet__title">{model.label}</legend>
      <FacetList
        facet="model"
        items={firstAndSelected(model.items, limits.model_list_limit, selectedModels)}
        selected={selectedModels}
        widget={model.widget}
        idPrefix={idPrefix}
        onToggle={onToggle}
      />
    </fieldset>
  ) : null;
  return (
    <fieldset className="facet facet--make">
      <legend className="facet__title">{make.label}</legend>
      {limits.popular_makes !== null ? (
        <>
          <h3 className="facet__subtitle">{MESSAGES.POPULAR_MAKES}</h3>
          {list(firstAndSelected(make.items, first, selectedMakes), 'popular')}
          {models}
          {toggle}
          {showAll ? (
            <div id={allId}>
              <h3 className="facet__subtitle">{MESSAGES.ALL_MAKES}</h3>
              {list(
                [...make.items].sort((a, b) => a.label.localeCompare(b.label)),
                'all',
              )}
            </div>
          ) : null}
        </>
      ) : (
        <>
          <div id={allId}>
            {list(
              showAll ? make.items : firstAndSelected(make.items, first, selectedMakes),
              'makes',
            )}
          </div>
          {models}
          {toggle}
        </>
      )}
    </fieldset>
  );
}

import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { favouriteOf, SaveToggle } from '../features/account/save-toggle';
import type { CardView } from '../types/generated/CardView';
import { CARD_BUTTONS_SHOWN } from '../types/generated/constants';
import { MESSAGES } from '../types/generated/messages';
import { COMPARISON_RATE_MARK } from './comparison-rate-note';
import { CompareToggle } from './compare-toggle';
import { FallbackImage } from './fallback-image';
import { Photo } from './photo';

/** Buttons a card shows at once: the dealer's first two (`search.card_buttons`, its
 *  choice of primary action first); the rest wait under More, so a card with every
 *  button the dealer can list still fits a phone's screen. `forecourt check` warns a
 *  dealer who lists more than this. */

/** The visible words of the disclosure holding a card's further buttons. */
export const MORE_ACTIONS = 'More';

type CardButton = CardView['buttons'][number];

function ActionLink({
  button,
  car,
  primary,
}: {
  button: CardButton;
  car: CardView;
  primary: boolean;
}) {
  return (
    <a
      className={`button${primary ? '' : ' button--secondary'} car-card__button--${button.kind}`}
      href={button.url}
      aria-label={`${button.label}: ${car.name}`}
    >
      {button.label}
    </a>
  );
}

/** The buttons past the first `CARD_BUTTONS_SHOWN`, in the dealer's order, under a native
 *  disclosure (it opens without scripts, and its summary takes Enter and Space). The list
 *  opens over the card's body, above the actions, so no card moves. Escape closes it and
 *  returns focus to its summary; a click outside it, or the focus moving out of it,
 *  closes it too. */
function MoreActions({ buttons, car }: { buttons: CardButton[]; car: CardView }) {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      const el = details.current;
      if (el && !el.contains(event.target as Node)) el.open = false;
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key === 'Escape' && event.currentTarget.open) {
      event.stopPropagation();
      event.currentTarget.open = false;
      setOpen(false);
      summary.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLDetailsElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) event.currentTarget.open = false;
  };
  return (
    <details
      ref={details}
      className="car-card__more"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <summary
        ref={summary}
        className="car-card__more-toggle"
        aria-label={`${MORE_ACTIONS}: ${car.name}`}
      >
        {MORE_ACTIONS}
        <svg viewBox="0 0 24 24" width={16} height={16} aria-hidden="true" focusable="false">
          <path d="m6 15 6-6 6 6" fill="none" stroke="currentColor" strokeWidth={2} />
        </svg>
      </summary>
      <ul className="car-card__more-list">
        {buttons.map((button) => (
          <li key={button.kind}>
            <ActionLink button={button} car={car} primary={false} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** One car card, one link to the car as a whole (its title's link covers the card; the
 *  actions and Save sit above it): tag, image (fixed ratio, through the image service, lazy unless
 *  `priority`; the not-found image when the car has none) with the yard and the photo
 *  count over it, price or 'Enquire for price.', key spec chips (year, km, transmission, fuel),
 *  the view count where the site shows it, "Reserved" on a held car whatever its tag,
 *  weekly finance '/wk' with the comparison rate beside it in the same type (marked to the
 *  page's `ComparisonRateNote`, which `CarGrid` renders), its buttons (the dealer's
 *  `search.card_buttons`, View Details too when listed, the first two shown and the rest
 *  under More) or Find Me Something Similar, and the save toggle where the
 *  site offers favourites (`favourites`, the site's SiteView.favourites: the card's markup
 *  depends on its props alone, so the SSR worker can share it between pages), and the
 *  compare toggle where it offers comparing (`compare`, SiteView.compare). */
export function CarCard({
  car,
  favourites,
  compare = false,
  headingLevel = 3,
  priority = false,
}: {
  car: CardView;
  favourites: boolean;
  /** The site offers comparing cars (SiteView.compare). */
  compare?: boolean;
  headingLevel?: 2 | 3;
  /** The page's largest image (the first search result): eager, high priority. */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const tagClass = car.tag
    ? `car-card__tag car-card__tag--${car.tag.kind}${car.tag.colour ? ` car-card__tag--${car.tag.colour}` : ''}`
    : '';
  return (
    <article className={`car-card${car.available ? '' : ' car-card--sold'}`}>
      <div className="car-card__media">
        <Photo
          url={car.image?.url}
          srcset={car.image?.srcset}
          alt=""
          layout="card"
          priority={priority}
        />
        {/* Seed 000: the yard over the photo, on its own dark scrim so it reads on any photo. */}
        {car.location_name ? (
          <p className="car-card__location">
            <svg viewBox="0 0 24 24" width={14} height={14} aria-hidden="true" focusable="false">
              <path
                d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
                fill="currentColor"
              />
            </svg>
            <span className="car-card__location-name">{car.location_name}</span>
          </p>
        ) : null}
        {car.photo_count > 1 ? (
          <span className="car-card__photos">
            <svg viewBox="0 0 24 24" width={14} height={14} aria-hidden="true" focusable="false">
              <path
                d="M9 4 7.2 6H4a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-3.2L15 4H9zm3 4.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
                fill="currentColor"
              />
            </svg>
            {car.photo_count}
            <span className="visually-hidden"> photos</span>
          </span>
        ) : null}
      </div>
      {car.sold_text ? (
        <span className="car-card__tag car-card__tag--sold">{car.sold_text}</span>
      ) : car.tag_logo ? (
        <FallbackImage
          className="car-card__tag car-card__tag--logo"
          src={car.tag_logo.url}
          alt={car.tag_logo.alt}
          width={96}
          height={32}
        />
      ) : car.tag ? (
        <span className={tagClass}>{car.tag.text}</span>
      ) : null}
      <SaveToggle
        car={favouriteOf(car)}
        saveable={car.saveable}
        favourites={favourites}
        className="car-card__save"
      />
      <div className="car-card__body">
        <Heading className="car-card__title">
          <a href={car.path}>{car.name}</a>
        </Heading>
        <p className="car-card__price">
          {car.price_text}
          {car.price_type && car.price !== null ? (
            <span className="car-card__price-type"> {car.price_type}</span>
          ) : null}
        </p>
        {car.finance ? (
          <p className="car-card__weekly finance-line">
            <span>
              {car.finance.weekly}
              {MESSAGES.PER_WEEK_SHORT}
            </span>{' '}
            <span className="car-card__comparison">
              {MESSAGES.COMPARISON_RATE} {car.finance.comparison_rate}
              <span aria-hidden="true">{COMPARISON_RATE_MARK}</span>
            </span>
            {/* Seed 001 s9: the Angle card states its $0 final payment. */}
            {car.finance.final_payment ? (
              <>
                {' '}
                <span className="car-card__final-payment">
                  Final payment {car.finance.final_payment}
                </span>
              </>
            ) : null}
          </p>
        ) : null}
        <ul className="car-card__facts" aria-label="Key facts">
          <li className="car-card__chip">{car.year}</li>
          {car.km_text ? <li className="car-card__chip">{car.km_text}</li> : null}
          {car.spec_chips.map((chip) => (
            <li className="car-card__chip" key={chip}>
              {chip}
            </li>
          ))}
          {car.views_text ? (
            <li className="car-card__chip car-card__views">{car.views_text}</li>
          ) : null}
        </ul>
        <div className="car-card__actions">
          {/* A held car says so where its Reserve button was (the tag may be the fuel
              tag, which outranks Reserved). */}
          {car.reserved && car.tag?.kind !== 'reserved' && !car.find_similar_url ? (
            <span className="car-card__held">{MESSAGES.RESERVED}</span>
          ) : null}
          {car.find_similar_url ? (
            <a className="button button--secondary" href={car.find_similar_url}>
              {MESSAGES.FIND_ME_SOMETHING_SIMILAR}
            </a>
          ) : (
            <>
              {car.buttons.slice(0, CARD_BUTTONS_SHOWN).map((button, i) => (
                <ActionLink key={button.kind} button={button} car={car} primary={i === 0} />
              ))}
              {car.buttons.length > CARD_BUTTONS_SHOWN ? (
                <MoreActions buttons={car.buttons.slice(CARD_BUTTONS_SHOWN)} car={car} />
              ) : null}
            </>
          )}
        </div>
        {compare ? <CompareToggle car={favouriteOf(car)} className="car-card__compare" /> : null}
      </div>
    </article>
  );
}

import { useEffect, useRef } from 'react';
import type { VehicleProps } from '../app/props';
import { Breadcrumbs } from '../components/breadcrumbs';
import { COMPARISON_RATE_MARK, ComparisonRateNote } from '../components/comparison-rate-note';
import { Layout } from '../components/layout';
import { cardCar, EVENT_PHONE_CLICK, trackEvent } from '../lib/analytics';
import { FinanceCalculator } from '../features/finance/finance-calculator';
import { FinanceEstimate } from '../features/finance/finance-estimate';
import { YouxQuote } from '../features/finance/youx-quote';
import { FormDialog, useFormDialog } from '../features/forms/form-dialog';
import { FormDialogOpener } from '../features/forms/form-dialog-opener';
import { useVehicleForms, type VehicleFormKind } from '../features/forms/vehicle-forms';
import '../features/forms/forms.css';
import { AccordionSection } from '../features/vehicle/accordion-section';
import { CallBox, logReveal, warnMissingPhone, type RevealIds } from '../features/vehicle/call-box';
import { CarSummary } from '../features/vehicle/car-summary';
import { DealerComments } from '../features/vehicle/dealer-comments';
import { DeliveryCalculator } from '../features/vehicle/delivery-calculator';
import { FuelCalculator } from '../features/vehicle/fuel-calculator';
import { PriceComparison } from '../features/vehicle/price-comparison';
import { SimilarCars } from '../features/vehicle/similar-cars';
import { BottomBar, StickyHeader } from '../features/vehicle/scroll-bars';
import { ShareActions } from '../features/vehicle/share-actions';
import { Assurances, HistoryReportLink } from '../features/vehicle/assurances';
import { favouriteOf, SaveToggle } from '../features/account/save-toggle';
import { CompareToggle } from '../components/compare-toggle';
import { SpecRows } from '../features/vehicle/spec-table';
import { useLiveStock } from '../features/vehicle/use-hold';
import { Viewer } from '../features/vehicle/viewer';
import { PromoBanner } from '../features/vehicle/promo-banner';
import { VehicleMap } from '../features/vehicle/vehicle-map';
import '../features/vehicle/vehicle.css';
import { MESSAGES } from '../types/generated/messages';

/** The vehicle detail page. */
export function VehiclePage({ site, page }: VehicleProps) {
  const { card, widgets } = page;
  const available = !page.sold_notice;
  // Sold or held since the page was built: the API's stock state says so on load.
  const live = useLiveStock(card.id, available);
  // Reserved takes the reserve button's place, as the build would have shown it.
  const held = live.held && card.reserve_url !== null;
  // One "Reserve Now" on screen at a time: the bars offer it only while the
  // page's own button is out of view, and the header leaves it to the bottom bar.
  const primaryReserve = useRef<HTMLAnchorElement>(null);
  const revealIds: RevealIds = {
    car_id: card.id,
    dealership_id: widgets.dealership_id,
    website_id: widgets.website_id,
  };
  const collapseMs = widgets.collapse_ms;
  // The comparison rate warning is printed once, under the page's first rate in
  // reading order (the sidebar, then the estimate, calculator, quote and similar cars).
  const rateNoteAt = card.finance
    ? 'sidebar'
    : page.finance_estimate
      ? 'estimate'
      : page.finance_calculator
        ? 'calculator'
        : widgets.youx_quote
          ? 'quote'
          : 'similar';
  useEffect(() => {
    if (!page.phone) warnMissingPhone(card);
    // Once per page: the phone is part of the page's props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Seed 000 s2/s5: the enquiry, test drive and photo request open as dialogs.
  // The forms themselves are the site's, fetched when a shopper reaches for a button.
  const forms = page.forms ?? null;
  const carForms = useVehicleForms(forms);
  const enquiry = useFormDialog();
  const testDrive = useFormDialog();
  const photos = useFormDialog();
  const opening = (dialog: typeof enquiry) => (event: Parameters<typeof enquiry.show>[0]) => {
    carForms.load();
    dialog.show(event);
  };
  const dialogOf = (kind: VehicleFormKind, dialog: typeof enquiry) =>
    forms ? (
      <FormDialog
        state={dialog}
        view={carForms.view(kind)}
        pending={{ title: forms[kind].title, url: forms[kind].url, failed: carForms.failed }}
        dealershipSlug={site.slug}
      />
    ) : null;
  const summary = (
    <aside className="vehicle__sidebar" aria-label="Price and contact">
      {page.sold_notice ? (
        <p className="vehicle__sold" role="note">
          {page.sold_notice}
        </p>
      ) : null}
      {card.tag && !card.sold_text ? (
        <span className={`car-card__tag car-card__tag--${card.tag.kind}`}>{card.tag.text}</span>
      ) : null}
      <h1 className="vehicle__title">{card.name}</h1>
      <p className="vehicle__price">
        {live.sold && !card.reserve_url ? (
          // No reserve button to give its place to: the notice takes the price's line.
          <span className="vehicle__price-sold">{MESSAGES.SOLD}</span>
        ) : (
          <>
            {card.price_text}
            {card.price_type && card.price !== null ? (
              <span className="vehicle__price-type"> {card.price_type}</span>
            ) : null}
          </>
        )}
      </p>
      {card.finance ? (
        <>
          <p className="vehicle__weekly finance-line">
            <span>
              {card.finance.weekly}
              {MESSAGES.PER_WEEK_SHORT}{' '}
              <span className="vehicle__weekly-note">{MESSAGES.PRE_APPROVED}</span>
            </span>{' '}
            <span>
              {MESSAGES.INTEREST_RATE} {card.finance.interest_rate}
            </span>{' '}
            <span>
              {MESSAGES.COMPARISON_RATE} {card.finance.comparison_rate}
              <span aria-hidden="true">{COMPARISON_RATE_MARK}</span>
            </span>
          </p>
          {rateNoteAt === 'sidebar' ? <ComparisonRateNote /> : null}
        </>
      ) : null}
      {page.key_chips.length > 0 ? (
        <ul className="vehicle__chips" aria-label="Key details">
          {page.key_chips.map((chip) => (
            <li key={chip}>{chip}</li>
          ))}
        </ul>
      ) : null}
      {page.find_similar_url ? (
        <a className="button" href={page.find_similar_url}>
          {MESSAGES.FIND_ME_SOMETHING_SIMILAR}
        </a>
      ) : (
        <>
          {card.find_similar_url ? (
            <a className="button button--secondary" href={card.find_similar_url}>
              {MESSAGES.FIND_ME_SOMETHING_SIMILAR}
            </a>
          ) : null}
          {live.sold && card.reserve_url ? (
            // In the reserve button's own box (the same class), so nothing moves.
            <p className="button vehicle__sold-now" role="status">
              {MESSAGES.SOLD}
            </p>
          ) : held ? (
            // In the reserve button's box too: a hold learnt after load moves nothing.
            <p className="button vehicle__reserved" role="status">
              {MESSAGES.RESERVED}
            </p>
          ) : card.reserve_url ? (
            <a className="button" href={card.reserve_url} ref={primaryReserve}>
              {MESSAGES.RESERVE_NOW}
            </a>
          ) : null}
          {widgets.buy_online_url && !held ? (
            <a
              className={`button button--secondary${live.sold ? ' vehicle__withdrawn' : ''}`}
              href={widgets.buy_online_url}
              aria-hidden={live.sold || undefined}
              tabIndex={live.sold ? -1 : undefined}
            >
              Buy Online
            </a>
          ) : null}
          {forms ? (
            <div className="form-openers">
              <FormDialogOpener
                label={forms.enquiry.label}
                url={forms.enquiry.url}
                className="button button--secondary"
                onOpen={opening(enquiry)}
                onIntent={carForms.load}
              />
              <FormDialogOpener
                label={forms.test_drive.label}
                url={forms.test_drive.url}
                className="button button--secondary"
                onOpen={opening(testDrive)}
                onIntent={carForms.load}
              />
              <FormDialogOpener
                label={forms.photo_request.label}
                url={forms.photo_request.url}
                className="link-button"
                onOpen={opening(photos)}
                onIntent={carForms.load}
              />
            </div>
          ) : null}
        </>
      )}
      {page.location ? (
        <p className="vehicle__location">
          {page.location.url ? (
            <a href={page.location.url}>{page.location.name}</a>
          ) : (
            page.location.name
          )}
        </p>
      ) : null}
      <SaveToggle car={favouriteOf(card)} saveable={card.saveable} className="vehicle__save" />
      {site.compare ? <CompareToggle car={favouriteOf(card)} className="vehicle__compare" /> : null}
      <ShareActions carName={card.name} carUrl={widgets.car_url} printUrl={widgets.print_url} />
      {page.assurances.history_report_url ? (
        <HistoryReportLink url={page.assurances.history_report_url} />
      ) : null}
      {page.phone && available ? (
        <CallBox phone={page.phone} ids={revealIds} car={cardCar(card)} />
      ) : null}
      {/* Last in the sidebar: the panel is known only after load and may be hidden then
          (too few comparables), and with nothing after it its going moves nothing. */}
      {widgets.price_comparison && available ? (
        <PriceComparison carPath={card.path} analysis={widgets.car_analysis} />
      ) : null}
    </aside>
  );
  return (
    <Layout site={site}>
      <StickyHeader
        card={card}
        thresholdPx={widgets.sticky_header_px}
        held={held || live.sold}
        primaryReserve={primaryReserve}
        bottomBarPx={available ? widgets.bottom_bar_px : null}
      />
      <Breadcrumbs crumbs={page.breadcrumbs} />
      {/* On a phone the page says what the car is and costs straight after the
          gallery, so the summary (the desktop sidebar) comes next in the markup and the
          calculators, specifications and delivery after it; on desktop a grid puts the
          summary beside the gallery and the details. */}
      <div className="vehicle">
        <div className="vehicle__media">
          <Viewer viewer={page.viewer} images={page.images} showThumbnails={page.show_thumbnails} />
        </div>
        {summary}
        <div className="vehicle__content">
          {page.key_information.length > 0 ? (
            <AccordionSection
              id="key-information"
              title={MESSAGES.KEY_INFORMATION}
              collapseMs={collapseMs}
            >
              <SpecRows rows={page.key_information} />
            </AccordionSection>
          ) : null}
          {page.rego_expiry ? (
            <p className="vehicle__rego">Registration: {page.rego_expiry}</p>
          ) : null}
          {/* Seed 001 s2's order: Key information, Our Comments, the certified, Reserve
              Online, Why Buy From Us and Protect Your Car sections, Car Summary, All
              Specifications. */}
          <DealerComments comments={page.comments} title={page.comments_title} />
          <Assurances view={page.assurances} />
          <CarSummary
            features={page.features}
            equipment={page.standard_equipment}
            collapseMs={collapseMs}
            title={page.summary_title}
          />
          {page.specifications.length > 0 ? (
            <AccordionSection
              id="all-specifications"
              title={MESSAGES.ALL_SPECIFICATIONS}
              collapseMs={collapseMs}
              initiallyOpen={false}
            >
              <SpecRows rows={page.specifications} />
            </AccordionSection>
          ) : null}
          {page.finance_estimate ? (
            <FinanceEstimate
              estimate={page.finance_estimate}
              enquireHref={page.finance_url}
              rateNote={rateNoteAt === 'estimate'}
            />
          ) : null}
          {page.finance_calculator ? (
            <FinanceCalculator
              view={page.finance_calculator}
              enquireHref={page.finance_url}
              rateNote={rateNoteAt === 'calculator'}
            />
          ) : null}
          {widgets.fuel ? <FuelCalculator start={widgets.fuel} /> : null}
          {widgets.delivery_calculator && available ? (
            <DeliveryCalculator
              location={widgets.delivery_location}
              enquireUrl={widgets.enquire_url}
              enquireLabel={widgets.enquire_label}
              onEnquire={forms ? opening(enquiry) : undefined}
              phone={page.phone}
              onCall={() => {
                trackEvent(EVENT_PHONE_CLICK, cardCar(card));
                if (page.phone?.masked) void logReveal(revealIds);
              }}
            />
          ) : null}
          {widgets.youx_quote ? (
            <YouxQuote
              view={widgets.youx_quote}
              enquireHref={page.finance_url}
              rateNote={rateNoteAt === 'quote'}
            />
          ) : null}
          {page.map ? <VehicleMap map={page.map} /> : null}
          {page.promo_banner ? <PromoBanner banner={page.promo_banner} /> : null}
        </div>
      </div>
      {available ? (
        <BottomBar
          card={card}
          thresholdPx={widgets.bottom_bar_px}
          held={held || live.sold}
          primaryReserve={primaryReserve}
          enquireUrl={widgets.enquire_url}
          enquireLabel={widgets.enquire_label}
          onEnquire={forms ? opening(enquiry) : undefined}
          messageUrl={widgets.message_url}
          phone={page.phone}
          onCall={() => {
            trackEvent(EVENT_PHONE_CLICK, cardCar(card));
            if (page.phone?.masked) void logReveal(revealIds);
          }}
        />
      ) : null}
      {dialogOf('enquiry', enquiry)}
      {dialogOf('test_drive', testDrive)}
      {dialogOf('photo_request', photos)}
      {page.similar_url ? (
        <SimilarCars
          url={page.similar_url}
          searchUrl={page.similar_search_url}
          title={page.similar_title}
          rateNote={rateNoteAt === 'similar'}
          stand={card}
        />
      ) : null}
    </Layout>
  );
}

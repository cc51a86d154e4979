import type { FormProps } from '../app/props';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CarCard } from '../components/car-card';
import { Layout } from '../components/layout';
import { FinanceCalculator } from '../features/finance/finance-calculator';
import { LeadForm } from '../features/forms/lead-form';
import { PartsOrderToggle } from '../features/forms/parts-order-toggle';
import { ServiceBooking } from '../features/forms/service-booking';
import { TradeInFlow } from '../features/forms/trade-in/trade-in-flow';
import { useTradeInCar } from '../features/forms/trade-in/trade-in-car';
import '../features/forms/forms.css';
import { Photo } from '../components/photo';

/** A form page: service booking, trade-in, parts order, finance, general enquiry, test drive or a car's reservation. */
export function FormPage({ site, page }: FormProps) {
  // A trade-in started from a car keeps it: once found, the form starts again (keyed by
  // the car) with the car and its location.
  const tradeIn = useTradeInCar(page);
  const tradeInCard = tradeIn.kind === 'ready' ? tradeIn.card : null;
  const tradeInPage = tradeIn.kind === 'ready' ? tradeIn.view : page;
  return (
    <Layout site={site}>
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <h1>{page.title}</h1>
      <div className="form-page">
        {page.car ? (
          <section className="form-page__car" aria-labelledby="reserve-car-name">
            {page.car.image ? (
              <Photo
                url={page.car.image.url}
                srcset={page.car.image.srcset}
                alt={page.car.image.alt}
                layout="small"
                priority
              />
            ) : null}
            <div>
              <h2 id="reserve-car-name">
                <a href={page.car.path}>{page.car.name}</a>
              </h2>
              <p className="form-page__car-price">
                {page.car.price_text}
                {page.car.price_type ? <span> {page.car.price_type}</span> : null}
              </p>
              {page.car.km_text ? <p>{page.car.km_text}</p> : null}
              {page.car.location_name ? <p>{page.car.location_name}</p> : null}
            </div>
          </section>
        ) : null}
        <p className="form-page__intro">{page.intro}</p>
        {page.calculator ? (
          <FinanceCalculator
            view={page.calculator}
            enquireHref={`#${page.form_id}`}
            amountParam="vehiclePriceBudget"
          />
        ) : null}
        {page.booking ? <ServiceBooking booking={page.booking} /> : null}
        {tradeInCard ? (
          <p className="form-page__towards">
            Trading in towards the <a href={tradeInCard.path}>{tradeInCard.name}</a>
            {tradeInCard.location_name ? ` at ${tradeInCard.location_name}` : ''}.
          </p>
        ) : null}
        {page.kind === 'trade_in' ? (
          // Dealers with online valuations get the valuation flow; it falls back to the form.
          <TradeInFlow
            key={tradeInCard ? tradeInCard.id : 'page'}
            view={tradeInPage}
            dealershipSlug={site.slug}
            renderEnquiry={(view) => <LeadForm view={view} dealershipSlug={site.slug} />}
          />
        ) : page.kind === 'parts_order' ? (
          <PartsOrderToggle>
            <LeadForm view={page} dealershipSlug={site.slug} />
          </PartsOrderToggle>
        ) : page.kind === 'finance_enquiry' && tradeInCard ? (
          // A car's finance (/personalised/finance?car_id=): its repayment and rates, and
          // the form with the car and its location filled in.
          <>
            <section className="form-page__finance-car" aria-label="The car you are financing">
              <CarCard car={tradeInCard} favourites={false} headingLevel={2} />
            </section>
            <LeadForm key={tradeInCard.id} view={tradeInPage} dealershipSlug={site.slug} />
          </>
        ) : (
          <LeadForm view={page} dealershipSlug={site.slug} />
        )}
      </div>
    </Layout>
  );
}

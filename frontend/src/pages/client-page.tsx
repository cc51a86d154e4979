import type { ClientProps } from '../app/props';
import { Layout } from '../components/layout';
import { GarageView } from '../features/account/garage-view';
import { JourneyView } from '../features/account/journey-view';
import { OnlinePaymentView } from '../features/account/online-payment-view';
import { PrintView } from '../features/account/print-view';
import { SignIn } from '../features/account/sign-in';
import { SuccessView } from '../features/account/success-view';
import { WatchlistView } from '../features/account/watchlist-view';

/** A client-only page: the layout, the heading, and the page's browser flow (what it
 *  shows depends on the shopper: their session, their saved cars, the form they sent). */
export function ClientPage({ site, page }: ClientProps) {
  let body;
  switch (page.shell) {
    case 'sign_in':
      body = <SignIn />;
      break;
    case 'watchlist':
      body = <WatchlistView searchPath={site.search_path} />;
      break;
    case 'my_garage':
      body = <GarageView searchPath={site.search_path} />;
      break;
    case 'success':
      body = <SuccessView searchPath={site.search_path} heading={page.title} />;
      break;
    case 'print':
      body = <PrintView />;
      break;
    case 'checkout_journey':
      body = <JourneyView terms={page.reserve_terms} />;
      break;
    case 'online_payment':
      body = <OnlinePaymentView terms={page.reserve_terms} searchPath={site.search_path} />;
      break;
  }
  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      <div className="client-page" data-shell={page.shell}>
        {body}
      </div>
      <noscript>
        <p>This page needs JavaScript.</p>
      </noscript>
    </Layout>
  );
}

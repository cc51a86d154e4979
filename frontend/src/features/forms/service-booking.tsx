import type { ServiceBookingView } from '../../types/generated/ServiceBookingView';

/** Online service booking beside the form: the dealer's booking frame, the seed's
 *  'no xtime url found' when the frame has no address, or a link to the maker's page. */
export function ServiceBooking({ booking }: { booking: ServiceBookingView }) {
  switch (booking.kind) {
    case 'embed':
      return (
        <div className="service-booking">
          <iframe
            className="service-booking__frame"
            src={booking.url}
            title={booking.title}
            loading="lazy"
          />
        </div>
      );
    case 'missing':
      return <p className="service-booking service-booking--missing">{booking.message}</p>;
    case 'external':
      return (
        <p className="service-booking">
          <a className="button button--secondary" href={booking.url} rel="noopener">
            {booking.label}
          </a>
        </p>
      );
  }
}

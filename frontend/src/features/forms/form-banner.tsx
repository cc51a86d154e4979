import type { Ref } from 'react';

/** The form-level error banner (seed 001 s5): 'Please fix the following errors:' or the
 *  server's message, then one line per problem. */
export interface Banner {
  heading: string;
  items: string[];
}

/** The banner as an alert the form moves focus to (`bannerRef`). */
export function FormBanner({
  banner,
  bannerRef,
}: {
  banner: Banner;
  bannerRef: Ref<HTMLDivElement>;
}) {
  return (
    <div className="form-banner" role="alert" tabIndex={-1} ref={bannerRef}>
      <p className="form-banner__heading">{banner.heading}</p>
      <ul>
        {banner.items.map((item, i) => (
          <li key={`${i}-${item}`}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

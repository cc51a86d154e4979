import type { SpinToWinProps } from '../app/props';
import { Breadcrumbs } from '../components/breadcrumbs';
import { Layout } from '../components/layout';
import { SpinEntry } from '../features/forms/spin/spin-entry';

/** The spin-to-win page (seed 001 s2): the dealer's prize wheel with every prize's odds,
 *  the entry form and the promotion's terms, all from the dealer's configuration. */
export function SpinToWinPage({ site, page }: SpinToWinProps) {
  return (
    <Layout site={site}>
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <h1>{page.title}</h1>
      {page.intro ? <p className="spin__intro">{page.intro}</p> : null}
      <SpinEntry view={page} />
      <section aria-labelledby="spin-terms-title" className="content-page__body">
        <h2 id="spin-terms-title">Promotion terms</h2>
        {/* From the Rust markdown subset, which escapes every character of the dealer's text. */}
        <div dangerouslySetInnerHTML={{ __html: page.terms_html }} />
      </section>
    </Layout>
  );
}

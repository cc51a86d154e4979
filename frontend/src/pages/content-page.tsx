import type { ContentProps } from '../app/props';
import { Layout } from '../components/layout';

/** A content page. `html` comes from the Rust markdown subset, which escapes every
 *  character of the dealer's text before adding its own tags; it is the only HTML the
 *  frontend inserts. */
export function ContentPage({ site, page }: ContentProps) {
  return (
    <Layout site={site}>
      <article className="content-page">
        <h1>{page.title}</h1>
        <div className="content-page__body" dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
    </Layout>
  );
}

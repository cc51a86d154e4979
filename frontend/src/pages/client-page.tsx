import type { ClientProps } from '../app/props';
import { Layout } from '../components/layout';

/** A client-only page shell: the layout and an accessible status region the browser
 *  flow of the page reports into. */
export function ClientPage({ site, page }: ClientProps) {
  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      <div id="client-status" role="status" aria-live="polite" className="client-status" data-shell={page.shell} />
      <noscript>
        <p>This page needs JavaScript.</p>
      </noscript>
      <p>
        <a href={site.search_path}>Browse our stock</a>
      </p>
    </Layout>
  );
}

import type { NotFoundProps } from '../app/props';
import { Layout } from '../components/layout';

/** The 404 page. */
export function NotFoundPage({ site, page }: NotFoundProps) {
  return (
    <Layout site={site}>
      <h1>{page.title}</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <ul>
        <li>
          <a href="/">Go to the home page</a>
        </li>
        <li>
          <a href={page.search_path}>Browse our stock</a>
        </li>
      </ul>
    </Layout>
  );
}

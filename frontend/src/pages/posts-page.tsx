import type { PostsProps } from '../app/props';
import { Breadcrumbs } from '../components/breadcrumbs';
import { Layout } from '../components/layout';
import { PostCards } from '../features/posts/post-cards';

/** A post index (/news, /blog, /blog/vehicle-reviews): the dealer's posts as promo cards. */
export function PostsPage({ site, page }: PostsProps) {
  return (
    <Layout site={site}>
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <h1>{page.title}</h1>
      <PostCards posts={page.posts} />
    </Layout>
  );
}

import type { PostCardView } from '../../types/generated/PostCardView';
import './posts.css';

/** Blog promo cards (seed 001 s9): the title, cut at 80 characters, links the post; a
 *  cut title keeps the full one as the link's accessible name. */
export function PostCards({ posts }: { posts: PostCardView[] }) {
  return (
    <ul className="post-cards">
      {posts.map((post) => (
        <li key={post.url} className="post-card">
          <h2 className="post-card__title">
            <a href={post.url} aria-label={post.full_title ?? undefined}>
              {post.title}
            </a>
          </h2>
          {post.description ? <p className="post-card__description">{post.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}

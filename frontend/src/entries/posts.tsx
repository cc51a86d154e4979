// Hydration entry of the "posts" page kind.
import { hydratePage } from '../app/hydrate';
import { PostsPage } from '../pages/posts-page';

hydratePage(PostsPage);

/** The page numbers a list links: every page of a short list, else the first, the last
 *  and those near the current one, so each page is a link or two from any other. */
function linkedPages(page: number, pages: number): number[] {
  if (pages <= 9) return Array.from({ length: pages }, (_, i) => i);
  const near = new Set([0, pages - 1]);
  for (let i = page - 2; i <= page + 2; i++) if (i >= 0 && i < pages) near.add(i);
  return [...near].sort((a, b) => a - b);
}

/** Previous and next page buttons with "Page n of m" (pages counted from 0). Given
 *  `hrefOf`, the pages are also numbered links with real addresses, in the server-rendered
 *  HTML too, so crawlers reach every page; a click still moves in place. */
export function Pagination({
  page,
  pages,
  onPage,
  hrefOf,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  hrefOf?: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <button
        type="button"
        className="button button--secondary"
        disabled={page <= 0}
        onClick={() => onPage(page - 1)}
      >
        Previous page
      </button>
      {hrefOf ? (
        <ol className="pagination__pages">
          {linkedPages(page, pages).map((n) => (
            <li key={n}>
              <a
                href={hrefOf(n)}
                aria-label={`Page ${n + 1}`}
                aria-current={n === page ? 'page' : undefined}
                rel={n === page - 1 ? 'prev' : n === page + 1 ? 'next' : undefined}
                onClick={(event) => {
                  // A plain click moves in place; a modified one opens the address.
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
                    return;
                  event.preventDefault();
                  onPage(n);
                }}
              >
                {n + 1}
              </a>
            </li>
          ))}
        </ol>
      ) : null}
      <span>
        Page {page + 1} of {pages}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </button>
    </nav>
  );
}

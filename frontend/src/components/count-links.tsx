import type { CountLink } from '../types/generated/CountLink';

/** Links as chips, each with the number of cars behind it. */
export function CountLinks({ links, label }: { links: CountLink[]; label?: string }) {
  return (
    <ul className="chip-list" aria-label={label}>
      {links.map((link) => (
        <li key={link.url}>
          <a className="chip" href={link.url}>
            {link.label} ({link.count})
          </a>
        </li>
      ))}
    </ul>
  );
}

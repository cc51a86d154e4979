import { useId, useState, type CSSProperties, type ReactNode } from 'react';

/** A collapsible page section (seed 000 s4/s9: open and close with a 300 ms animation).
 *  Open on the server so the content is in the static page; the heading button toggles
 *  it (long ones start closed); a closed panel is hidden from the keyboard and assistive tech once the
 *  animation ends. */
export function AccordionSection({
  title,
  collapseMs,
  children,
  id,
  initiallyOpen = true,
}: {
  title: string;
  collapseMs: number;
  children: ReactNode;
  id?: string;
  /** Long sections start closed, the same on the server and after hydration. */
  initiallyOpen?: boolean;
}) {
  const generated = useId();
  const base = id ?? generated;
  const [open, setOpen] = useState(initiallyOpen);
  const style = { '--collapse-ms': `${collapseMs}ms` } as CSSProperties;
  return (
    <section className="accordion" aria-labelledby={`${base}-title`} style={style}>
      <h2 className="accordion__heading" id={`${base}-title`}>
        <button
          type="button"
          className="accordion__toggle"
          aria-expanded={open}
          aria-controls={`${base}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          {title}
        </button>
      </h2>
      <div id={`${base}-panel`} className="accordion__panel" data-open={open}>
        <div className="accordion__inner">{children}</div>
      </div>
    </section>
  );
}

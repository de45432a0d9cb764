import type { ReactNode } from "react";

interface TableCardProps {
  /** The title's id: the card is a region named by its title. */
  titleId: string;
  title: string;
  /** A button beside the title. */
  action?: ReactNode;
  /** `teams-table-card`, a table from edge to edge; `stack teams-attempts`, the record's padded card. */
  className: string;
  children: ReactNode;
}

/** A card holding a table: its title, with a button beside it, above the table. */
export function TableCard({ titleId, title, action, className, children }: TableCardProps) {
  return (
    <section className={`card ${className}`} aria-labelledby={titleId}>
      <div className="row row-spread teams-table-head">
        <h2 id={titleId} className="section-title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

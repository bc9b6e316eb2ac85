import { ChevronRight } from "./icons";
import { Fragment } from "react";
import { Link } from "./link";

export interface Crumb {
  label: string;
  to?: string;
}

/** Ana Sayfa > … trail; the last crumb is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Sayfa yolu" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <Fragment key={`${item.label}-${index}`}>
            {index > 0 && <ChevronRight className="size-3.5" aria-hidden />}
            <li>
              {item.to && index < items.length - 1 ? (
                <Link to={item.to} className="hover:text-foreground">
                  {item.label}
                </Link>
              ) : (
                <span
                  aria-current={index === items.length - 1 ? "page" : undefined}
                  className="text-foreground"
                >
                  {item.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

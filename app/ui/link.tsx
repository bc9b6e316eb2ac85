import type { ComponentProps } from "react";
import { Link as RouterLink } from "react-router";

type LinkProps = ComponentProps<typeof RouterLink>;

/** An absolute path React Router resolves to itself: no `//`, no dot segment, no empty ? or #. */
function plainPath(to: string): boolean {
  return (
    to.charCodeAt(0) === 47 && // "/"
    !to.includes("//") &&
    !to.includes("/.") &&
    !to.includes("?#") &&
    !to.endsWith("?") &&
    !to.endsWith("#")
  );
}

/**
 * React Router's `Link`. On the server a link to an absolute path is written straight as the
 * `<a>` React Router would write (same href, same `data-discover`): the router's version resolves
 * the path and prepares its click handler through a dozen hooks, 5-12% of a cold render on
 * pages with many links, for an anchor whose handler never runs there. In the browser it is
 * always the router's `Link`, which hydrates onto that anchor and navigates on the client.
 */
export function Link(props: LinkProps) {
  if (typeof document !== "undefined" || typeof props.to !== "string" || !plainPath(props.to))
    return <RouterLink {...props} />;
  const {
    to,
    discover = "render",
    prefetch,
    relative,
    reloadDocument,
    replace,
    mask,
    state,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate,
    ...anchor
  } = props;
  if (prefetch && prefetch !== "none") return <RouterLink {...props} />;
  return <a {...anchor} href={to} data-discover={discover === "render" ? "true" : undefined} />;
}

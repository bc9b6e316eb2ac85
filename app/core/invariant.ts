import { data } from "react-router";

/**
 * Throws an HTTP error response (404 unless told otherwise) when the condition fails, so a
 * loader's data is always the page's data and the route's ErrorBoundary shows the error (the
 * Epic Stack's `invariantResponse`).
 */
export function invariantResponse(condition: unknown, status = 404): asserts condition {
  if (!condition) throw data(null, { status });
}

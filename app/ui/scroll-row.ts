/**
 * A horizontal row of cards (cast, similar titles, the dashboard's lists): on a phone it runs to
 * the screen's edges, its first card flush with the page's padding. The snap points honour that
 * padding (`scroll-px-4`): without it, snapping to the first card's start scrolls the row 16 px
 * as it opens and cuts the card. From `sm` up it sits inside the page's width.
 */
export const SCROLL_ROW =
  "-mx-4 flex snap-x gap-3 overflow-x-auto scroll-px-4 px-4 pb-2 sm:mx-0 sm:scroll-px-0 sm:px-0";

/** A choice in the watchlist menu, with JavaScript (Radix) and without (a plain form button). */
export const itemClass =
  "flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-left text-sm outline-none hover:bg-muted data-[highlighted]:bg-muted";

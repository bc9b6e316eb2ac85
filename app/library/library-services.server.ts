import type { AccountServices } from "~/accounts/account-services.server";
import type { Catalogue } from "~/catalogue/catalogue.server";
import type { CachedPages } from "~/core/cached-pages";

/** What the library domain needs: the accounts' services and the catalogue (titles must exist). */
export interface LibraryServices extends AccountServices {
  catalogue: Catalogue;
  pages: CachedPages;
}

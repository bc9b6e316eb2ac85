import type { AccountServices } from "~/accounts/account-services.server";
import type { Catalogue } from "~/catalogue/catalogue.server";
import type { ItemChanges } from "~/core/item-changes.server";

/** What the library domain needs: the accounts' services and the catalogue (titles must exist). */
export interface LibraryServices extends AccountServices {
  catalogue: Catalogue;
  /** Announces that an item's reviews or rating changed, so every copy of its pages goes. */
  changes: ItemChanges;
}

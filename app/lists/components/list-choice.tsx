import { formatCount } from "~/core/format";
import type { AddToListChoices } from "../add-to-list.server";

/** A list as the picker and the choices page name it: its name, its size, and if it is shared. */
export function ListChoiceLabel({ choice }: { choice: AddToListChoices["lists"][number] }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="block truncate font-medium">{choice.name}</span>
      <span className="block text-xs text-muted-foreground">
        {formatCount(choice.itemCount)} yapım
        {choice.role === "editor" && " · birlikte düzenliyorsunuz"}
      </span>
    </span>
  );
}

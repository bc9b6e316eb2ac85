import { expect } from "vitest";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrationsFolder } from "~/db/client.server";

/**
 * Copies of the migrations folder whose journal stops at a given migration, to build a database
 * as an older release left it and then migrate it to the end with the real folder.
 */
export function migrationFolders() {
  const folders: string[] = [];
  return {
    async upTo(tag: string): Promise<string> {
      const folder = await mkdtemp(path.join(tmpdir(), "perde-migrations-"));
      folders.push(folder);
      await cp(migrationsFolder, folder, { recursive: true });
      const journalPath = path.join(folder, "meta", "_journal.json");
      const journal = JSON.parse(await readFile(journalPath, "utf8")) as {
        entries: { tag: string }[];
      };
      const end = journal.entries.findIndex((entry) => entry.tag === tag);
      if (end < 0) throw new Error(`no migration ${tag}`);
      journal.entries = journal.entries.slice(0, end + 1);
      await writeFile(journalPath, JSON.stringify(journal));
      return folder;
    },
    async removeAll(): Promise<void> {
      for (const folder of folders) await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * What a table's rows must still be after migrating to the end: each as it was, column by column.
 * Later migrations may add columns (with defaults); none may change or drop what was there.
 */
export const asBefore = (rows: readonly unknown[]) =>
  rows.map((row) => expect.objectContaining(row as Record<string, unknown>) as unknown);

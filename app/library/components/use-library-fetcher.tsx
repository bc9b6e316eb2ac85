import { useEffect, useId, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/ui/toast";
import type { LibraryAnswer } from "../library-actions.server";

/*
 * The watchlist, review, diary, mark and social forms answer with a toast. The toast is not shown
 * by the form: the answer often takes the form away (a deleted review, a removed tile, a row that
 * moves on), and under load the router's update with the answer and the one with the revalidated
 * page land in one render, so the form's own effect never runs. Every form's fetcher key is
 * registered here instead, and `FormAnswerToasts` in the root keeps a listener on each key for as
 * long as the page is open: the listener outlives the form and reads the answer it left.
 */

const keys = new Set<string>();
const subscribers = new Set<() => void>();
let registered: readonly string[] = [];
const NONE: readonly string[] = [];
/** The answers already shown (by their `at`): a listener mounted later does not repeat one. */
const shown = new Set<number>();

function register(key: string) {
  if (keys.has(key)) return;
  keys.add(key);
  registered = [...keys];
  for (const notify of subscribers) notify();
}

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** A fetcher for a form whose answer becomes a toast. Forms given the same `key` share one. */
export function useLibraryFetcher(key?: string) {
  const own = useId();
  const fetcherKey = key ?? `answer${own}`;
  useEffect(() => register(fetcherKey), [fetcherKey]);
  return useFetcher<LibraryAnswer>({ key: fetcherKey });
}

/** In the root: a listener on every registered form's fetcher, which turns its answer into a toast. */
export function FormAnswerToasts() {
  const all = useSyncExternalStore(
    subscribe,
    () => registered,
    () => NONE,
  );
  return all.map((key) => <AnswerToast key={key} fetcherKey={key} />);
}

function AnswerToast({ fetcherKey }: { fetcherKey: string }) {
  const answer = useFetcher<LibraryAnswer>({ key: fetcherKey }).data;
  useEffect(() => {
    if (!answer?.message || shown.has(answer.at)) return;
    shown.add(answer.at);
    if (answer.ok) toast.success(answer.message, { id: `library-${answer.at}` });
    else toast.error(answer.message, { id: `library-${answer.at}` });
  }, [answer]);
  return null;
}

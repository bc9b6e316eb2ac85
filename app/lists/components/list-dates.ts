/** A list's last change as the pages show it: "26 Kasım 2026", in Turkey's time. */
const changedOn = new Intl.DateTimeFormat("tr-TR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Istanbul",
});

export const formatChangedOn = (date: Date) => changedOn.format(date);

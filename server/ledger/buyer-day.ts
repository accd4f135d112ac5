/** One formatter per zone: building one costs more than the rest of a lead's routing. */
const calendarDays = new Map<string, Intl.DateTimeFormat>();

/** The buyer's calendar day at `now`, YYYY-MM-DD: the key its daily cap, its sales and its statements are counted under. */
export function buyerDayKey(now: Date, timeZone: string): string {
  let calendarDay = calendarDays.get(timeZone);
  if (!calendarDay) {
    calendarDay = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    calendarDays.set(timeZone, calendarDay);
  }
  const monthDayYear = calendarDay.format(now); // "11/26/2026"
  return `${monthDayYear.slice(6)}-${monthDayYear.slice(0, 2)}-${monthDayYear.slice(3, 5)}`;
}

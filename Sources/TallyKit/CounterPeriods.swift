// The periods `tally stats` counts in are the toolkit's calendar periods (hours, days,
// weeks, months in local time, days beginning at a store's day start): MoneyKitPlatform's
// CalendarPeriod, written once for every report.

import MoneyKitPlatform

/// How `tally stats` groups a counter's events (see `CalendarPeriod`).
public typealias CounterPeriod = CalendarPeriod
